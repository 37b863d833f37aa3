package org.robocell.driver.franka.gripper.internal.hardware;

import java.util.Dictionary;
import java.util.Hashtable;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.robocell.driver.franka.gripper.api.FrankaGripper;

/** The driver's bundle as a Hand component's host: registers its FrankaGripper service. */
final class OsgiGripperHost implements GripperHost {

    private final BundleContext context;

    OsgiGripperHost(BundleContext context) {
        this.context = context;
    }

    @Override
    public Runnable announce(String component, FrankaGripper gripper) {
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put(FrankaGripper.COMPONENT, component);
        ServiceRegistration<FrankaGripper> registration;
        try {
            registration = context.registerService(FrankaGripper.class, gripper, properties);
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
}
