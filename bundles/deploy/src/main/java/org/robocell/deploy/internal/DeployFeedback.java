package org.robocell.deploy.internal;

import java.util.Hashtable;

import org.apache.felix.fileinstall.ArtifactListener;
import org.apache.felix.fileinstall.ArtifactUrlTransformer;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;
import org.osgi.framework.startlevel.FrameworkStartLevel;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * deploy/ feedback: registers {@link BundleFiles} with FileInstall and routes FileInstall's log through
 * {@link FileInstallLog}, both reporting through one {@link Reporter}; then lets FileInstall scan.
 * <p>
 * Letting it scan is raising the framework to {@code felix.fileinstall.active.level}: FileInstall scans only from that
 * level on, and the runtime's launcher puts FileInstall itself on that level (org.robocell.launch), so that it starts
 * here, after the bundles of level 1.
 */
@Component(immediate = true, service = {})
public final class DeployFeedback {

    /** Below FileInstall's configuration installer (ranking 0), which takes .cfg and .config files first. */
    static final int RANKING = -1000;
    static final String ACTIVE_LEVEL = "felix.fileinstall.active.level";

    private final ServiceRegistration<?> registration;
    private final FileInstallLog log;

    /**
     * Activated once ConfigurationAdmin is there as well: deploy/ opens when its {@code .cfg} files can be applied
     * (a configuration FileInstall saw before would wait a whole poll).
     */
    @Activate
    public DeployFeedback(BundleContext context, @Reference ConfigurationAdmin configurationsCanBeApplied) {
        DeployFolder folder = DeployFolder.of(context.getProperty("felix.fileinstall.dir"));
        Reporter reporter = new Reporter();
        log = new FileInstallLog(folder, reporter, new Problems(context, folder));
        log.install();
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(Constants.SERVICE_RANKING, RANKING);
        registration = context.registerService(
                new String[] { ArtifactUrlTransformer.class.getName(), ArtifactListener.class.getName() },
                new BundleFiles(reporter), props);
        openDeployFolder(context);
    }

    /**
     * FileInstall scans deploy/ only from the framework start level {@value #ACTIVE_LEVEL} names: raised here, once
     * FileInstall's messages come to this bundle, so that the files present at start are reported like later ones.
     */
    private static void openDeployFolder(BundleContext context) {
        String level = context.getProperty(ACTIVE_LEVEL);
        if (level == null || level.isBlank()) {
            return;
        }
        FrameworkStartLevel framework = context.getBundle(0).adapt(FrameworkStartLevel.class);
        try {
            int wanted = Integer.parseInt(level.trim());
            if (framework.getStartLevel() < wanted) {
                framework.setStartLevel(wanted);
            }
        } catch (NumberFormatException e) {
            Reporter.LOG.warning(ACTIVE_LEVEL + " must be a start level, got '" + level + "'; deploy/ is not scanned");
        }
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
