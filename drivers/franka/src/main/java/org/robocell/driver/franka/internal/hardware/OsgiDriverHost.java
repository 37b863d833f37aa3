package org.robocell.driver.franka.internal.hardware;

import java.util.Dictionary;
import java.util.Hashtable;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.robocell.driver.franka.api.FrankaRobot;

/** The driver's bundle as a Franka component's host: registers its FrankaRobot service, tells a stopping runtime. */
final class OsgiDriverHost implements DriverHost {

    private final BundleContext context;

    OsgiDriverHost(BundleContext context) {
        this.context = context;
    }

    @Override
    public Runnable announce(FrankaHardware hardware) {
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put(FrankaRobot.COMPONENT, hardware.name());
        ServiceRegistration<FrankaRobot> registration;
        try {
            registration = context.registerService(FrankaRobot.class, new FrankaRobotService(hardware), properties);
        } catch (IllegalStateException e) {
            return () -> {
            }; // the driver's bundle is stopping: nothing to announce
        }
        return () -> {
            try {
                registration.unregister();
            } catch (IllegalStateException e) {
                // already gone with the driver's bundle
            }
        };
    }

    @Override
    public boolean stopping() {
        try {
            return context.getBundle(0).getState() == Bundle.STOPPING
                    || context.getBundle().getState() == Bundle.STOPPING;
        } catch (IllegalStateException e) {
            return true; // the bundle context is no longer valid: the driver's bundle has stopped
        }
    }
}
