package org.robocell.launch;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.SynchronousBundleListener;
import org.osgi.framework.startlevel.BundleStartLevel;

/**
 * Puts FileInstall, which watches deploy/, on bundle start level {@value #LEVEL}: it starts when org.robocell.deploy
 * raises the framework to that level, once deploy/'s reporting is in place and ConfigurationAdmin is there.
 * <p>
 * Started in the framework's own start (level 1), FileInstall's watcher sleeps its first poll holding FileInstall's
 * lock (FileInstall 3.7.4, {@code DirectoryWatcher.run}), and ConfigurationAdmin's registration, later in the same
 * start, waited for that lock in FileInstall's tracker: about 300 ms of every start of the runtime, before any robot
 * could be configured. Started after ConfigurationAdmin, FileInstall finds it at once and nothing waits for its
 * watcher.
 */
public final class FileInstallStartsLast implements BundleActivator {

    /** Read by bnd's launcher: start this activator right after the framework is initialised. */
    public static final String IMMEDIATE = "AFTER_FRAMEWORK_INIT";

    static final String FILE_INSTALL = "org.apache.felix.fileinstall";
    /** felix.fileinstall.active.level, the level org.robocell.deploy raises the framework to. */
    static final int LEVEL = 2;

    private final SynchronousBundleListener listener = FileInstallStartsLast::placeFileInstall;

    @Override
    public void start(BundleContext context) {
        context.addBundleListener(listener);
    }

    static void placeFileInstall(BundleEvent event) {
        Bundle bundle = event.getBundle();
        if ((event.getType() == BundleEvent.INSTALLED || event.getType() == BundleEvent.UPDATED)
                && FILE_INSTALL.equals(bundle.getSymbolicName())) {
            bundle.adapt(BundleStartLevel.class).setStartLevel(LEVEL);
        }
    }

    @Override
    public void stop(BundleContext context) {
        context.removeBundleListener(listener);
    }
}
