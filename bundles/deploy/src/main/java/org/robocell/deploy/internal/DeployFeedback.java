package org.robocell.deploy.internal;

import java.util.Hashtable;

import org.apache.felix.fileinstall.ArtifactListener;
import org.apache.felix.fileinstall.ArtifactUrlTransformer;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/**
 * deploy/ feedback: registers {@link BundleFiles} with FileInstall and routes FileInstall's log through
 * {@link FileInstallLog}, both reporting through one {@link Reporter}.
 */
@Component(immediate = true, service = {})
public final class DeployFeedback {

    /** Below FileInstall's configuration installer (ranking 0), which takes .cfg and .config files first. */
    static final int RANKING = -1000;

    private final ServiceRegistration<?> registration;
    private final FileInstallLog log;

    @Activate
    public DeployFeedback(BundleContext context) {
        DeployFolder folder = DeployFolder.of(context.getProperty("felix.fileinstall.dir"));
        Reporter reporter = new Reporter();
        log = new FileInstallLog(folder, reporter, new Problems(context, folder));
        log.install();
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(Constants.SERVICE_RANKING, RANKING);
        registration = context.registerService(
                new String[] { ArtifactUrlTransformer.class.getName(), ArtifactListener.class.getName() },
                new BundleFiles(reporter), props);
    }

    @Deactivate
    void deactivate() {
        try {
            registration.unregister();
        } catch (IllegalStateException alreadyGone) {
            // the framework is stopping
        }
        log.uninstall();
    }
}
