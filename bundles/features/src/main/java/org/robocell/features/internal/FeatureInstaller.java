package org.robocell.features.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.cm.ConfigurationEvent;
import org.osgi.service.cm.ConfigurationListener;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.robocell.api.cell.ControllerManager;

/**
 * Installs a feature of the runtime when something calls for it: a configuration for one of its PIDs (already in
 * ConfigAdmin's state/config at start, or created later: a deploy/ file, a tool), or a robot whose URDF names a
 * hardware plugin the feature's driver serves ({@link ControllerManager#MISSING_PLUGINS}) or whose controllers file
 * declares a controller type the feature provides ({@link ControllerManager#MISSING_CONTROLLER_TYPES}). Until then its bundles are
 * not in the framework, and a start neither copies nor resolves them. Installing happens on a thread of its own: the
 * thread that reports (ConfigAdmin's, a robot's) never waits for it. A feature stays installed when what called for it
 * goes: its components stop serving without a configuration, as they would have with the bundles there from the start.
 */
@Designate(ocd = FeatureInstaller.Config.class)
@Component(configurationPid = FeatureInstaller.PID, service = ConfigurationListener.class, immediate = true)
public final class FeatureInstaller implements ConfigurationListener {

    static final String PID = "org.robocell.features";
    private static final System.Logger LOG = System.getLogger("org.robocell.features");

    @ObjectClassDefinition(name = "RoboCell features",
            description = "Optional parts of the runtime, installed when their configuration, their driver's"
                    + " plugin or their controller type is first called for")
    public @interface Config {
        @AttributeDefinition(name = "Source", description = "a jar or folder with features/<name>/feature.properties"
                + " and the feature's bundle jars; empty: the runtime jar the JVM was started with")
        String source() default "";
    }

    private final BundleContext context;
    private final FeatureCatalogue catalogue;
    /** Features whose bundles are all installed and started. */
    private final Set<String> done = ConcurrentHashMap.newKeySet();
    private volatile boolean stopping;
    private final ExecutorService installer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "robocell-features");
        t.setDaemon(true);
        return t;
    });

    @Activate
    public FeatureInstaller(BundleContext context, Config config, @Reference ConfigurationAdmin admin) {
        this.context = context;
        this.catalogue = catalogue(config.source());
        for (FeatureCatalogue.Feature f : catalogue.features()) {
            String pid = configuredPid(admin, f);
            if (pid != null) {
                install(f, "the configuration " + pid);
            }
        }
    }

    @Deactivate
    void deactivate() {
        stopping = true;
        installer.shutdownNow();
    }

    /** The runtime stops: a feature not installed by then is not missed, and its bundles' refusals say nothing. */
    private boolean runtimeStopping() {
        if (stopping) {
            return true;
        }
        try {
            return context.getBundle(0).getState() == Bundle.STOPPING;
        } catch (IllegalStateException gone) {
            return true;
        }
    }

    @Override
    public void configurationEvent(ConfigurationEvent event) {
        if (event.getType() != ConfigurationEvent.CM_UPDATED) {
            return;
        }
        for (FeatureCatalogue.Feature f : catalogue.features()) {
            if (f.calledFor(event.getPid()) || f.calledFor(event.getFactoryPid())) {
                install(f, "the configuration " + (event.getFactoryPid() != null ? event.getFactoryPid() : event.getPid()));
            }
        }
    }

    /** A robot, as it comes and each time what it waits for changes. */
    @Reference(service = ControllerManager.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, updated = "robotChanged", unbind = "robotRemoved")
    void robotAdded(Map<String, Object> properties) {
        robotChanged(properties);
    }

    void robotChanged(Map<String, Object> properties) {
        if (catalogue == null) {
            return; // DS binds this reference after the constructor, which reads the catalogue
        }
        Object robot = properties.get(ControllerManager.ROBOT);
        if (properties.get(ControllerManager.MISSING_PLUGINS) instanceof String[] plugins) {
            for (String plugin : plugins) {
                for (FeatureCatalogue.Feature f : catalogue.features()) {
                    if (f.serves(plugin)) {
                        install(f, "the hardware plugin " + plugin + " of robot " + robot);
                    }
                }
            }
        }
        if (properties.get(ControllerManager.MISSING_CONTROLLER_TYPES) instanceof String[] types) {
            for (String type : types) {
                for (FeatureCatalogue.Feature f : catalogue.features()) {
                    if (f.provides(type)) {
                        install(f, "the controller type " + type + " of robot " + robot);
                    }
                }
            }
        }
    }

    void robotRemoved(Map<String, Object> properties) {
        // a feature stays installed
    }

    private void install(FeatureCatalogue.Feature feature, String calledFor) {
        if (done.contains(feature.name())) {
            return;
        }
        try {
            installer.execute(() -> installNow(feature, calledFor));
        } catch (RejectedExecutionException stopping) {
            // the component is going away with the runtime
        }
    }

    private void installNow(FeatureCatalogue.Feature feature, String calledFor) {
        if (done.contains(feature.name()) || runtimeStopping()) {
            return;
        }
        FeatureBundles.Outcome o = FeatureBundles.install(context, catalogue, feature);
        if (!o.complete() && runtimeStopping()) {
            LOG.log(Level.DEBUG, "feature {0} (for {1}): not installed, the runtime stops: {2}", feature.name(),
                    calledFor, o.problems());
        } else if (o.complete()) {
            done.add(feature.name());
            String installed = o.installed().isEmpty() ? "no bundle installed"
                    : o.installed().size() + (o.installed().size() == 1 ? " bundle" : " bundles") + " installed from "
                            + catalogue.source().getFileName();
            LOG.log(Level.INFO, "feature {0}: started for {1} ({2}{3})", feature.name(), calledFor, installed,
                    o.present().isEmpty() ? "" : "; already there: " + String.join(", ", o.present()));
        } else {
            for (String problem : o.problems()) {
                LOG.log(Level.ERROR, "feature " + feature.name() + " (for " + calledFor + "): " + problem
                        + "; it is tried again when that changes");
            }
        }
    }

    /** The first PID of the feature that has a configuration, or null. */
    private static String configuredPid(ConfigurationAdmin admin, FeatureCatalogue.Feature f) {
        for (String pid : f.pids()) {
            try {
                Configuration[] c = admin.listConfigurations("(|(service.pid=" + pid + ")(service.factoryPid=" + pid + "))");
                if (c != null && c.length > 0) {
                    return pid;
                }
            } catch (IOException | InvalidSyntaxException e) {
                LOG.log(Level.WARNING, "feature " + f.name() + ": the configurations of " + pid + " could not be"
                        + " listed: " + e.getMessage());
            }
        }
        return null;
    }

    /**
     * The catalogue of the source configured, else of the runtime jar: the class path when it is one jar (as
     * {@code java -jar robocell.jar} starts). Anything else has no features (a framework launched by a test runner).
     */
    private static FeatureCatalogue catalogue(String configured) {
        String source = configured == null || configured.isBlank() ? runtimeJar() : configured.trim();
        if (source == null) {
            return FeatureCatalogue.empty();
        }
        try {
            return FeatureCatalogue.read(Path.of(source));
        } catch (IOException | InvalidPathException e) {
            LOG.log(Level.ERROR, "features: " + e.getMessage() + "; no feature can be installed"
                    + (configured == null || configured.isBlank() ? "" : " (" + PID + ": source)"));
            return FeatureCatalogue.empty();
        }
    }

    private static String runtimeJar() {
        String classPath = System.getProperty("java.class.path", "");
        if (classPath.isEmpty() || classPath.contains(java.io.File.pathSeparator) || !classPath.endsWith(".jar")
                || !Files.isRegularFile(Path.of(classPath))) {
            return null;
        }
        return classPath;
    }
}
