package org.robocell.driver.kuka.fri.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.kuka.fri.protocol.FriCommandMode;
import org.robocell.driver.kuka.fri.protocol.FriConnectionQuality;
import org.robocell.driver.kuka.fri.protocol.FriVersion;

/**
 * Cartesian position control (kuka_drivers' control mode 5) on FRI 2.x: the driver sends the pose of
 * {@code dummy_cart_joint/<x|y|z|qw|qx|qy|qz>/position} in the client command mode CARTESIAN_POSE, the emulated iiwa 14
 * moves its joints to put the flange there.
 */
class FriCartesianPoseTest {

    private static final Map<String, String> CARTESIAN = Map.of("control_mode", "5", "fri_version", "2");
    private static final String[] POSE = KukaFriHardware.POSE_NAMES;
    private static final String[] COMMANDS = new String[POSE.length];

    static {
        for (int k = 0; k < POSE.length; k++) {
            COMMANDS[k] = "dummy_cart_joint/" + POSE[k] + "/position";
        }
    }

    private static FriRig cartesian() throws Exception {
        return new FriRig(CARTESIAN).active(c -> c.withVersion(FriVersion.V2)
                .withCommandMode(FriCommandMode.CARTESIAN_POSE));
    }

    @Test
    void activationStartsFromTheMeasuredPoseAndNobodyCommandingMeansTheRobotHolds() throws Exception {
        try (FriRig rig = cartesian()) {
            double[] measured = rig.robot.measuredPose();
            double[] published = pose(rig, "state");
            assertArrayEquals(measured, published, 1e-9, "the state interfaces carry the robot's measured pose");
            assertTrue(measured[2] > 500, "the flange stands above the base: z = " + measured[2] + " mm");
            for (String k : POSE) {
                assertTrue(Double.isNaN(rig.context.commandValue("dummy_cart_joint/" + k + "/position")),
                        "the command slot starts empty");
            }
            double[] joints = rig.robot.joints();
            assertEquals(200, rig.run(200));
            assertArrayEquals(joints, rig.robot.joints(), 1e-9);
            assertEquals(0, rig.robot.incompleteCommands(), "every reply carried a pose");
            assertEquals(0, rig.status("held_commands"));
        }
    }

    @Test
    void aPoseCommandedInStepsWithinTheSpeedLimitIsReachedByTheRobot() throws Exception {
        try (FriRig rig = cartesian()) {
            double[] start = rig.robot.measuredPose();
            double[] target = start.clone();
            // 60 mm along x and 40 mm down, 2 mm per 5 ms cycle (400 mm/s, under the default 1000 mm/s)
            for (int i = 1; i <= 30; i++) {
                target[0] = start[0] + 2.0 * i;
                target[2] = start[2] - Math.min(40, 2.0 * i);
                command(rig, target);
                assertEquals(ReturnType.OK, rig.cycle());
            }
            rig.run(200);
            double[] reached = rig.robot.measuredPose();
            assertEquals(start[0] + 60, reached[0], 0.05);
            assertEquals(start[1], reached[1], 0.05);
            assertEquals(start[2] - 40, reached[2], 0.05);
            assertEquals(1.0, Math.abs(quaternionDot(start, reached)), 1e-6, "the orientation did not change");
            assertArrayEquals(reached, pose(rig, "state"), 1e-9);
            assertEquals(0, rig.status("held_commands"));
            assertEquals(0, rig.robot.unreachablePoses());
            assertEquals(FriConnectionQuality.EXCELLENT, rig.robot.quality());
        }
    }

    @Test
    void nanInfiniteNonUnitOutOfReachAndTooFastPosesAreHeldEachWithItsReason() throws Exception {
        try (FriRig rig = cartesian()) {
            double[] start = rig.robot.measuredPose();
            command(rig, start);
            rig.run(10);
            double[] joints = rig.robot.joints();
            long commanded = rig.robot.commandedCycles();
            Object[][] cases = {
                { set(start, 0, Double.NaN), HeldReason.NOT_FINITE },
                { set(start, 5, Double.POSITIVE_INFINITY), HeldReason.NOT_FINITE },
                { set(start, 3, start[3] * 1.5), HeldReason.NOT_A_UNIT_QUATERNION },
                { set(start, 0, 1500), HeldReason.OUT_OF_WORKSPACE },
                { set(start, 1, start[1] + 20), HeldReason.TOO_FAST }, // 20 mm in 5 ms: 4000 mm/s
            };
            long held = 0;
            for (Object[] c : cases) {
                command(rig, (double[]) c[0]);
                assertEquals(ReturnType.OK, rig.cycle());
                held++;
                assertEquals(c[1], rig.driver.heldReason());
                assertEquals(((HeldReason) c[1]).number, rig.status("held_reason"));
                assertEquals(held, rig.status("held_commands"));
            }
            command(rig, start);
            rig.run(20);
            assertArrayEquals(joints, rig.robot.joints(), 1e-9, "the robot never moved");
            assertEquals(0, rig.robot.unreachablePoses(), "nothing hostile reached the wire");
            assertEquals(0, rig.robot.incompleteCommands());
            assertTrue(rig.robot.commandedCycles() > commanded, "the robot kept being commanded");
        }
    }

    @Test
    void aRotationFasterThanTheAngularLimitIsHeld() throws Exception {
        try (FriRig rig = cartesian()) {
            double[] start = rig.robot.measuredPose();
            // 0.1 rad about the base's z axis in one 5 ms cycle: 20 rad/s against the default pi rad/s
            double[] turned = start.clone();
            double c = Math.cos(0.05);
            double s = Math.sin(0.05);
            turned[3] = c * start[3] - s * start[6];
            turned[4] = c * start[4] - s * start[5];
            turned[5] = c * start[5] + s * start[4];
            turned[6] = c * start[6] + s * start[3];
            command(rig, turned);
            rig.cycle();
            assertEquals(HeldReason.TOO_FAST, rig.driver.heldReason());
        }
    }

    @Test
    void inCartesianPositionControlJointControllersAreRefusedAndCartesianOnesTakeOver() throws Exception {
        try (FriRig rig = cartesian()) {
            assertEquals(ReturnType.OK, rig.driver.prepareCommandModeSwitch(
                    List.of("dummy_cart_joint/x/position", "dummy_cart_joint/qz/position"), List.of()));
            assertEquals(ReturnType.ERROR, rig.driver.prepareCommandModeSwitch(List.of("A1/position"), List.of()));
            assertEquals("FRI cannot command 'A1/position': the robot's client command mode is fixed while commanding,"
                    + " and control_mode 5 (cartesian_position_control) commands the Cartesian pose"
                    + " dummy_cart_joint/x/position .. dummy_cart_joint/qz/position", rig.driver.lastError());
        }
        try (FriRig rig = new FriRig(Map.of("fri_version", "2")).active(c -> c.withVersion(FriVersion.V2))) {
            assertEquals(ReturnType.ERROR, rig.driver.prepareCommandModeSwitch(
                    List.of("dummy_cart_joint/x/position"), List.of()));
            assertFalse(rig.context.hasCommandInterface("dummy_cart_joint/x/position"),
                    "joint position control exports no pose command");
            assertTrue(Double.isFinite(rig.state("dummy_cart_joint/z/position")), "but 2.x measures the pose");
        }
    }

    @Test
    void onFri1CartesianPositionControlIsRefusedAtInitInOneLine() {
        try (FriRig rig = new FriRig(Map.of("control_mode", "5", "fri_version", "1.15"))) {
            assertEquals(CallbackReturn.ERROR, rig.driver.onInit(rig.context));
            assertEquals(Fault.CONFIGURATION, rig.driver.fault());
            assertEquals("hardware 'iiwa14' parameter control_mode 5 (cartesian_position_control) needs FRI 2.x:"
                    + " FRI 1.x has no Cartesian pose command (parameter fri_version is 1)", rig.driver.lastError());
        }
    }

    @Test
    void theCartesianCycleAllocatesNothing() throws Exception {
        try (FriRig rig = cartesian()) {
            double[] target = rig.robot.measuredPose();
            com.sun.management.ThreadMXBean threads =
                    (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long self = Thread.currentThread().getId();
            command(rig, target);
            for (int i = 0; i < 2000; i++) {
                rig.robot.step();
                rig.driver.read(0, 0);
                rig.driver.write(0, 0);
            }
            long before = threads.getThreadAllocatedBytes(self);
            long driverBytes = 0;
            for (int i = 0; i < 2000; i++) {
                rig.robot.step(); // the emulator allocates (protobuf-java): measured apart
                long t0 = threads.getThreadAllocatedBytes(self);
                target[0] += i % 2 == 0 ? 0.5 : -0.5;
                command(rig, target);
                if (i == 1000) {
                    rig.context.setCommand(COMMANDS[1], Double.NaN); // held, still no allocation
                }
                assertEquals(ReturnType.OK, rig.driver.read(0, 0), rig.driver.lastError());
                assertEquals(ReturnType.OK, rig.driver.write(0, 0));
                driverBytes += threads.getThreadAllocatedBytes(self) - t0;
            }
            assertTrue(threads.getThreadAllocatedBytes(self) - before > 0, "the emulator's bytes are counted");
            assertTrue(driverBytes <= 4096, driverBytes + " bytes allocated by the driver in 2000 cycles");
        }
    }

    private static void command(FriRig rig, double[] pose) {
        for (int k = 0; k < POSE.length; k++) {
            rig.context.setCommand(COMMANDS[k], pose[k]);
        }
    }

    private static double[] pose(FriRig rig, String kind) {
        double[] out = new double[POSE.length];
        for (int k = 0; k < POSE.length; k++) {
            out[k] = rig.state("dummy_cart_joint/" + POSE[k] + "/position");
        }
        return out;
    }

    private static double[] set(double[] pose, int k, double v) {
        double[] out = pose.clone();
        out[k] = v;
        return out;
    }

    private static double quaternionDot(double[] a, double[] b) {
        return a[3] * b[3] + a[4] * b[4] + a[5] * b[5] + a[6] * b[6];
    }
}
