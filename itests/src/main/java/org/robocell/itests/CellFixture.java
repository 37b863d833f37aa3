package org.robocell.itests;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.robocell.api.cell.ControllerManager;

/** A robot and controllers configured through ConfigAdmin, as a cell's .cfg files in deploy/ would. */
final class CellFixture {

    private final BundleContext context;
    private final ConfigurationAdmin configAdmin;

    CellFixture(BundleContext context, ConfigurationAdmin configAdmin) {
        this.context = context;
        this.configAdmin = configAdmin;
    }

    /**
     * The default cell's FR3 on mock hardware (position commands mirrored into states) instead of the Franka driver
     * its URDF names: these robots test the loop and the controllers, and one FCI robot serves one client only. As a
     * robot configuration's {@code hardware.plugins}.
     */
    static final String FR3_ON_MOCK = "FR3System=mock_components/GenericSystem";

    /** The FR3 of the runtime's default cell; run it on mock hardware with {@link #FR3_ON_MOCK}. */
    static String fr3Urdf() {
        return Path.of("../runtime/cell/fr3.urdf").toAbsolutePath().normalize().toString();
    }

    /** A robot at 1 kHz on the internal clock: factory configuration org.robocell.cell.robot. */
    Configuration robot(String name, Map<String, Object> extra) throws IOException {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("name", name);
        props.put("urdf", fr3Urdf());
        props.put("rate", 1000);
        props.put("clock", "internal");
        props.put("hardware.plugins", FR3_ON_MOCK);
        extra.forEach(props::put);
        return factory("org.robocell.cell.robot", name, props);
    }

    /** A controller declaration: factory configuration org.robocell.controller. */
    Configuration controller(String alias, Map<String, Object> props) throws IOException {
        return factory("org.robocell.controller", alias, new Hashtable<>(props));
    }

    private Configuration factory(String factoryPid, String alias, Dictionary<String, Object> props) throws IOException {
        Configuration c = configAdmin.getFactoryConfiguration(factoryPid, alias, "?");
        c.update(props);
        return c;
    }

    /** The robot's ControllerManager once its loop runs. */
    ControllerManager manager(String robot) throws InterruptedException {
        ControllerManager[] found = new ControllerManager[1];
        await(() -> {
            try {
                for (ServiceReference<ControllerManager> ref : context.getServiceReferences(ControllerManager.class,
                        "(" + ControllerManager.ROBOT + "=" + robot + ")")) {
                    found[0] = context.getService(ref);
                    return true;
                }
            } catch (InvalidSyntaxException e) {
                throw new IllegalStateException(e);
            }
            return false;
        }, "the ControllerManager of robot " + robot);
        return found[0];
    }

    /** Waits until the robot's ControllerManager is gone (after its configuration was deleted). */
    void awaitGone(String robot) throws InterruptedException {
        await(() -> {
            try {
                return context.getServiceReferences(ControllerManager.class, "(" + ControllerManager.ROBOT + "=" + robot + ")")
                        .isEmpty();
            } catch (InvalidSyntaxException e) {
                throw new IllegalStateException(e);
            }
        }, "robot " + robot + " gone");
    }

    /** Waits (bounded, 20 s) for an asynchronous effect. */
    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        await(condition, what, () -> "");
    }

    /** As {@link #await(BooleanSupplier, String)}, the failure naming what was last measured. */
    static void await(BooleanSupplier condition, String what, Supplier<String> measured) throws InterruptedException {
        for (int i = 0; i < 2000; i++) {
            if (condition.getAsBoolean()) {
                return;
            }
            Thread.sleep(10);
        }
        if (!condition.getAsBoolean()) {
            String last = measured.get();
            throw new AssertionError("timed out waiting for " + what + (last.isEmpty() ? "" : " (" + last + ")"));
        }
    }
}
