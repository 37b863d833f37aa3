package org.robocell.itests.hotswap.v1;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.function.LongBinaryOperator;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerContext;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.ReturnType;

/**
 * Version 1 of the hot-swap test controller (HotSwapTest packs it into its own bundle at test time): writes +0.1 to
 * the position command of the joint named by its parameter {@code joint}, and reports every write (the cycle's time
 * and the tag 1) to the test's recorder service.
 */
public final class Activator implements BundleActivator, ControllerFactory {

    static final double OUTPUT = 0.1;
    static final long TAG = 1;

    private volatile BundleContext context;

    @Override
    public void start(BundleContext bundleContext) {
        context = bundleContext;
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ControllerFactory.TYPE, "robocell_itests/HotSwap");
        bundleContext.registerService(ControllerFactory.class, this, props);
    }

    @Override
    public void stop(BundleContext bundleContext) {
        // the factory service goes after this; a robot may still ask it for an instance until it has seen that
    }

    @Override
    public Controller create(String type) {
        return new Writer(context);
    }

    static final class Writer implements Controller {
        private final BundleContext bundleContext;
        private String command;
        private CommandHandle out;
        private LongBinaryOperator recorder;

        Writer(BundleContext bundleContext) {
            this.bundleContext = bundleContext;
        }

        private ControllerContext controllerContext;

        @Override
        public CallbackReturn onInit(ControllerContext c) {
            controllerContext = c;
            return CallbackReturn.SUCCESS;
        }

        @Override
        public CallbackReturn onConfigure(org.robocell.api.lifecycle.LifecycleState previous) {
            command = controllerContext.parameters().getString("joint", "joint1") + "/position";
            return CallbackReturn.SUCCESS;
        }

        @Override
        public InterfaceConfiguration commandInterfaceConfiguration() {
            return InterfaceConfiguration.individual(List.of(command));
        }

        @Override
        public InterfaceConfiguration stateInterfaceConfiguration() {
            return InterfaceConfiguration.NONE;
        }

        @Override
        public CallbackReturn onActivate(Loans loans) {
            if (bundleContext.getBundle().getState() != org.osgi.framework.Bundle.ACTIVE) {
                return CallbackReturn.FAILURE; // made from a bundle that stopped since: not this code any more
            }
            out = loans.command(command);
            try {
                ServiceReference<?>[] refs = bundleContext.getServiceReferences(LongBinaryOperator.class.getName(),
                        "(robocell.itests=writes)");
                recorder = refs == null ? null : (LongBinaryOperator) bundleContext.getService(refs[0]);
            } catch (InvalidSyntaxException | IllegalStateException e) {
                return CallbackReturn.FAILURE;
            }
            return CallbackReturn.SUCCESS;
        }

        @Override
        public ReturnType update(double time, double period) {
            out.set(OUTPUT);
            LongBinaryOperator r = recorder;
            if (r != null) {
                r.applyAsLong(Double.doubleToRawLongBits(time), TAG);
            }
            return ReturnType.OK;
        }
    }
}
