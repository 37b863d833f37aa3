package org.robocell.itests.failing;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/** The activator of a bundle that never starts (DeployFeedbackTest packs it into a jar dropped into deploy/). */
public final class Activator implements BundleActivator {

    @Override
    public void start(BundleContext context) {
        throw new IllegalStateException("this activator always fails");
    }

    @Override
    public void stop(BundleContext context) {
    }
}
