package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
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
 * The controller bundle an integrator generates from the archetype ({@code archetypes/test} generates and builds
 * it with Maven), dropped into a running cell's {@code deploy/} as it comes, loaded and activated from the shell,
 * then a newer build of it dropped beside it and reloaded while the trajectory controller executes a goal: the
 * channel the controller publishes moves to the new code, the goal goes on, and the loop runs every controller in
 * every cycle throughout.
 */
class ArchetypeDeployTest {

    /** Where archetypes/test leaves the generated controller project's bundle. */
    private static final Path GENERATED = Path.of("../archetypes/test/target/archetype-it/acme-speeds/target/acme-speeds-1.0.0.jar")
            .toAbsolutePath().normalize();
    private static final String ROBOT = "archetype";
    private static final String TYPE = "acme_controllers/JointSpeedMonitor";
    private static final List<String> JOINTS = List.of("joint1", "joint2", "joint3", "joint4", "joint5", "joint6", "joint7");

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ChannelRegistry channels;

    private Configuration robot;
    private final List<Path> dropped = new ArrayList<>();
    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private final Counter counter = new Counter();

    /** Counts its updates: every cycle of the loop since its activation. Loop thread only. */
    static final class Counter implements Controller {
        volatile long updates;

        @Override
        public InterfaceConfiguration commandInterfaceConfiguration() {
            return InterfaceConfiguration.NONE;
        }

        @Override
        public InterfaceConfiguration stateInterfaceConfiguration() {
            return InterfaceConfiguration.NONE;
        }

        @Override
        public CallbackReturn onActivate(Loans loans) {
            return CallbackReturn.SUCCESS;
        }

        @Override
        public ReturnType update(double time, double period) {
            updates = updates + 1;
            return ReturnType.OK;
        }
    }

    @BeforeEach
    void startTheFr3() throws Exception {
        assertTrue(Files.isRegularFile(GENERATED), "archetypes/test builds " + GENERATED + " before the itests run");
        registrations.add(context.registerService(ControllerFactory.class, type -> counter,
                new Hashtable<>(Map.of(ControllerFactory.TYPE, "robocell_itests/Counter"))));
        robot = configAdmin.getFactoryConfiguration("org.robocell.cell.robot", ROBOT, "?");
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("name", ROBOT);
        props.put("urdf", CellFixture.fr3Urdf());
        props.put("hardware.plugins", CellFixture.FR3_ON_MOCK);
        props.put("controllers", Path.of("../runtime/cell/controllers.yaml").toAbsolutePath().normalize().toString());
        props.put("rate", 1000);
        props.put("clock", "internal");
        props.put("activate", "joint_state_broadcaster,joint_trajectory_controller");
        robot.update(props);
    }

    @AfterEach
    void stopTheRobotAndTakeTheJarsOut() throws Exception {
        robot.delete();
        new CellFixture(context, configAdmin).awaitGone(ROBOT);
        for (Path p : dropped) {
            Files.deleteIfExists(p);
        }
        registrations.forEach(ServiceRegistration::unregister);
    }

    @Test
    void theGeneratedControllerDeploysAsItComesAndReloadsWhileATrajectoryExecutes() throws Exception {
        ControllerManager m = new CellFixture(context, configAdmin).manager(ROBOT);
        CellFixture.await(() -> m.controller("joint_trajectory_controller").map(c -> c.state() == LifecycleState.ACTIVE)
                .orElse(false), "the trajectory controller active");
        CellFixture.await(() -> m.types().contains("robocell_itests/Counter"), "the counter type");
        assertTrue(m.load("counter", "robocell_itests/Counter").ok());
        assertTrue(m.configure("counter").ok());
        SwitchResult on = m.switchControllersAndWait(List.of("counter"), List.of(), Strictness.STRICT, 0);
        assertTrue(on.ok(), on.message());
        long counterFrom = on.cycle();
        Shell shell = new Shell(processor);

        // the jar as Maven built it, into deploy/
        drop(Files.readAllBytes(GENERATED), "acme-speeds-1.0.0.jar");
        CellFixture.await(() -> m.types().contains(TYPE), "the generated controller type served");
        shell.run("controller:load -r " + ROBOT + " speeds " + TYPE);
        shell.run("controller:set -r " + ROBOT + " speeds joints=[" + String.join(",", JOINTS) + "]");
        shell.run("controller:configure -r " + ROBOT + " speeds");
        shell.run("controller:activate -r " + ROBOT + " speeds");
        StateOutput first = channels.find("speeds/speeds", StateOutput.class).orElseThrow();
        assertEquals(8, first.fields().size(), first.fields().toString());

        FollowJointTrajectory action = channels.find("joint_trajectory_controller/follow_joint_trajectory",
                FollowJointTrajectory.class).orElseThrow();
        GoalHandle goal = action.submit(TrajectoryGoal.of(JointTrajectory.startingNow(JOINTS, List.of(
                TrajectoryPoint.positions(3.0, 0.6, -0.4, 0.2, -2.0, 0.1, 1.8, 0.9)))));
        CellFixture.await(() -> goal.status() == GoalStatus.EXECUTING, "the trajectory executing");
        CellFixture.await(() -> maxSpeed(first) > 0.01, "the generated controller seeing the joints move");

        // a newer build of the same project beside it (its Bundle-Version raised), then controller:reload
        drop(withVersion(Files.readAllBytes(GENERATED), "1.0.1"), "acme-speeds-1.0.1.jar");
        String answer = reload(shell);
        // the answer's line (the shell's output also carries what the new instance logged while it was configured)
        Matcher reloaded = Pattern.compile("(?m)^Reloaded controller 'speeds': the new code runs from cycle (\\d+)"
                + " \\(acme-speeds 1\\.0\\.1\\)$").matcher(answer);
        assertTrue(reloaded.find(), answer);
        assertEquals(GoalStatus.EXECUTING, goal.status(), "the goal executes on across the reload");
        StateOutput second = channels.find("speeds/speeds", StateOutput.class).orElseThrow();
        assertNotSame(first, second, "the channel's name leads to the new instance's channel");
        CellFixture.await(() -> maxSpeed(second) > 0.01, "the new code publishing the moving joints");
        long stopped = first.publications();
        long p = second.publications();
        CellFixture.await(() -> second.publications() > p + 100, "100 publications of the new code");
        assertEquals(stopped, first.publications(), "the old instance publishes no more");

        assertEquals(GoalStatus.SUCCEEDED, goal.awaitResult(Duration.ofSeconds(60)).status());
        long before = m.stats().cycles();
        long updates = counter.updates;
        long after = m.stats().cycles();
        assertTrue(updates >= before - counterFrom - 1 && updates <= after - counterFrom + 1, "the counter's "
                + updates + " updates against the loop's cycles " + before + ".." + after + " from cycle " + counterFrom);
        Bundle newest = null;
        for (Bundle b : context.getBundles()) {
            if ("acme-speeds".equals(b.getSymbolicName()) && "1.0.1".equals(b.getVersion().toString())) {
                newest = b;
            }
        }
        assertTrue(newest != null && newest.getState() == Bundle.ACTIVE, "acme-speeds 1.0.1 active");
    }

    private static double maxSpeed(StateOutput speeds) {
        double[] values = new double[speeds.size()];
        return speeds.read(values) == 0 ? 0 : values[values.length - 1];
    }

    /** controller:reload, again while the cell has not yet seen the new bundle's factory. */
    private static String reload(Shell shell) throws Exception {
        for (int i = 0; i < 500; i++) {
            try {
                return shell.run("controller:reload -r " + ROBOT + " speeds");
            } catch (Exception e) {
                if (!String.valueOf(e.getMessage()).contains("already runs the newest code")) {
                    throw e;
                }
                Thread.sleep(10);
            }
        }
        throw new AssertionError("the cell never served acme-speeds 1.0.1");
    }

    /** Into deploy/ whole: written beside under a hidden name, then moved in. */
    private void drop(byte[] jar, String name) throws IOException {
        Path deploy = Files.createDirectories(Path.of(context.getProperty("felix.fileinstall.dir")));
        Path partial = deploy.resolve("." + name + ".part");
        Files.write(partial, jar);
        Path target = deploy.resolve(name);
        dropped.add(target);
        Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The same jar under another Bundle-Version, as the next build of the project would be. */
    private static byte[] withVersion(byte[] jar, String version) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarInputStream in = new JarInputStream(new java.io.ByteArrayInputStream(jar))) {
            Manifest manifest = new Manifest(in.getManifest());
            manifest.getMainAttributes().putValue("Bundle-Version", version);
            try (JarOutputStream out = new JarOutputStream(bytes, manifest)) {
                for (JarEntry e = in.getNextJarEntry(); e != null; e = in.getNextJarEntry()) {
                    out.putNextEntry(new JarEntry(e.getName()));
                    ((InputStream) in).transferTo(out);
                    out.closeEntry();
                }
            }
        }
        return bytes.toByteArray();
    }
}
