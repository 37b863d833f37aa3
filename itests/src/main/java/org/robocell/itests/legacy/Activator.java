package org.robocell.itests.legacy;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerContext;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * A controller as an integrator wrote one before channels had owners (ChannelReloadTest packs it into bundles of its
 * own at test time, in two versions of the same code): it registers {@code <name>/out} without an owner in
 * {@code onConfigure}, so an instance of another version cannot be configured beside a running one, and it writes
 * {@code +0.2} to joint1's position command. {@link #UPDATES} counts the updates of this bundle's code (each bundle's
 * class loader has its own), so a test sees whether code of a bundle that went away still runs.
 */
public final class Activator implements BundleActivator, ControllerFactory {

    public static final String TYPE = "robocell_itests/Legacy";
    static final double OUTPUT = 0.2;

    /** Updates run by this class loader's code; written on the loop thread only. */
    public static volatile long UPDATES;

    private volatile BundleContext context;

    @Override
    public void start(BundleContext bundleContext) {
        context = bundleContext;
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ControllerFactory.TYPE, TYPE);
        bundleContext.registerService(ControllerFactory.class, this, props);
    }

    @Override
    public void stop(BundleContext bundleContext) {
    }

    @Override
    public Controller create(String type) {
        return new Writer(context);
    }

    static final class Writer implements Controller {
        private final BundleContext bundleContext;
        private ControllerContext controllerContext;
        private ChannelRegistry.Registration registration;
        private StateOutput out;
        private CommandHandle command;

        Writer(BundleContext bundleContext) {
            this.bundleContext = bundleContext;
        }

        @Override
        public CallbackReturn onInit(ControllerContext c) {
            controllerContext = c;
            return CallbackReturn.SUCCESS;
        }

        @Override
        public CallbackReturn onConfigure(LifecycleState previous) {
            ServiceReference<ChannelRegistry> ref = bundleContext.getServiceReference(ChannelRegistry.class);
            if (ref == null) {
                return CallbackReturn.FAILURE;
            }
            StateOutput channel = new StateOutput(controllerContext.name() + "/out", List.of("updates"));
            try {
                registration = bundleContext.getService(ref).register(channel.name(), channel);
            } catch (IllegalStateException taken) {
                return CallbackReturn.FAILURE;
            }
            out = channel;
            return CallbackReturn.SUCCESS;
        }

        @Override
        public InterfaceConfiguration commandInterfaceConfiguration() {
            return InterfaceConfiguration.individual(List.of("joint1/position"));
        }

        @Override
        public InterfaceConfiguration stateInterfaceConfiguration() {
            return InterfaceConfiguration.NONE;
        }

        @Override
        public CallbackReturn onActivate(Loans loans) {
            command = loans.command("joint1/position");
            return CallbackReturn.SUCCESS;
        }

        @Override
        public ReturnType update(double time, double period) {
            command.set(OUTPUT);
            long n = UPDATES + 1;
            UPDATES = n;
            out.beginWrite()[0] = n;
            out.endWrite();
            return ReturnType.OK;
        }

        @Override
        public CallbackReturn onCleanup(LifecycleState previous) {
            release();
            return CallbackReturn.SUCCESS;
        }

        @Override
        public CallbackReturn onShutdown(LifecycleState previous) {
            release();
            return CallbackReturn.SUCCESS;
        }

        private void release() {
            if (registration != null) {
                registration.close();
                registration = null;
            }
        }
    }
}
