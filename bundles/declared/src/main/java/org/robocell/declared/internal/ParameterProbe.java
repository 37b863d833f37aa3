package org.robocell.declared.internal;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;

/**
 * Asks the code that serves a controller type about a parameter change before the running controller is touched:
 * a fresh instance from the factory the cell would pick (the one registered last), never initialized, answers
 * {@link org.robocell.api.controller.Controller#checkParameters} and is dropped.
 */
final class ParameterProbe implements Attempt.Checker {

    private final BundleContext context;
    private final List<ServiceReference<ControllerFactory>> factories = new CopyOnWriteArrayList<>();

    ParameterProbe(BundleContext context) {
        this.context = context;
    }

    void add(ServiceReference<ControllerFactory> ref) {
        factories.add(ref);
    }

    void remove(ServiceReference<ControllerFactory> ref) {
        factories.remove(ref);
    }

    /** The verdict of the type's code; accepted when no factory serves the type (the manager checks when set). */
    @Override
    public ParameterCheck check(String type, Parameters candidate) {
        ServiceReference<ControllerFactory> newest = null;
        for (ServiceReference<ControllerFactory> ref : factories) {
            if (Spec.list(ref.getProperty(ControllerFactory.TYPE)).contains(type)
                    && (newest == null || id(ref) > id(newest))) {
                newest = ref;
            }
        }
        if (newest == null) {
            return ParameterCheck.ACCEPTED;
        }
        ControllerFactory factory = context.getService(newest);
        if (factory == null) {
            return ParameterCheck.ACCEPTED;
        }
        try {
            return factory.create(type).checkParameters(candidate);
        } finally {
            context.ungetService(newest);
        }
    }

    private static long id(ServiceReference<?> ref) {
        return (Long) ref.getProperty(Constants.SERVICE_ID);
    }
}
