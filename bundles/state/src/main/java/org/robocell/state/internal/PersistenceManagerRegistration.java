package org.robocell.state.internal;

import java.io.IOException;
import java.util.Dictionary;
import java.util.Hashtable;

import org.apache.felix.cm.PersistenceManager;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;

/**
 * Registers the {@link AtomicFilePersistenceManager} on a thread of its own. ConfigAdmin starts when it appears and
 * hands each stored configuration to the components that wait for one (the robots, the emulators), on the thread that
 * registered it. On the framework's start thread that work came before the shell at every start but the first (a
 * first start has no stored configuration; the default cell creates them after): 60–160 ms of the start
 * (BENCHMARKS.md). On this thread the shell is ready while it runs; the shell's robot commands wait until ConfigAdmin
 * is there and the default cell has applied its files (the condition {@code robocell.configuration.applied}), then for the
 * robots, as they do at a first start.
 */
@Component(service = {}, immediate = true, configurationPolicy = ConfigurationPolicy.IGNORE)
public final class PersistenceManagerRegistration {

    private static final long STOP_WAIT_MILLIS = 5_000;

    private final Thread registering;
    private volatile boolean stopped;
    private volatile ServiceRegistration<PersistenceManager> registration;

    @Activate
    public PersistenceManagerRegistration(BundleContext context) throws IOException {
        // the folder is made and checked here: a state folder that cannot be used fails the activation, named
        AtomicFilePersistenceManager manager = new AtomicFilePersistenceManager(context);
        registering = new Thread(() -> register(context, manager), "robocell-config-start");
        registering.setDaemon(true);
        registering.start();
    }

    private void register(BundleContext context, AtomicFilePersistenceManager manager) {
        if (stopped) {
            return;
        }
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put(PersistenceManager.PROPERTY_NAME, AtomicFilePersistenceManager.NAME);
        properties.put(Constants.SERVICE_DESCRIPTION, "RoboCell atomic file persistence (state/config)");
        try {
            registration = context.registerService(PersistenceManager.class, manager, properties);
        } catch (IllegalStateException stopping) {
            // the bundle stopped before the thread ran
        }
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        stopped = true;
        registering.join(STOP_WAIT_MILLIS);
        ServiceRegistration<PersistenceManager> r = registration;
        if (r != null) {
            try {
                r.unregister();
            } catch (IllegalStateException gone) {
                // unregistered with the bundle
            }
        }
    }
}
