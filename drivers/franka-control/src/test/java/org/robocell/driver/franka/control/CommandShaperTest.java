package org.robocell.driver.franka.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CommandShaperTest {

    private static final double[] READY = {0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4};
    private static final ShapingSettings BOTH = new ShapingSettings(true, 100);
    private static final ShapingSettings FILTER_ONLY = new ShapingSettings(false, 100);
    private static final ShapingSettings LIMIT_ONLY = new ShapingSettings(true, 1000);
    private static final ShapingSettings CHECK_ONLY = new ShapingSettings(false, 1000);

    @Test
    void libfrankasDefaultsForTheFr3AreNoRateLimitingAndA100HzFilter() {
        assertFalse(ShapingSettings.LIBFRANKA_DEFAULTS.limitRate());
        assertEquals(100.0, ShapingSettings.LIBFRANKA_DEFAULTS.cutoffFrequency());
        assertTrue(ShapingSettings.LIBFRANKA_0_9_DEFAULTS.limitRate());
        assertEquals(ShapingSettings.LIBFRANKA_DEFAULTS, ShapingSettings.fromParameters(null, " "));
    }

    @Test
    void settingsFromParametersRefuseBadValuesNamingTheParameter() {
        assertEquals(new ShapingSettings(true, 1000), ShapingSettings.fromParameters(" TRUE ", "1000"));
        assertEquals("limit_rate: expected true or false, got 'yes'",
                assertThrows(IllegalArgumentException.class, () -> ShapingSettings.fromParameters("yes", null))
                        .getMessage());
        for (String bad : new String[] {"abc", "-5", "0", "NaN", "Infinity"}) {
            String message = assertThrows(IllegalArgumentException.class,
                    () -> ShapingSettings.fromParameters("false", bad)).getMessage();
            assertTrue(message.startsWith("cutoff_frequency: expected a frequency in Hz above 0"), message);
        }
    }

    @Test
    void jointPositionsAreFilteredThenLimitedInThatOrder() {
        PerfectJointRobot robot = moving();
        double[] command = READY.clone();
        command[0] += 0.05;
        double[] expected = new double[7];
        for (int j = 0; j < 7; j++) {
            expected[j] = LowPassFilter.filter(BOTH.filterGain(), command[j], robot.state.qD()[j]);
        }
        new JointRateLimiter(FrankaLimits.FR3).positions(expected, robot.state.qD(), robot.state.dqD(),
                robot.state.ddqD(), expected);

        JointPositionCommandShaper shaper = new JointPositionCommandShaper(FrankaLimits.FR3, BOTH);
        shaper.shape(robot.state.qD().clone(), robot.state, new double[7]); // the seeding first sample
        double[] out = new double[7];
        assertTrue(shaper.shape(command, robot.state, out).accepted());
        for (int j = 0; j < 7; j++) {
            assertEquals(expected[j], out[j], 0.0, "joint " + j);
        }
    }

    @Test
    void theFirstJointPositionOfAMotionPassesTheFilterUnchangedAndARestartSeedsAgain() {
        PerfectJointRobot robot = new PerfectJointRobot(READY);
        JointPositionCommandShaper shaper = new JointPositionCommandShaper(FrankaLimits.FR3, FILTER_ONLY);
        double[] command = READY.clone();
        command[2] = 0.4; // far from q_d: a filter seeded from q_d would move it
        double[] out = new double[7];
        shaper.shape(command, robot.state, out);
        assertEquals(0.4, out[2], 1e-15, "seeded with itself");
        shaper.shape(command, robot.state, out);
        assertEquals(LowPassFilter.filter(FILTER_ONLY.filterGain(), 0.4, 0.0), out[2], 1e-15, "then against q_d");
        shaper.restart();
        shaper.shape(command, robot.state, out);
        assertEquals(0.4, out[2], 1e-15, "a new motion seeds again");
    }

    @Test
    void withEveryStageOffACommandPassesUnchanged() {
        PerfectJointRobot robot = moving();
        double[] tau = {1, 2, 3, 4, 5, 6, 7};
        double[] out = new double[7];
        assertTrue(new TorqueCommandShaper(FrankaLimits.FR3, CHECK_ONLY).shape(tau, robot.state, out).accepted());
        assertEquals(7.0, out[6]);
        double[] twist = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6};
        double[] outTwist = new double[6];
        assertTrue(new CartesianVelocityCommandShaper(FrankaLimits.FR3, CHECK_ONLY)
                .shape(twist, null, robot.state, outTwist, null).accepted());
        assertEquals(0.6, outTwist[5]);
    }

    @Test
    void aNaNJointIsRefusedByTheFirstEnabledStageWithLibfrankasWordsAndTheJoint() {
        PerfectJointRobot robot = moving();
        double[] q = READY.clone();
        q[3] = Double.NaN;
        double[] out = new double[7];
        ShapingResult filtered = positions(BOTH).shape(q, robot.state, out);
        assertRefused(filtered, CommandCheck.FILTER_INPUT_NOT_FINITE, CommandField.Q_C, 3, false,
                "lowpass-filter: current or past input value of the signal to be filtered is infinite or NaN.");
        assertEquals("command q_c[3] refused (FILTER_INPUT_NOT_FINITE): lowpass-filter: current or past input value "
                + "of the signal to be filtered is infinite or NaN.", filtered.describe());
        assertRefused(positions(LIMIT_ONLY).shape(q, robot.state, out), CommandCheck.LIMITER_INPUT_NOT_FINITE,
                CommandField.Q_C, 3, false, "commanded_positions is infinite or NaN.");
        assertRefused(positions(CHECK_ONLY).shape(q, robot.state, out), CommandCheck.NOT_FINITE, CommandField.Q_C,
                3, false, "Commanding value is infinite or NaN.");
        double[] dq = new double[7];
        dq[6] = Double.POSITIVE_INFINITY;
        assertRefused(new JointVelocityCommandShaper(FrankaLimits.FR3, LIMIT_ONLY).shape(dq, robot.state, out),
                CommandCheck.LIMITER_INPUT_NOT_FINITE, CommandField.DQ_C, 6, false,
                "commanded_velocities is infinite or NaN.");
        double[] tau = new double[7];
        tau[0] = Double.NEGATIVE_INFINITY;
        assertRefused(new TorqueCommandShaper(FrankaLimits.FR3, LIMIT_ONLY).shape(tau, robot.state, out),
                CommandCheck.LIMITER_INPUT_NOT_FINITE, CommandField.TAU_J_D, 0, false,
                "Commanding value is infinite or NaN.");
    }

    @Test
    void aNaNInTheRobotsLastCommandedValueIsRefusedNamingTheStateField() {
        PerfectJointRobot robot = moving();
        robot.state.dqD()[2] = Double.NaN;
        ShapingResult result = new JointVelocityCommandShaper(FrankaLimits.FR3, FILTER_ONLY)
                .shape(new double[7], robot.state, new double[7]);
        assertRefused(result, CommandCheck.FILTER_INPUT_NOT_FINITE, CommandField.DQ_C, 2, true,
                "lowpass-filter: current or past input value of the signal to be filtered is infinite or NaN.");
        assertTrue(result.describe().startsWith("robot state dq_d[2] refused"), result.describe());
        // without the filter the limiter carries the robot's NaN into the command, and the final check finds it
        assertRefused(new JointVelocityCommandShaper(FrankaLimits.FR3, LIMIT_ONLY)
                .shape(new double[7], robot.state, new double[7]), CommandCheck.NOT_FINITE, CommandField.DQ_C, 2,
                false, "Commanding value is infinite or NaN.");
    }

    @Test
    void aRefusedCommandLeavesTheShaperReadyForTheNextOne() {
        PerfectJointRobot robot = moving();
        JointPositionCommandShaper shaper = positions(BOTH);
        double[] bad = READY.clone();
        bad[0] = Double.NaN;
        assertFalse(shaper.shape(bad, robot.state, new double[7]).accepted());
        ShapingResult next = shaper.shape(READY.clone(), robot.state, new double[7]);
        assertTrue(next.accepted());
        assertNull(next.field());
        assertEquals(-1, next.index());
        assertEquals("", next.libfrankaMessage());
    }

    @Test
    void aRowMajorPoseIsRefusedByTheLimiterOrTheFinalCheckWithLibfrankasWords() {
        PerfectCartesianRobot robot = new PerfectCartesianRobot(CartesianRateLimiterTest.READY_POSE);
        double[] rowMajor = rowMajor(CartesianRateLimiterTest.READY_POSE);
        double[] out = new double[16];
        assertRefused(new CartesianPoseCommandShaper(FrankaLimits.FR3, LIMIT_ONLY)
                        .shape(rowMajor, null, robot.state, out, null), CommandCheck.LIMITER_POSE_NOT_HOMOGENEOUS,
                CommandField.O_T_EE_C, 3, false, "O_T_EE_c is invalid transformation matrix. Has to be column major!");
        assertRefused(new CartesianPoseCommandShaper(FrankaLimits.FR3, FILTER_ONLY)
                        .shape(rowMajor, null, robot.state, out, null), CommandCheck.POSE_NOT_HOMOGENEOUS,
                CommandField.O_T_EE_C, 3, false,
                "libfranka: Attempt to set invalid transformation in motion generator. Has to be column major!");
        double[] infinite = CartesianRateLimiterTest.READY_POSE.clone();
        infinite[13] = Double.POSITIVE_INFINITY;
        assertRefused(new CartesianPoseCommandShaper(FrankaLimits.FR3, BOTH)
                        .shape(infinite, null, robot.state, out, null), CommandCheck.CARTESIAN_FILTER_INPUT_NOT_FINITE,
                CommandField.O_T_EE_C, 13, false, "Cartesian lowpass-filter: current or past input value of the "
                        + "signal to be filtered is infinite or NaN.");
        assertRefused(new CartesianPoseCommandShaper(FrankaLimits.FR3, LIMIT_ONLY)
                        .shape(infinite, null, robot.state, out, null), CommandCheck.LIMITER_INPUT_NOT_FINITE,
                CommandField.O_T_EE_C, 13, false, "O_T_EE_c is infinite or NaN.");
    }

    @Test
    void anElbowWhoseSignIsNotPlusOrMinusOneIsRefused() {
        PerfectCartesianRobot robot = new PerfectCartesianRobot(CartesianRateLimiterTest.READY_POSE);
        robot.state.elbowC()[1] = -1;
        CartesianPoseCommandShaper shaper = new CartesianPoseCommandShaper(FrankaLimits.FR3, BOTH);
        double[] pose = new double[16];
        double[] elbow = new double[2];
        assertTrue(shaper.shape(CartesianRateLimiterTest.READY_POSE, new double[] {0.1, -1}, robot.state, pose,
                elbow).accepted());
        assertEquals(-1.0, elbow[1]);
        assertRefused(shaper.shape(CartesianRateLimiterTest.READY_POSE, new double[] {0.1, 0.5}, robot.state, pose,
                        elbow), CommandCheck.ELBOW_SIGN_INVALID, CommandField.ELBOW_C, 1, false,
                "Invalid elbow configuration given! Only +1 or -1 are allowed for the sign of the 4th joint.");
        assertRefused(new CartesianVelocityCommandShaper(FrankaLimits.FR3, LIMIT_ONLY).shape(new double[6],
                        new double[] {Double.NaN, 1}, robot.state, new double[6], elbow),
                CommandCheck.LIMITER_INPUT_NOT_FINITE, CommandField.ELBOW_C, 0, false,
                "commanded_position is infinite or NaN.");
        assertRefused(new CartesianVelocityCommandShaper(FrankaLimits.FR3, CHECK_ONLY).shape(new double[6],
                        new double[] {0.1, Double.NaN}, robot.state, new double[6], elbow),
                CommandCheck.NOT_FINITE, CommandField.ELBOW_C, 1, false, "Commanding value is infinite or NaN.");
    }

    @Test
    void aCartesianPoseCommandWithoutElbowZeroesTheElbowAndAFilteredPoseStaysHomogeneous() {
        PerfectCartesianRobot robot = new PerfectCartesianRobot(CartesianRateLimiterTest.READY_POSE);
        CartesianPoseCommandShaper shaper = new CartesianPoseCommandShaper(FrankaLimits.FR3, BOTH);
        double[] target = CartesianRateLimiterTest.rotatedAboutZ(CartesianRateLimiterTest.READY_POSE, 0.002);
        double[] pose = new double[16];
        double[] elbow = {9, 9};
        for (int cycle = 0; cycle < 500; cycle++) {
            assertTrue(shaper.shape(target, null, robot.state, pose, elbow).accepted(), "cycle " + cycle);
            robot.acceptPose(pose);
        }
        assertEquals(0.0, elbow[0]);
        assertEquals(0.0, elbow[1]);
        for (int e = 0; e < 16; e++) {
            assertEquals(target[e], pose[e], 1e-9, "settled on the target, element " + e);
        }
    }

    private static JointPositionCommandShaper positions(ShapingSettings settings) {
        return new JointPositionCommandShaper(FrankaLimits.FR3, settings);
    }

    /** A robot in motion: nonzero q_d, dq_d, ddq_d, tau_J_d. */
    private static PerfectJointRobot moving() {
        PerfectJointRobot robot = new PerfectJointRobot(READY);
        for (int j = 0; j < 7; j++) {
            robot.state.dqD()[j] = 0.1 * (j + 1);
            robot.state.ddqD()[j] = 0.5;
            robot.state.tauJD()[j] = j;
        }
        return robot;
    }

    private static double[] rowMajor(double[] columnMajor) {
        double[] m = new double[16];
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 4; c++) {
                m[r * 4 + c] = columnMajor[c * 4 + r];
            }
        }
        return m;
    }

    private static void assertRefused(ShapingResult result, CommandCheck check, CommandField field, int index,
            boolean inRobotState, String libfrankaMessage) {
        assertEquals(check, result.check(), result.describe());
        assertEquals(field, result.field(), result.describe());
        assertEquals(index, result.index(), result.describe());
        assertEquals(inRobotState, result.inRobotState(), result.describe());
        assertEquals(libfrankaMessage, result.libfrankaMessage());
        assertFalse(result.accepted());
    }
}
