package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.framework.wiring.FrameworkWiring;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.io.Channel;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.api.trajectory.FollowJointTrajectory;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;

/**
 * Reload and bundle removal of controllers that own channels, in the real framework with the real bundles: the
 * default cell's FR3 (mock driver, 1 kHz) runs the joint state broadcaster and the trajectory controller; new
 * versions of their bundles (the same code under a higher {@code Bundle-Version}) are installed beside them and the
 * controllers reloaded while a trajectory executes. A probe controller counts its updates against the loop's cycle
 * counter throughout, so a cycle without the controllers would show.
 */
class ChannelReloadTest {

    private static final String ROBOT = "chreload";
    private static final String JSB = "joint_state_broadcaster";
    private static final String JTC = "joint_trajectory_controller";
    private static final List<String> JOINTS = List.of("joint1", "joint2", "joint3", "joint4", "joint5", "joint6", "joint7");

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    @InjectService(timeout = 10_000)
    ChannelRegistry channels;

    private Configuration robot;
    private ControllerManager m;
    private final Probe probe = new Probe();
    private long probeFrom;
    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private final List<Bundle> installed = new ArrayList<>();
    private final List<String> cellLog = Collections.synchronizedList(new ArrayList<>());
    private final Logger cellLogger = Logger.getLogger("org.robocell.cell");
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            cellLog.add(new java.util.logging.SimpleFormatter().formatMessage(r));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    /** Counts its updates; loop thread only. Reads joint1's position for the hold checks. */
    static final class Probe implements Controller {
        volatile long updates;
        volatile double joint1 = Double.NaN;
        private StateHandle in;

        @Override
        public InterfaceConfiguration commandInterfaceConfiguration() {
            return InterfaceConfiguration.NONE;
        }

        @Override
        public InterfaceConfiguration stateInterfaceConfiguration() {
            return InterfaceConfiguration.individual(List.of("joint1/position"));
        }

        @Override
        public CallbackReturn onActivate(Loans loans) {
            in = loans.state("joint1/position");
            return CallbackReturn.SUCCESS;
        }

        @Override
        public ReturnType update(double time, double period) {
            joint1 = in.get();
            updates = updates + 1;
            return ReturnType.OK;
        }
    }

    @BeforeEach
    void startTheFr3WithItsBroadcasterAndTrajectoryController() throws Exception {
        cellLogger.addHandler(capture);
        registrations.add(context.registerService(ControllerFactory.class, type -> probe,
                new Hashtable<>(Map.of(ControllerFactory.TYPE, "robocell_itests/ReloadProbe"))));
        robot = configAdmin.getFactoryConfiguration("org.robocell.cell.robot", ROBOT, "?");
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("name", ROBOT);
        props.put("urdf", CellFixture.fr3Urdf());
        props.put("hardware.plugins", CellFixture.FR3_ON_MOCK);
        props.put("controllers", Path.of("../runtime/cell/controllers.yaml").toAbsolutePath().normalize().toString());
        props.put("rate", 1000);
        props.put("clock", "internal");
        props.put("activate", JSB + "," + JTC);
        robot.update(props);
        m = new CellFixture(context, configAdmin).manager(ROBOT);
        for (String c : List.of(JSB, JTC)) {
            CellFixture.await(() -> m.controller(c).map(s -> s.state() == LifecycleState.ACTIVE).orElse(false), c + " active");
        }
        CellFixture.await(() -> m.types().contains("robocell_itests/ReloadProbe"), "the probe type");
        assertTrue(m.load("probe", "robocell_itests/ReloadProbe").ok());
        assertTrue(m.configure("probe").ok());
        SwitchResult on = m.switchControllersAndWait(List.of("probe"), List.of(), Strictness.STRICT, 0);
        assertTrue(on.ok(), on.message());
        probeFrom = on.cycle();
    }

    @AfterEach
    void stopTheRobot() throws Exception {
        cellLogger.removeHandler(capture);
        robot.delete();
        new CellFixture(context, configAdmin).awaitGone(ROBOT);
        for (Bundle b : installed) {
            if (b.getState() != Bundle.UNINSTALLED) {
                b.uninstall();
            }
        }
        registrations.forEach(ServiceRegistration::unregister);
    }

    @Test
    void theBroadcasterAndTheTrajectoryControllerReloadWhileATrajectoryRunsAndTheirChannelsFlowFromTheNewInstances()
            throws Exception {
        StateOutput states = channels.find(JSB + "/joint_states", StateOutput.class).orElseThrow();
        assertSame(states, channels.find(ROBOT + "/joint_states").or(() -> channels.find("joint_states")).orElseThrow(),
                "the short name leads to the same channel");
        FollowJointTrajectory action = channels.find(JTC + "/follow_joint_trajectory", FollowJointTrajectory.class).orElseThrow();
        GoalHandle goal = action.submit(TrajectoryGoal.of(JointTrajectory.startingNow(JOINTS, List.of(
                TrajectoryPoint.positions(3.0, 0.5, -0.5, 0.2, -2.0, 0.1, 1.7, 0.9)))));
        CellFixture.await(() -> goal.status() == GoalStatus.EXECUTING, "the trajectory executing");
        long cyclesBefore = m.stats().cycles();

        Bundle newJsb = installAtHigherVersion(bundle("org.robocell.controller.jsb"));
        Result reloaded = reload(JSB);
        assertTrue(reloaded.message().startsWith("Reloaded controller '" + JSB + "': the new code runs from cycle "),
                reloaded.message());
        assertEquals(LifecycleState.ACTIVE, m.controller(JSB).orElseThrow().state());
        // the name moved to the new instance's channel, short name included, and it keeps publishing
        StateOutput newStates = channels.find(JSB + "/joint_states", StateOutput.class).orElseThrow();
        assertNotSame(states, newStates, "the name leads to the new instance's channel");
        assertSame(newStates, channels.find(ROBOT + "/joint_states").or(() -> channels.find("joint_states")).orElseThrow());
        long published = newStates.publications();
        CellFixture.await(() -> newStates.publications() > published + 50, "the new broadcaster publishing");
        long oldPublications = states.publications();
        CellFixture.await(() -> newStates.publications() > published + 100, "100 more publications");
        assertEquals(oldPublications, states.publications(), "the old instance publishes no more");
        assertEquals(GoalStatus.EXECUTING, goal.status(), "the broadcaster's reload does not touch the trajectory");
        assertContinuous();

        // the trajectory controller, while its goal executes: the new instance holds, its action server takes goals
        StateOutput jtcState = channels.find(JTC + "/state", StateOutput.class).orElseThrow();
        Bundle newJtc = installAtHigherVersion(bundleOf(action));
        Result jtcReloaded = reload(JTC);
        assertTrue(jtcReloaded.ok(), jtcReloaded.message());
        FollowJointTrajectory newAction = channels.find(JTC + "/follow_joint_trajectory", FollowJointTrajectory.class)
                .orElseThrow();
        assertNotSame(action, newAction);
        assertEquals(newJtc, bundleOf(newAction), "the action server is the new bundle's");
        StateOutput newJtcState = channels.find(JTC + "/state", StateOutput.class).orElseThrow();
        assertNotSame(jtcState, newJtcState);
        CellFixture.await(() -> goal.status() != GoalStatus.EXECUTING, "the old instance's goal ended with it");
        GoalHandle second = newAction.submit(TrajectoryGoal.of(JointTrajectory.startingNow(JOINTS, List.of(
                TrajectoryPoint.positions(0.5, 0.1, -0.7, 0.1, -2.3, 0.0, 1.5, 0.7)))));
        assertEquals(GoalStatus.SUCCEEDED, second.awaitResult(Duration.ofSeconds(30)).status(),
                "the new trajectory controller executes a goal");
        assertTrue(newJtcState.publications() > 0, "the new instance publishes its state");
        assertContinuous();
        assertTrue(m.stats().cycles() > cyclesBefore);

        // removal: the new broadcaster's bundle goes; the instance moves back to the code that still serves the type
        newJsb.uninstall();
        refresh(newJsb);
        CellFixture.await(() -> channels.find(JSB + "/joint_states").filter(c -> c != newStates).isPresent(),
                "the broadcaster moved back to the installed bundle");
        StateOutput back = channels.find(JSB + "/joint_states", StateOutput.class).orElseThrow();
        long p = back.publications();
        CellFixture.await(() -> back.publications() > p + 50, "publishing after the move back");
        long stopped = newStates.publications();
        CellFixture.await(() -> back.publications() > p + 100, "100 more publications");
        assertEquals(stopped, newStates.publications(), "the uninstalled bundle's instance publishes no more");
        assertEquals(LifecycleState.ACTIVE, m.controller(JSB).orElseThrow().state());
        assertContinuous();
    }

    @Test
    void whenTheCodeOfARunningControllerGoesAndItCannotMoveItStopsTheRobotHoldsAndNoneOfThatCodeRuns() throws Exception {
        // two versions of a controller that registers its channel without an owner: the running instance (2.0.0)
        // holds the name, so the instance of 1.0.0 cannot be configured beside it
        Bundle v1 = installLegacy("1.0.0");
        Bundle v2 = installLegacy("2.0.0");
        CellFixture.await(() -> m.types().contains(org.robocell.itests.legacy.Activator.TYPE), "the legacy type");
        SwitchResult off = m.switchControllersAndWait(List.of(), List.of(JTC), Strictness.STRICT, 0);
        assertTrue(off.ok(), off.message());
        assertTrue(m.load("legacy", "robocell_itests/Legacy").ok());
        assertTrue(m.configure("legacy").ok());
        SwitchResult on = m.switchControllersAndWait(List.of("legacy"), List.of(), Strictness.STRICT, 0);
        assertTrue(on.ok(), on.message());
        Class<?> v2Code = loader(v2).loadClass("org.robocell.itests.legacy.Activator");
        Class<?> v1Code = loader(v1).loadClass("org.robocell.itests.legacy.Activator");
        CellFixture.await(() -> updates(v2Code) > 100, "version 2.0.0 running");
        assertEquals(0, updates(v1Code), "the newest version serves the type");
        CellFixture.await(() -> Math.abs(probe.joint1 - 0.2) < 1e-9, "joint1 at +0.2");

        v2.uninstall();
        CellFixture.await(() -> m.controller("legacy").isEmpty(), "'legacy' taken out");
        long last = updates(v2Code);
        long cycles = m.stats().cycles();
        CellFixture.await(() -> m.stats().cycles() > cycles + 200, "200 cycles after the take-out");
        assertEquals(last, updates(v2Code), "code of the uninstalled bundle ran after it was taken out");
        assertEquals(0, updates(v1Code), "nothing activated the other version: the robot holds");
        assertEquals(0.2, probe.joint1, 1e-9, "joint1 holds where it was");
        synchronized (cellLog) {
            assertTrue(cellLog.stream().anyMatch(l -> l.startsWith("robot " + ROBOT + ": controller 'legacy' ran code of "
                    + "org.robocell.itests.legacy 2.0.0, which went away, and could not move to the code that serves "
                    + "'robocell_itests/Legacy' now (") && l.contains("it is deactivated (its commands hold) and unloaded")),
                    String.join("\n", cellLog));
        }
        assertContinuous();
        refresh(v2);
    }

    private static long updates(Class<?> code) {
        try {
            return code.getField("UPDATES").getLong(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The probe ran in every cycle since its activation: its update count is the loop's cycle count since then. */
    private void assertContinuous() {
        long before = m.stats().cycles();
        long updates = probe.updates;
        long after = m.stats().cycles();
        assertTrue(updates >= before - probeFrom - 1 && updates <= after - probeFrom + 1, "probe updates " + updates
                + " against the loop's cycles " + before + ".." + after + " since cycle " + probeFrom);
    }

    /** controller reload, again while the cell has not yet seen the new bundle's factory. */
    private Result reload(String name) throws Exception {
        for (int i = 0; i < 500; i++) {
            Result r = m.reload(name).toCompletableFuture().get(30, TimeUnit.SECONDS);
            if (r.ok() || !r.message().contains("already runs the newest code")) {
                assertTrue(r.ok(), r.message());
                return r;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("the cell never served the new version of " + name);
    }

    /** The bundle whose code made a channel of a controller's own class (an action server). */
    private static Bundle bundleOf(Channel c) {
        return org.osgi.framework.FrameworkUtil.getBundle(c.getClass());
    }

    private Bundle bundle(String symbolicName) {
        return Arrays.stream(context.getBundles()).filter(b -> symbolicName.equals(b.getSymbolicName())).findFirst()
                .orElseThrow();
    }

    private static ClassLoader loader(Bundle b) {
        return b.adapt(BundleWiring.class).getClassLoader();
    }

    private void refresh(Bundle b) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        context.getBundle(0).adapt(FrameworkWiring.class).refreshBundles(List.of(b), e -> done.countDown());
        assertTrue(done.await(20, TimeUnit.SECONDS), "refresh");
    }

    /** The installed bundle's own jar under the next major version: the same code in a class loader of its own. */
    private Bundle installAtHigherVersion(Bundle b) throws Exception {
        Manifest manifest = new Manifest(b.getEntry("META-INF/MANIFEST.MF").openStream());
        manifest.getMainAttributes().putValue("Bundle-Version", (b.getVersion().getMajor() + 1) + ".0.0");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes, manifest)) {
            Enumeration<URL> entries = b.findEntries("/", "*", true);
            while (entries.hasMoreElements()) {
                URL url = entries.nextElement();
                String name = url.getPath().replaceFirst("^/", "");
                if (name.endsWith("/") || name.equalsIgnoreCase("META-INF/MANIFEST.MF")) {
                    continue;
                }
                out.putNextEntry(new JarEntry(name));
                try (InputStream in = url.openStream()) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
        Bundle copy = context.installBundle("itest:reload/" + b.getSymbolicName(), new ByteArrayInputStream(bytes.toByteArray()));
        installed.add(copy);
        copy.start();
        return copy;
    }

    private Bundle installLegacy(String version) throws Exception {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", "org.robocell.itests.legacy");
        main.putValue("Bundle-Version", version);
        main.putValue("Bundle-Activator", "org.robocell.itests.legacy.Activator");
        main.putValue("Import-Package", "org.osgi.framework,org.robocell.api.controller,org.robocell.api.io,"
                + "org.robocell.api.lifecycle");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes, manifest)) {
            Enumeration<URL> classes = context.getBundle().findEntries("legacy", "*.bin", false);
            assertTrue(classes != null && classes.hasMoreElements(), "the legacy classes in the itests bundle");
            while (classes.hasMoreElements()) {
                URL url = classes.nextElement();
                String file = url.getPath().substring(url.getPath().lastIndexOf('/') + 1).replace(".bin", ".class");
                out.putNextEntry(new JarEntry("org/robocell/itests/legacy/" + file));
                try (InputStream in = url.openStream()) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
        Bundle b = context.installBundle("itest:legacy/" + version, new ByteArrayInputStream(bytes.toByteArray()));
        installed.add(b);
        b.start();
        return b;
    }
}
