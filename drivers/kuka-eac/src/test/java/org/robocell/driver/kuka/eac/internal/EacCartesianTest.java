package org.robocell.driver.kuka.eac.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.kuka.eac.emulator.StopReason;
import org.robocell.driver.kuka.eac.protocol.CommandEvent;
import org.robocell.driver.kuka.eac.protocol.ControlMode;
import org.robocell.driver.kuka.eac.protocol.ControlSignalWriter;

/**
 * The Cartesian modes (5 position, 6 impedance, 7 velocity), driver and emulated controller over loopback: each
 * starts from the measured flange pose, is asked for in the control signal, and hostile commands never reach the
 * wire.
 */
class EacCartesianTest {

    static final String[] POSE = { "x", "y", "z", "qw", "qx", "qy", "qz" };
    static final String[] TWIST = { "x", "y", "z", "rx", "ry", "rz" };
    static final String[] IMPEDANCE = { "x", "y", "z", "a", "b", "c" };
    /** joints away from the candle pose (a stretched arm is singular) */
    static final double[] BENT = { 0.2, -1.2, 1.0, 0.1, 0.8, 0.3 };

    static List<String> interfaces(String[] axes, String kind) {
        List<String> out = new ArrayList<>();
        for (String a : axes) {
            out.add("dummy_cart_joint/" + a + "/" + kind);
        }
        return out;
    }

    /** Active in joint position control, moved to {@link #BENT}, then switched to {@code mode} by its interfaces. */
    static EacRig switchedTo(EacRig rig, List<String> claimed, ControlMode mode) throws Exception {
        for (int i = 0; i < 6; i++) {
            rig.command(EacRig.JOINTS[i] + "/position", BENT[i]);
        }
        for (int k = 0; k < 150; k++) {
            rig.cycle();
        }
        assertArrayEquals(BENT, rig.controller.positions(), 1e-12);
        assertEquals(ReturnType.OK, rig.driver.prepareCommandModeSwitch(claimed, List.of()), rig.driver.lastError());
        assertEquals(ReturnType.OK, rig.driver.performCommandModeSwitch(claimed, List.of()));
        rig.cycle();
        assertEquals(mode, rig.controller.mode());
        return rig;
    }

    double[] commandedPoseInterfaces(EacRig rig) {
        double[] p = new double[7];
        for (int k = 0; k < 7; k++) {
            p[k] = rig.context.commandValue("dummy_cart_joint/" + POSE[k] + "/position");
        }
        return p;
    }

    @Test
    void aSwitchToCartesianPositionIsAskedInTheControlSignalAndStartsFromTheMeasuredPose() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            List<String> pose = interfaces(POSE, "position");
            switchedTo(rig, pose, ControlMode.CARTESIAN_POSITION);
            EacRig.await(() -> rig.controller.events().size() >= 3, "the switch events");
            assertEquals(List.of(CommandEvent.SAMPLING, CommandEvent.CONTROL_MODE_SWITCH, CommandEvent.SAMPLING),
                    rig.controller.events());
            double[] measured = rig.controller.measuredPose();
            assertArrayEquals(measured, rig.controller.commandedPose(), 1e-9, "the first pose sent is the measured one");
            assertArrayEquals(measured, commandedPoseInterfaces(rig), 1e-9, "the command interfaces start there too");
            for (int k = 0; k < 7; k++) {
                assertEquals(measured[k], rig.state("dummy_cart_joint/" + POSE[k] + "/position"), 1e-9,
                        "the measured pose is published: " + POSE[k]);
            }
            for (int k = 0; k < 20; k++) {
                rig.cycle();
            }
            assertArrayEquals(BENT, rig.controller.positions(), 1e-9, "nothing commanded: the arm holds");
            assertEquals(ControlMode.CARTESIAN_POSITION.number(), rig.state("eac/control_mode"));
            assertEquals(0, rig.driver.counter(EacStatus.HELD_COMMANDS));
        }
    }

    @Test
    void aSwitchBetweenReadAndWriteSendsTheMeasuredPoseNotTheOneFromActivation() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            for (int i = 0; i < 6; i++) {
                rig.command(EacRig.JOINTS[i] + "/position", BENT[i]);
            }
            for (int k = 0; k < 150; k++) {
                rig.cycle();
            }
            List<String> pose = interfaces(POSE, "position");
            assertEquals(ReturnType.OK, rig.driver.prepareCommandModeSwitch(pose, List.of()));
            rig.controller.sendState();
            assertEquals(ReturnType.OK, rig.driver.read(0, 0.004));
            assertEquals(ReturnType.OK, rig.driver.performCommandModeSwitch(pose, List.of()));
            assertEquals(ReturnType.OK, rig.driver.write(0, 0.004));
            rig.controller.judge(true);
            assertEquals(ControlMode.CARTESIAN_POSITION, rig.controller.mode());
            assertArrayEquals(rig.controller.measuredPose(), rig.controller.commandedPose(), 1e-9);
            assertArrayEquals(BENT, rig.controller.positions(), 1e-12, "the arm did not move");
        }
    }

    @Test
    void theArmFollowsAPoseStreamedInCartesianPosition() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            switchedTo(rig, interfaces(POSE, "position"), ControlMode.CARTESIAN_POSITION);
            double[] start = rig.controller.measuredPose();
            // 10 mm along y and 6 mm down in 1 mm steps (250 mm/s at 4 ms), the orientation kept
            for (int k = 1; k <= 10; k++) {
                rig.command("dummy_cart_joint/y/position", start[1] + k);
                rig.command("dummy_cart_joint/z/position", start[2] - Math.min(k, 6));
                rig.cycle();
            }
            for (int k = 0; k < 20; k++) {
                rig.cycle();
            }
            double[] now = rig.controller.measuredPose();
            assertEquals(start[0], now[0], 0.01, "x kept");
            assertEquals(start[1] + 10, now[1], 0.01, "10 mm along y");
            assertEquals(start[2] - 6, now[2], 0.01, "6 mm down");
            assertEquals(1, Math.abs(start[3] * now[3] + start[4] * now[4] + start[5] * now[5] + start[6] * now[6]),
                    1e-6, "the orientation kept");
            assertEquals(now[1], rig.state("dummy_cart_joint/y/position"), 1e-9, "the measured pose follows");
            assertEquals(0, rig.driver.counter(EacStatus.HELD_COMMANDS));
            assertTrue(rig.controller.sampling());
        }
    }

    @Test
    void hostilePosesAreHeldWithTheirReasonAndNeverReachTheController() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            switchedTo(rig, interfaces(POSE, "position"), ControlMode.CARTESIAN_POSITION);
            double[] start = rig.controller.commandedPose();
            Object[][] hostile = { { "x", Double.NaN, HeldReason.NOT_FINITE },
                { "z", Double.POSITIVE_INFINITY, HeldReason.NOT_FINITE },
                { "qw", 0.5, HeldReason.NOT_A_UNIT_QUATERNION },
                { "x", 2000.0, HeldReason.OUT_OF_REACH },
                { "y", start[1] + 50, HeldReason.TOO_FAST } };
            long held = 0;
            for (Object[] h : hostile) {
                String axis = (String) h[0];
                int k = List.of(POSE).indexOf(axis);
                rig.command("dummy_cart_joint/" + axis + "/position", (Double) h[1]);
                rig.cycle();
                held++;
                assertEquals(held, rig.driver.counter(EacStatus.HELD_COMMANDS), axis + "=" + h[1]);
                assertEquals(((HeldReason) h[2]).number, rig.driver.counter(EacStatus.HELD_REASON), axis + "=" + h[1]);
                assertArrayEquals(start, rig.controller.commandedPose(), 0.0, "the last valid pose sent again");
                rig.command("dummy_cart_joint/" + axis + "/position", start[k]);
            }
            rig.cycle();
            assertEquals(held, rig.driver.counter(EacStatus.HELD_COMMANDS), "a valid pose again is sent");
            assertTrue(rig.controller.sampling(), "nothing hostile reached the controller");
        }
    }

    @Test
    void anAttackersMotionStateFromAnotherAddressChangesNothingInCartesianControl() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active();
                DatagramSocket intruder = new DatagramSocket(new InetSocketAddress(InetAddress.getByName("127.0.0.2"),
                        0))) {
            switchedTo(rig, interfaces(POSE, "position"), ControlMode.CARTESIAN_POSITION);
            double[] pose = rig.controller.measuredPose();
            byte[] fake = EacFaultTest.motionState(999_999, 1.0).toByteArray();
            intruder.send(new DatagramPacket(fake, fake.length, InetAddress.getLoopbackAddress(),
                    rig.driver.clientPort()));
            rig.cycle();
            assertEquals(1, rig.driver.counter(EacStatus.FOREIGN_PACKETS));
            assertEquals(pose[0], rig.state("dummy_cart_joint/x/position"), 1e-9, "the measured pose is the robot's");
            assertArrayEquals(pose, rig.controller.commandedPose(), 1e-9);
            assertArrayEquals(BENT, rig.controller.positions(), 1e-12);
            assertEquals(0, rig.controller.lostReplies());
        }
    }

    @Test
    void cartesianVelocityIntegratesTheTwistFromTheMeasuredPoseAndStopsOnAHostileOne() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            switchedTo(rig, interfaces(TWIST, "velocity"), ControlMode.CARTESIAN_VELOCITY);
            double[] start = rig.controller.measuredPose();
            assertArrayEquals(new double[6], rig.controller.commandedTwist(), 0.0, "the switch starts with no twist");
            rig.command("dummy_cart_joint/x/velocity", 20); // mm/s: 50 cycles of 4 ms = 4 mm
            for (int k = 0; k < 50; k++) {
                rig.cycle();
            }
            assertEquals(20, rig.controller.commandedTwist()[0], 0.0);
            rig.command("dummy_cart_joint/x/velocity", 0);
            for (int k = 0; k < 10; k++) {
                rig.cycle();
            }
            double[] now = rig.controller.measuredPose();
            assertEquals(start[0] + 4, now[0], 0.01, "4 mm along x");
            assertEquals(start[1], now[1], 0.01);
            assertEquals(start[2], now[2], 0.01);

            rig.command("dummy_cart_joint/rz/velocity", Double.NaN);
            rig.command("dummy_cart_joint/y/velocity", 10);
            rig.cycle();
            assertEquals(HeldReason.NOT_FINITE.number, rig.driver.counter(EacStatus.HELD_REASON));
            assertArrayEquals(new double[6], rig.controller.commandedTwist(), 0.0, "a hostile twist stops the flange");
            rig.command("dummy_cart_joint/rz/velocity", 0);
            rig.command("dummy_cart_joint/y/velocity", 5000); // beyond max_cartesian_velocity (1000 mm/s)
            rig.cycle();
            assertEquals(HeldReason.TWIST_BEYOND_LIMIT.number, rig.driver.counter(EacStatus.HELD_REASON));
            assertArrayEquals(new double[6], rig.controller.commandedTwist(), 0.0);
            assertEquals(2, rig.driver.counter(EacStatus.HELD_COMMANDS));
            assertTrue(rig.controller.sampling());
        }
    }

    @Test
    void cartesianImpedanceSendsThePoseAndTheAttributesStartingFromTheDefaults() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            List<String> claimed = new ArrayList<>(interfaces(POSE, "position"));
            claimed.addAll(interfaces(IMPEDANCE, "stiffness"));
            claimed.addAll(interfaces(IMPEDANCE, "damping"));
            switchedTo(rig, claimed, ControlMode.CARTESIAN_IMPEDANCE);
            assertArrayEquals(rig.controller.measuredPose(), rig.controller.commandedPose(), 1e-9);
            assertArrayEquals(new double[] { 2000, 2000, 2000, 200, 200, 200, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7 },
                    rig.controller.cartesianAttributes(), 0.0);
            rig.command("dummy_cart_joint/z/stiffness", 500);
            rig.command("dummy_cart_joint/c/damping", 0.3);
            rig.cycle();
            assertEquals(500, rig.controller.cartesianAttributes()[2], 0.0);
            assertEquals(0.3, rig.controller.cartesianAttributes()[11], 0.0);
            rig.command("dummy_cart_joint/a/stiffness", -1);
            rig.cycle();
            assertEquals(HeldReason.NEGATIVE_IMPEDANCE.number, rig.driver.counter(EacStatus.HELD_REASON));
            assertEquals(200, rig.controller.cartesianAttributes()[3], 0.0, "the last valid stiffness sent again");
            assertTrue(rig.controller.sampling());
        }
    }

    @Test
    void jointAndCartesianInterfacesAtOnceAreRefused() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            List<String> both = new ArrayList<>(interfaces(POSE, "position"));
            both.add("joint_1/position");
            assertEquals(ReturnType.ERROR, rig.driver.prepareCommandModeSwitch(both, List.of()));
            assertFalse(rig.driver.lastError().contains("\n"), rig.driver.lastError());
            assertTrue(rig.driver.lastError().contains("one control mode at a time"), rig.driver.lastError());
            assertEquals(ControlMode.JOINT_POSITION, rig.driver.mode());
        }
    }

    @Test
    void aPoseTheArmCannotReachEndsControlWithTheControllersErrorLine() throws Exception {
        // the driver's speed limit lifted, so that a jump to the unreachable pose gets past its guard
        try (EacRig rig = new EacRig(true, Map.of("max_cartesian_velocity", "1e9",
                "max_cartesian_angular_velocity", "1e9")).configured().active()) {
            switchedTo(rig, interfaces(POSE, "position"), ControlMode.CARTESIAN_POSITION);
            // 700 mm out at A2's height, the flange pointing back at the base: the wrist would be 860 mm from A2
            double[] pose = { 700, 0, 215, Math.sqrt(0.5), 0, -Math.sqrt(0.5), 0 };
            for (int k = 0; k < 7; k++) {
                rig.command("dummy_cart_joint/" + POSE[k] + "/position", pose[k]);
            }
            rig.cycle();
            assertEquals(0, rig.driver.counter(EacStatus.HELD_COMMANDS), "the driver sent it");
            assertFalse(rig.controller.sampling());
            assertEquals(StopReason.INVALID_COMMAND, rig.controller.stopReason());
            assertEquals("cartesian_command: the flange pose (700.0, 0.0, 215.0) mm is out of the LBR iisy 3 R760's"
                    + " reach from its current configuration", rig.controller.stopMessage());
            EacRig.await(rig.driver::controllerEnded, "the ERROR event at the driver");
            assertEquals(ReturnType.ERROR, rig.driver.read(0, 0.004));
            assertEquals(Fault.ROBOT_STOPPED, rig.driver.fault());
            assertTrue(rig.driver.lastError().endsWith("ERROR: " + rig.controller.stopMessage()),
                    rig.driver.lastError());
            assertArrayEquals(BENT, rig.controller.positions(), 1e-12, "the arm did not move");
        }
    }

    @Test
    void theCartesianCycleAllocatesNothing() throws Exception {
        try (EacRig rig = new EacRig(false, Map.of("control_mode", "cartesian_position"),
                c -> c.withCycle(4_000_000L, 500_000_000L).withStart(BENT)).configured()) {
            assertEquals(CallbackReturn.SUCCESS, rig.driver.onActivate(LifecycleState.INACTIVE),
                    rig.driver.lastError());
            assertEquals(ControlMode.CARTESIAN_POSITION, rig.controller.mode());
            double y = rig.state("dummy_cart_joint/y/position");
            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory
                    .getThreadMXBean();
            long self = Thread.currentThread().getId();
            for (int k = 0; k < 300; k++) { // warm-up: JIT
                assertEquals(ReturnType.OK, rig.driver.read(0, 0.004), rig.driver.lastError());
                rig.context.setCommand("dummy_cart_joint/y/position", y + 0.001 * k);
                rig.context.setCommand("dummy_cart_joint/qw/position", k % 50 == 0 ? Double.NaN
                        : rig.state("dummy_cart_joint/qw/position"));
                assertEquals(ReturnType.OK, rig.driver.write(0, 0.004), rig.driver.lastError());
            }
            long allocated = Long.MAX_VALUE;
            for (int window = 0; window < 3 && allocated > 0; window++) {
                long before = threads.getThreadAllocatedBytes(self);
                for (int k = 0; k < 500; k++) {
                    assertEquals(ReturnType.OK, rig.driver.read(0, 0.004));
                    rig.context.setCommand("dummy_cart_joint/y/position", y + 0.3 + 0.001 * k);
                    assertEquals(ReturnType.OK, rig.driver.write(0, 0.004));
                }
                y += 0.5;
                allocated = Math.min(allocated, threads.getThreadAllocatedBytes(self) - before);
            }
            assertEquals(0, allocated, "bytes allocated by 500 Cartesian cycles of read and write");
            assertTrue(rig.driver.counter(EacStatus.HELD_COMMANDS) > 0, "the NaN quaternion was held, not sent");
            assertTrue(rig.controller.sampling(), rig.controller.stopMessage());
        }
    }

    @Test
    void theWriterBufferHoldsTheLargestCartesianSignal() {
        ControlSignalWriter w = new ControlSignalWriter(6);
        double[] big = { -1e300, -1e300, -1e300, -1, -1, -1, -1 };
        double[] six = { -1e300, -1e300, -1e300, -1e300, -1e300, -1e300 };
        int n = w.write(0xFFFF_FFFFL, 0xFFFF_FFFFL, true, 8, true, six, true, six, true, six, true, six, six, six, big,
                six, six, six);
        assertTrue(n <= w.buffer.length);
    }
}
