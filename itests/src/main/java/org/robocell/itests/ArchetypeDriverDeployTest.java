package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.trajectory.FollowJointTrajectory;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;

/**
 * The driver bundle an integrator generates from the driver archetype ({@code archetypes/test} generates and builds
 * it with Maven), dropped into a running cell's {@code deploy/} as it comes: a robot whose URDF names the driver's
 * plugin runs on it, and the trajectory controller moves its joints to a goal that the driver then reports.
 */
class ArchetypeDriverDeployTest {

    /** Where archetypes/test leaves the generated driver project's bundle. */
    private static final Path GENERATED = Path.of("../archetypes/test/target/archetype-it/acme-arm/target/acme-arm-1.0.0.jar")
            .toAbsolutePath().normalize();
    private static final String ROBOT = "acme";
    private static final String PLUGIN = "acme_drivers/AcmeArm";
    private static final List<String> JOINTS = List.of("joint1", "joint2", "joint3", "joint4", "joint5", "joint6", "joint7");
    private static final double[] GOAL = { 0.3, -0.6, 0.1, -2.0, 0.05, 1.7, 0.8 };

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    @InjectService(timeout = 10_000)
    ChannelRegistry channels;

    @TempDir
    Path folder;

    private Configuration robot;
    private final List<Path> dropped = new ArrayList<>();

    @AfterEach
    void stopTheRobotAndTakeTheJarOut() throws Exception {
        if (robot != null) {
            robot.delete();
            new CellFixture(context, configAdmin).awaitGone(ROBOT);
        }
        for (Path p : dropped) {
            Files.deleteIfExists(p);
        }
        CellFixture.await(() -> bundle() == null, "acme-arm uninstalled");
    }

    @Test
    void theGeneratedDriverDeploysAsItComesAndARobotRunsOnIt() throws Exception {
        // the jar as Maven built it, into deploy/
        drop(Files.readAllBytes(GENERATED), "acme-arm-1.0.0.jar");
        CellFixture.await(this::pluginServed, "the generated driver's plugin served");

        // the FR3's description with the generated driver's plugin in place of the mock's
        String urdf = Files.readString(Path.of(CellFixture.fr3Urdf()))
                .replace("<plugin>mock_components/GenericSystem</plugin>", "<plugin>" + PLUGIN + "</plugin>")
                .replaceAll("(?s)<sensor name=\"ft_sensor\">.*?</sensor>", "")
                .replace("<param name=\"mock_sensor_commands\">true</param>", "<param name=\"max_velocity\">2.0</param>");
        assertTrue(urdf.contains(PLUGIN), "the URDF names the generated plugin");
        Path description = Files.writeString(folder.resolve("acme.urdf"), urdf);
        robot = new CellFixture(context, configAdmin).robot(ROBOT, Map.of("urdf", description.toString(),
                "controllers", Path.of("../runtime/cell/controllers.yaml").toAbsolutePath().normalize().toString(),
                "activate", "joint_state_broadcaster,joint_trajectory_controller"));
        ControllerManager m = new CellFixture(context, configAdmin).manager(ROBOT);
        CellFixture.await(() -> m.controller("joint_trajectory_controller").map(c -> c.state() == LifecycleState.ACTIVE)
                .orElse(false), "the trajectory controller active on the generated driver");
        double start = state(m, "joint1/position");

        FollowJointTrajectory action = channels.find("joint_trajectory_controller/follow_joint_trajectory",
                FollowJointTrajectory.class).orElseThrow();
        GoalHandle goal = action.submit(TrajectoryGoal.of(JointTrajectory.startingNow(JOINTS, List.of(
                TrajectoryPoint.positions(2.0, GOAL)))));
        assertEquals(GoalStatus.SUCCEEDED, goal.awaitResult(Duration.ofSeconds(60)).status());
        for (int i = 0; i < JOINTS.size(); i++) {
            assertEquals(GOAL[i], state(m, JOINTS.get(i) + "/position"), 1e-3, JOINTS.get(i) + " at the goal, measured"
                    + " by the generated driver");
        }
        assertTrue(Math.abs(GOAL[0] - start) > 0.1, "joint1 moved from " + start);
        Bundle driver = bundle();
        assertTrue(driver != null && driver.getState() == Bundle.ACTIVE, "acme-arm active");
    }

    private boolean pluginServed() {
        try {
            return !context.getServiceReferences(HardwareFactory.class, "(" + HardwareFactory.PLUGIN + "=" + PLUGIN + ")")
                    .isEmpty();
        } catch (org.osgi.framework.InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private Bundle bundle() {
        for (Bundle b : context.getBundles()) {
            if ("acme-arm".equals(b.getSymbolicName())) {
                return b;
            }
        }
        return null;
    }

    private static double state(ControllerManager m, String name) {
        return m.interfaces().stream().filter(i -> i.name().equals(name) && i.kind() == InterfaceSnapshot.Kind.STATE)
                .findFirst().orElseThrow(() -> new AssertionError("no state interface " + name)).value();
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
}
