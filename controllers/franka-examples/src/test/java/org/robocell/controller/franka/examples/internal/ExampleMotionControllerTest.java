package org.robocell.controller.franka.examples.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.ControllerRig.Entry;

/** The five motion examples (franka_example_controllers' joint position, joint velocity, Cartesian pose, Cartesian velocity, elbow). */
class ExampleMotionControllerTest {

    private final ChannelDirectory channels = new ChannelDirectory();
    private final FrankaArmRig arm = new FrankaArmRig();
    private Controller controller;

    private Entry active(String type, Map<String, ?> parameters) {
        Entry e = load(type, parameters);
        assertEquals(CallbackReturn.SUCCESS, e.configure(), () -> controller.lastError());
        assertEquals(CallbackReturn.SUCCESS, e.activate(), () -> controller.lastError());
        return e;
    }

    private Entry load(String type, Map<String, ?> parameters) {
        controller = new FrankaExamplesFactory(channels).create(type);
        return arm.rig.load("example", type, controller, parameters);
    }

    private double[] state() {
        return channels.find("example/state", StateOutput.class).orElseThrow().snapshot().values();
    }

    private double position(int joint) {
        return arm.command(FrankaArmRig.JOINTS.get(joint) + "/position");
    }

    /** Runs until the robot's time is {@code seconds} after the first update's. */
    private void runTo(double start, double seconds) {
        while (arm.robotTime() < start + seconds - 1e-9) {
            arm.step();
        }
    }

    @Test
    void jointPositionStartsAtTheMeasuredJointsAndMovesThemByUpstreamsCosineOnTheRobotsTime() {
        active(FrankaExamplesFactory.JOINT_POSITION, FrankaArmRig.params());
        assertEquals(InterfaceConfiguration.individual(List.of("joint1/position", "joint2/position", "joint3/position",
                "joint4/position", "joint5/position", "joint6/position", "joint7/position")),
                controller.commandInterfaceConfiguration());
        arm.step();
        double start = arm.robotTime();
        for (int j = 0; j < 7; j++) {
            assertEquals(FrankaArmRig.READY[j], position(j), 1e-12, "no jump: the first command is the measured q");
        }
        runTo(start, 5.0);
        double peak = 2 * Math.PI / 16 * 0.2;
        assertEquals(FrankaArmRig.READY[3] + peak, position(3), 1e-9, "joint 4 + π/16·2·0.2 after half a period");
        assertEquals(FrankaArmRig.READY[4] - peak, position(4), 1e-9, "joint 5 the other way");
        assertEquals(FrankaArmRig.READY[0] + peak, position(0), 1e-9);
        runTo(start, 10.0);
        assertEquals(FrankaArmRig.READY[3], position(3), 1e-9, "back after the period of 10 s");
        assertEquals(10.0, state()[0], 1e-9, "elapsed_time on the robot's clock");
    }

    @Test
    void aRobotTimeThatIsNaNHoldsTheLastCommandAndIsCounted() {
        active(FrankaExamplesFactory.JOINT_POSITION, FrankaArmRig.params());
        arm.steps(200);
        double held = position(3);
        double t = arm.robotTime();
        arm.setRobotTime(Double.NaN);
        arm.rig.steps(5);
        assertEquals(held, position(3), "the last good command, again");
        assertEquals(5.0, state()[1], "held_cycles");
        arm.setRobotTime(t);
        arm.step();
        assertTrue(position(3) > held, "the motion goes on when the time is back");
    }

    @Test
    void aNaNStartWritesNothingUntilTheStateIsMeasuredThenStartsFromIt() {
        arm.rig.robot().setPosition(2, Double.NaN);
        active(FrankaExamplesFactory.JOINT_POSITION, FrankaArmRig.params());
        arm.rig.table().setCommand("joint4/position", -2.0);
        arm.steps(3);
        assertEquals(-2.0, position(3), "nothing written: the driver holds the robot");
        assertEquals(3.0, state()[1]);
        assertTrue(Double.isNaN(state()[2]), "no command published yet");
        arm.rig.robot().setPosition(2, 0.25);
        arm.step();
        assertEquals(0.25, position(2), 1e-12, "started from the measured value");
        assertEquals(-2.0, position(3), 1e-12, "joint 4 as measured then (the mock had followed the old command)");
    }

    @Test
    void aReactivationStartsOverFromWhereTheRobotIsThen() {
        Entry e = active(FrankaExamplesFactory.JOINT_POSITION, FrankaArmRig.params());
        arm.steps(300);
        e.deactivate();
        double there = position(3); // where the mock robot goes at the next read
        assertTrue(there > FrankaArmRig.READY[3] + 0.005, "moved during the first activation");
        e.activate();
        arm.step();
        assertEquals(there, position(3), 1e-12, "no jump back to the first start");
        assertEquals(0.0, state()[0], 1e-12);
    }

    @Test
    void cartesianPoseStartsAtTheMeasuredPoseAndDrawsUpstreamsArcWithTheOrientationHeld() {
        active(FrankaExamplesFactory.CARTESIAN_POSE, FrankaArmRig.params());
        List<String> claimed = controller.commandInterfaceConfiguration().names();
        assertEquals(16, claimed.size());
        assertEquals("12/cartesian_pose_command", claimed.get(12));
        arm.setPose(13, 0.05);
        arm.step();
        double start = arm.robotTime();
        for (int i = 0; i < 16; i++) {
            double expected = i == 13 ? 0.05 : FrankaArmRig.READY_O_T_EE[i];
            assertEquals(expected, arm.command(i + "/cartesian_pose_command"), 1e-12, "element " + i);
        }
        runTo(start, 5.0);
        assertEquals(0.306891 - 0.1, arm.command("12/cartesian_pose_command"), 1e-9, "x: radius · sin(π/2)");
        assertEquals(0.05, arm.command("13/cartesian_pose_command"), 1e-12, "y held");
        assertEquals(0.486882 + 0.1, arm.command("14/cartesian_pose_command"), 1e-9, "z: −radius · (cos(π/2) − 1)");
        for (int i = 0; i < 12; i++) {
            assertEquals(FrankaArmRig.READY_O_T_EE[i], arm.command(i + "/cartesian_pose_command"), 0.0,
                    "rotation held");
        }
        runTo(start, 10.0);
        assertEquals(0.306891, arm.command("12/cartesian_pose_command"), 1e-9, "back at the start");
    }

    @Test
    void cartesianVelocityStartsFromRestAndMovesTenCentimetresAlongItsDiagonalEveryFourSeconds() {
        active(FrankaExamplesFactory.CARTESIAN_VELOCITY, FrankaArmRig.params());
        assertEquals(InterfaceConfiguration.individual(CartesianVelocityMotion.twistInterfaces()),
                controller.commandInterfaceConfiguration());
        assertEquals(InterfaceConfiguration.individual(List.of()), controller.stateInterfaceConfiguration());
        double x = 0;
        double z = 0;
        arm.step();
        assertEquals(0.0, arm.command("vx/cartesian_velocity"), 1e-6, "from rest");
        x += arm.command("vx/cartesian_velocity") * arm.rig.period();
        z += arm.command("vz/cartesian_velocity") * arm.rig.period();
        for (int k = 1; k < 400; k++) {
            arm.step();
            x += arm.command("vx/cartesian_velocity") * arm.rig.period();
            z += arm.command("vz/cartesian_velocity") * arm.rig.period();
            assertEquals(0.0, arm.command("vy/cartesian_velocity"));
            assertEquals(0.0, arm.command("wz/cartesian_velocity"));
        }
        assertEquals(0.1 * Math.cos(Math.PI / 4), x, 1e-4, "x after 4 s");
        assertEquals(-0.1 * Math.sin(Math.PI / 4), z, 1e-4, "z after 4 s");
        arm.steps(200);
        assertTrue(arm.command("vx/cartesian_velocity") < -0.02, "on the way back in the second 4 s");
    }

    @Test
    void jointVelocityMovesJointsFourAndFiveOnlyFromRest() {
        active(FrankaExamplesFactory.JOINT_VELOCITY, FrankaArmRig.params());
        arm.step();
        assertEquals(0.0, arm.command("joint4/velocity"), 1e-6, "from rest");
        double travelled = 0;
        for (int k = 1; k < 800; k++) {
            arm.step();
            travelled += arm.command("joint4/velocity") * arm.rig.period();
            assertEquals(arm.command("joint4/velocity"), arm.command("joint5/velocity"));
            for (int j : new int[] { 0, 1, 2, 5, 6 }) {
                assertEquals(0.0, arm.command(FrankaArmRig.JOINTS.get(j) + "/velocity"));
            }
        }
        assertEquals(0.4, travelled, 1e-3, "0.1/2 rad/s over 8 s");
        arm.steps(400);
        assertTrue(arm.command("joint4/velocity") < -0.09, "the second 8 s turn it back");
    }

    @Test
    void elbowHoldsTheEndEffectorAndSwingsJointThreeFromTheMeasuredElbow() {
        arm.setElbow(0, 0.2);
        active(FrankaExamplesFactory.ELBOW, FrankaArmRig.params());
        List<String> claimed = controller.commandInterfaceConfiguration().names();
        assertEquals(List.of("vx/cartesian_velocity", "vy/cartesian_velocity", "vz/cartesian_velocity",
                "wx/cartesian_velocity", "wy/cartesian_velocity", "wz/cartesian_velocity",
                "joint_3_position/elbow_command", "joint_4_sign/elbow_command"), claimed);
        arm.step();
        double start = arm.robotTime();
        assertEquals(0.2, arm.command("joint_3_position/elbow_command"), 1e-12, "no jump");
        assertEquals(-1.0, arm.command("joint_4_sign/elbow_command"));
        runTo(start, 5.0);
        assertEquals(0.2 + 2 * Math.PI / 15, arm.command("joint_3_position/elbow_command"), 1e-9);
        assertEquals(-1.0, arm.command("joint_4_sign/elbow_command"), "the sign kept");
        for (String v : CartesianVelocityMotion.twistInterfaces()) {
            assertEquals(0.0, arm.command(v), v);
        }
    }

    @Test
    void withoutTheDriversInterfacesTheActivationIsRefusedWithTheMissingName() {
        controller = new FrankaExamplesFactory(channels).create(FrankaExamplesFactory.ELBOW);
        Entry e = arm.rig.load("example", FrankaExamplesFactory.ELBOW, controller,
                FrankaArmRig.params("arm_id", "panda"));
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertEquals(CallbackReturn.FAILURE, e.activate());
        assertTrue(controller.lastError().contains("panda/elbow_0"), controller.lastError());
        assertEquals(Fault.NO_MEASURED_STATE, controller.fault());
    }

    @Test
    void badParametersGiveOneLineNamingTheParameter() {
        Controller c = new FrankaExamplesFactory(channels).create(FrankaExamplesFactory.JOINT_POSITION);
        ParameterCheck six = c.checkParameters(new Parameters("t", Map.of("joints", FrankaArmRig.JOINTS.subList(0, 6))));
        assertEquals("parameter 'joints' must name the arm's 7 joints, got 6 [joint1, joint2, joint3, joint4, joint5,"
                + " joint6]", six.first().orElseThrow().message());
        ParameterCheck twice = c.checkParameters(new Parameters("t", Map.of("joints", List.of("a", "b", "c", "d", "e",
                "f", "a"))));
        assertFalse(twice.ok());
        assertTrue(twice.message().contains("different joints"), twice.message());
        ParameterCheck slash = c.checkParameters(new Parameters("t", Map.of("arm_id", "fr3/x")));
        assertTrue(slash.message().contains("'arm_id'"), slash.message());
        ParameterCheck unknown = c.checkParameters(new Parameters("t", Map.of("gazebo", true)));
        assertTrue(unknown.message().contains("unknown parameter 'gazebo'"), unknown.message());
        assertTrue(c.checkParameters(new Parameters("t", FrankaArmRig.params())).ok());

        Entry e = load(FrankaExamplesFactory.JOINT_POSITION, Map.of("joints", List.of("joint1")));
        assertEquals(CallbackReturn.FAILURE, e.configure());
        assertEquals("example: parameter 'joints' must name the arm's 7 joints, got 1 [joint1]", controller.lastError());
    }

    @Test
    void theDefaultJointsAreFrankaDescriptionsAndTheDefaultArmIsFr3() {
        Entry e = load(FrankaExamplesFactory.JOINT_POSITION, Map.of());
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertEquals("fr3_joint4/position", controller.commandInterfaceConfiguration().names().get(3));
        assertTrue(controller.stateInterfaceConfiguration().names().contains("fr3/time"));
    }

    @Test
    void everyExampleUpdatesWithoutAllocating() {
        for (String type : List.of(FrankaExamplesFactory.JOINT_POSITION, FrankaExamplesFactory.JOINT_VELOCITY,
                FrankaExamplesFactory.CARTESIAN_POSE, FrankaExamplesFactory.CARTESIAN_VELOCITY,
                FrankaExamplesFactory.ELBOW)) {
            FrankaArmRig fresh = new FrankaArmRig();
            ChannelDirectory dir = new ChannelDirectory();
            Controller c = new FrankaExamplesFactory(dir).create(type);
            Entry e = fresh.rig.load("alloc", type, c, FrankaArmRig.params());
            assertEquals(CallbackReturn.SUCCESS, e.configure());
            assertEquals(CallbackReturn.SUCCESS, e.activate(), c::lastError);
            fresh.steps(2_000);
            long fewest = AllocationMeter.fewestBytes(() -> fresh.steps(2_000));
            assertEquals(0L, fewest, type + " allocates in its update");
        }
    }
}
