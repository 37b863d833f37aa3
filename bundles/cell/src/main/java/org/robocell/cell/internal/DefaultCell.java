package org.robocell.cell.internal;

import java.io.IOException;
import java.io.Reader;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;

import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.cm.ConfigurationEvent;
import org.osgi.service.cm.ConfigurationListener;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.condition.Condition;
import org.robocell.api.cell.ControllerManager;
import org.robocell.description.ControllersConfig;

/**
 * Creates the default cell when the framework property {@value #PROPERTY} names a folder (the runtime sets
 * {@code runtime/cell}) and no robot of the user's is configured: every {@code .cfg} file of the folder becomes a
 * configuration (one robot per {@code org.robocell.cell.robot-<name>.cfg}, and whatever else the cell needs, such
 * as the RSI emulator's {@code org.robocell.driver.kuka.rsi.emulator.cfg}). A folder without {@code .cfg} files (or
 * the property {@value #URDF_PROPERTY} set) gives one robot from {@code fr3.urdf} (or the file named by
 * {@value #URDF_PROPERTY}) and {@code controllers.yaml}, with every declared controller activated, as the named
 * factory configuration {@code org.robocell.cell.robot~default}.
 * <p>
 * Configurations survive restarts, so the folder's files are applied again at every start: each configuration the
 * default cell made carries {@value #SOURCE} (the file it came from) and is updated when the file's content
 * differs, deleted when the file is gone; configurations without it are the user's and are left alone.
 * <p>
 * A robot configuration of the user's with the PID of one of the default cell's (deploy/{@code
 * org.robocell.cell.robot-kr6.cfg}) overrides that robot; a robot of the user's under any other name replaces the
 * default cell, whose configurations are then deleted. Both take effect at a start and as soon as the user's file
 * is applied; when the user's file is deleted, the default cell's robot, or the whole default cell, comes back. A
 * robot file already in deploy/ counts before FileInstall has applied it ({@link PendingDeployRobots}), so that its
 * robot never starts first as the default cell has it.
 */
@Component(immediate = true, service = ConfigurationListener.class)
public final class DefaultCell implements ConfigurationListener {

    static final String PROPERTY = "robocell.cell.default";
    /**
     * The folder the user named with {@code --cell DIR} (org.robocell.launch sets it as a system property, made
     * absolute; {@code -Drobocell.cell.folder=DIR} too): it replaces {@value #PROPERTY}, and there is no fallback
     * to the embedded cell.
     */
    static final String FOLDER_PROPERTY = "robocell.cell.folder";
    static final String URDF_PROPERTY = "robocell.cell.default.urdf";
    static final String NAME_PROPERTY = "robocell.cell.default.name";
    /** On every configuration the default cell made: the file it came from. */
    static final String SOURCE = "robocell.cell.default.source";
    static final String DEPLOY_PROPERTY = "felix.fileinstall.dir";
    private static final System.Logger LOG = System.getLogger("org.robocell.cell");

    /** One configuration the default cell wants: {@code factoryPid} null for a singleton. */
    record Wanted(String pid, String factoryPid, String name, Dictionary<String, Object> properties, String what) {
    }

    /** Where the embedded default cell is written, relative to the working directory (beside state/config). */
    static final String UNPACKED = "state/default-cell";

    private final BundleContext context;
    private final ConfigurationAdmin configurationAdmin;
    /** The folder this start reads the default cell from, once chosen. */
    private Path chosen;

    /** The runtime's working directory: where a relative cell folder and the unpacked embedded cell are. */
    private final Path workingDirectory;

    /** {@link ControllerManager#CONFIGURATION_APPLIED}, registered once the files are applied at the start. */
    private ServiceRegistration<Condition> applied;

    @Activate
    public DefaultCell(BundleContext context, @Reference ConfigurationAdmin configurationAdmin) {
        this(context, configurationAdmin, Path.of(System.getProperty("user.dir", ".")));
        applied = context.registerService(Condition.class, Condition.INSTANCE,
                new Hashtable<>(Map.of(Condition.CONDITION_ID, ControllerManager.CONFIGURATION_APPLIED)));
    }

    @Deactivate
    void deactivate() {
        try {
            applied.unregister();
        } catch (IllegalStateException gone) {
            // unregistered with the bundle
        }
    }

    DefaultCell(BundleContext context, ConfigurationAdmin configurationAdmin, Path workingDirectory) {
        this.context = context;
        this.configurationAdmin = configurationAdmin;
        this.workingDirectory = workingDirectory;
        reconcile();
    }

    /**
     * A robot configuration that comes, changes or goes while the cell runs changes the default cell as a start
     * would. The default cell's own changes come back here too, and then change nothing.
     */
    @Override
    public void configurationEvent(ConfigurationEvent event) {
        if (RobotComponent.PID.equals(event.getFactoryPid())
                && (event.getType() == ConfigurationEvent.CM_DELETED || event.getType() == ConfigurationEvent.CM_UPDATED)) {
            reconcile();
        }
    }

    /** The default cell's configurations as its folder says, unless a robot of the user's replaces it. */
    synchronized void reconcile() {
        String named = context.getProperty(FOLDER_PROPERTY);
        String folder = named != null && !named.isBlank() ? named : context.getProperty(PROPERTY);
        if (folder == null || folder.isBlank()) {
            return;
        }
        try {
            Path base = cellFolder(folder.trim());
            List<Wanted> fromFiles = context.getProperty(URDF_PROPERTY) == null ? fromFiles(base) : List.of();
            List<Wanted> wanted = fromFiles.isEmpty() ? singleRobot(base, folder) : fromFiles;
            String replacement = userRobotBesides(configurationAdmin, wanted);
            Set<String> pending = PendingDeployRobots.pids(deployFolder());
            if (replacement == null) {
                replacement = pending.stream().filter(pid -> wanted.stream().noneMatch(w -> w.pid().equals(pid)))
                        .findFirst().orElse(null);
            }
            if (replacement != null) {
                deleteOwn(configurationAdmin, List.of(), "the user's robot " + replacement + " replaces the default cell");
                return;
            }
            // a robot of the cell that a deploy/ file configures is left to that file
            applyAll(configurationAdmin, wanted.stream().filter(w -> !pending.contains(w.pid())).toList(), pending);
        } catch (IOException | InvalidSyntaxException | RuntimeException e) {
            LOG.log(Level.ERROR, "default cell could not be configured: " + e.getMessage(), e);
        }
    }

    /** FileInstall's folder, relative to the working directory; null when the runtime watches none. */
    private Path deployFolder() {
        String dir = context.getProperty(DEPLOY_PROPERTY);
        return dir == null || dir.isBlank() ? null : workingDirectory.resolve(dir.trim());
    }

    /**
     * The folder the default cell is read from: {@code folder} relative to the working directory when it is there,
     * otherwise the cell this bundle carries (the runtime's {@code runtime/cell}), written to {@value #UNPACKED}
     * in the working directory. Said once, at the first look, so the log tells which cell runs.
     */
    private Path cellFolder(String folder) throws IOException {
        Path given = workingDirectory.resolve(folder).normalize();
        Path chosen = this.chosen;
        if (chosen != null) {
            return chosen;
        }
        boolean named = context.getProperty(FOLDER_PROPERTY) != null;
        List<java.net.URL> embedded = named ? List.of() : EmbeddedCell.files(context.getBundle());
        if (named && !Files.isDirectory(given)) {
            throw new IOException("the cell folder " + given + " (" + FOLDER_PROPERTY + ", --cell) is not there");
        }
        if (Files.isDirectory(given) || embedded.isEmpty()) {
            chosen = given;
            LOG.log(Level.INFO, "cell: runs from the folder {0}", given);
        } else {
            chosen = EmbeddedCell.unpack(embedded, workingDirectory.resolve(UNPACKED));
            LOG.log(Level.INFO, "cell: runs the default cell embedded in the runtime (no folder {0} in {1}),"
                    + " unpacked to {2}", folder, workingDirectory, UNPACKED);
        }
        this.chosen = chosen;
        return chosen;
    }

    /**
     * Applies the folder's {@code .cfg} files, as {@link #reconcile} does when no robot of the user's replaces them.
     *
     * @return whether the folder had any .cfg file
     */
    static boolean configureFolder(ConfigurationAdmin admin, Path base) throws IOException {
        List<Wanted> wanted = fromFiles(base);
        if (!wanted.isEmpty()) {
            applyAll(admin, wanted, Set.of());
        }
        return !wanted.isEmpty();
    }

    /**
     * One configuration per {@code .cfg} file of the folder, named the way FileInstall names them in deploy/:
     * {@code <factory pid>-<name>.cfg} is the factory configuration {@code <factory pid>~<name>}, {@code <pid>.cfg}
     * the configuration {@code <pid>}. In robot configurations, relative {@code urdf}, {@code controllers} and
     * {@code package.path} paths resolve against the folder.
     */
    static List<Wanted> fromFiles(Path base) throws IOException {
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(base)) {
            try (Stream<Path> s = Files.list(base)) {
                s.filter(f -> f.getFileName().toString().endsWith(".cfg") && Files.isRegularFile(f)).sorted()
                        .forEach(files::add);
            }
        }
        List<Wanted> wanted = new ArrayList<>();
        for (Path f : files) {
            String stem = f.getFileName().toString().replaceFirst("\\.cfg$", "");
            Properties p = new Properties();
            try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
                p.load(r);
            }
            int dash = stem.indexOf('-');
            String pid = dash < 0 ? stem : stem.substring(0, dash);
            Dictionary<String, Object> props = new Hashtable<>();
            props.put(SOURCE, f.toString());
            for (String key : p.stringPropertyNames()) {
                String value = p.getProperty(key).trim();
                if (pid.equals(RobotComponent.PID) && (key.equals("urdf") || key.equals("controllers"))
                        && !value.isEmpty() && !Path.of(value).isAbsolute()) {
                    value = base.resolve(value).normalize().toString();
                }
                if (pid.equals(RobotComponent.PID) && key.equals("package.path")) {
                    value = resolveEach(base, value);
                }
                props.put(key, value);
            }
            String label = (dash < 0 ? pid : pid + "~" + stem.substring(dash + 1)) + " from " + f;
            wanted.add(dash < 0 ? new Wanted(pid, null, null, props, label)
                    : new Wanted(pid + "~" + stem.substring(dash + 1), pid, stem.substring(dash + 1), props, label));
        }
        return wanted;
    }

    /** Comma-separated paths, the relative ones resolved against {@code base}. */
    private static String resolveEach(Path base, String paths) {
        List<String> out = new ArrayList<>();
        for (String p : paths.split(",")) {
            String t = p.trim();
            if (!t.isEmpty()) {
                out.add(Path.of(t).isAbsolute() ? t : base.resolve(t).normalize().toString());
            }
        }
        return String.join(",", out);
    }

    /** The default URDF last reported missing, so the warning is given once. */
    private volatile Path reportedMissingUrdf;

    /** The one robot of {@code fr3.urdf} (or the named URDF) and {@code controllers.yaml}; none without the URDF. */
    private List<Wanted> singleRobot(Path base, String folder) throws IOException {
        String urdfName = orDefault(context.getProperty(URDF_PROPERTY), "fr3.urdf");
        Path urdf = base.resolve(urdfName);
        Path controllers = base.resolve("controllers.yaml");
        if (!Files.isRegularFile(urdf)) {
            // said once: the cell looks again at every configuration event
            if (!urdf.equals(reportedMissingUrdf)) {
                reportedMissingUrdf = urdf;
                LOG.log(Level.WARNING, "default cell: no {0} (from {1}={2}, working directory {3}); no robot"
                        + " configured", urdf, PROPERTY, folder, workingDirectory);
            }
            return List.of();
        }
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(SOURCE, urdf.toString());
        String name = orDefault(context.getProperty(NAME_PROPERTY), urdfName.replaceFirst("\\.urdf$", ""));
        props.put("name", name);
        props.put("urdf", urdf.toString());
        if (Files.isRegularFile(controllers)) {
            props.put("controllers", controllers.toString());
            props.put("activate", ControllersConfig.parse(controllers).controllers().keySet().toArray(new String[0]));
        }
        return List.of(new Wanted(RobotComponent.PID + "~default", RobotComponent.PID, "default", props,
                "robot " + name + " from " + base));
    }

    /** A robot configuration of the user's that is not one of {@code wanted} (which it would override), or null. */
    private static String userRobotBesides(ConfigurationAdmin admin, List<Wanted> wanted)
            throws IOException, InvalidSyntaxException {
        Configuration[] robots = admin.listConfigurations(
                "(&(service.factoryPid=" + RobotComponent.PID + ")(!(" + SOURCE + "=*)))");
        for (Configuration c : robots == null ? new Configuration[0] : robots) {
            if (wanted.stream().noneMatch(w -> w.pid().equals(c.getPid()))) {
                return c.getPid();
            }
        }
        return null;
    }

    /** Creates or updates each wanted configuration, then deletes the default cell's others. */
    private static void applyAll(ConfigurationAdmin admin, List<Wanted> wanted, Set<String> leftToDeploy)
            throws IOException {
        List<String> applied = new ArrayList<>(leftToDeploy);
        for (Wanted w : wanted) {
            Configuration c = w.factoryPid() == null ? admin.getConfiguration(w.pid(), "?")
                    : admin.getFactoryConfiguration(w.factoryPid(), w.name(), "?");
            applied.add(c.getPid());
            if (apply(c, w.properties())) {
                LOG.log(Level.INFO, "default cell: {0}", w.what());
            }
        }
        deleteOwn(admin, applied, "its file is gone");
    }

    /**
     * Creates the configuration, or updates it when the default cell made it and its file now says something else.
     *
     * @return whether it was created or updated
     */
    private static boolean apply(Configuration c, Dictionary<String, Object> wanted) throws IOException {
        Dictionary<String, Object> current = c.getProperties();
        if (current != null && (current.get(SOURCE) == null || same(current, wanted))) {
            return false; // the user's own, or unchanged
        }
        c.update(wanted);
        return true;
    }

    private static boolean same(Dictionary<String, Object> current, Dictionary<String, Object> wanted) {
        int own = 0;
        for (Enumeration<String> keys = current.keys(); keys.hasMoreElements();) {
            String key = keys.nextElement();
            if (key.startsWith("service.") || key.startsWith(":")) {
                continue; // ConfigAdmin's own
            }
            own++;
            if (!Objects.deepEquals(current.get(key), wanted.get(key))) {
                return false;
            }
        }
        return own == wanted.size();
    }

    /** Deletes the configurations the default cell made, except {@code keep}. */
    private static void deleteOwn(ConfigurationAdmin admin, List<String> keep, String why) throws IOException {
        Configuration[] own;
        try {
            own = admin.listConfigurations("(" + SOURCE + "=*)");
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
        for (Configuration c : own == null ? new Configuration[0] : own) {
            if (!keep.contains(c.getPid())) {
                LOG.log(Level.INFO, "default cell: {0} deleted ({1})", c.getPid(), why);
                c.delete();
            }
        }
    }

    private static String orDefault(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value.trim();
    }
}
