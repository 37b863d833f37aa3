package org.robocell.driver.franka.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.robocell.driver.franka.control.FrankaLimits.DELTA_T;
import static org.robocell.driver.franka.control.FrankaLimits.JOINTS;

import java.util.Random;
import org.junit.jupiter.api.Test;

class JointRateLimiterTest {

    /** The FR3 "ready" pose, far from every joint limit. */
    private static final double[] READY = {0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4};
    /** A pose where every FR3 joint velocity limit is on its plateau and stays there for a while. */
    private static final double[] PLATEAU = {0, 0, 0, -1.6, 0, 2.53, 0};
    /** Rounding of difference quotients: (q2 - q1) / 1e-3 three times over loses about 1e-7 of a jerk. */
    private static final double ROUNDING = 1e-6;

    private final double[] upper = new double[JOINTS];
    private final double[] lower = new double[JOINTS];

    @Test
    void aTorqueStepRisesAtTheTorqueRateLimitAndNoFaster() {
        JointRateLimiter limiter = new JointRateLimiter(FrankaLimits.FR3);
        PerfectJointRobot robot = new PerfectJointRobot(READY);
        double[] command = {5, -5, 0.0005, 87, -87, 12, 0};
        double[] out = new double[JOINTS];
        limiter.torques(command, robot.state.tauJD(), out);
        // by hand: 5 Nm in 1 ms is 5000 Nm/s, clipped to 1000 - 1e-3 Nm/s for 1 ms
        assertEquals(0.999999, out[0], 1e-15);
        assertEquals(-0.999999, out[1], 1e-15);
        assertEquals(0.0005, out[2], 1e-15, "a change below the limit passes unchanged");
        for (int cycle = 0; cycle < 200; cycle++) {
            double[] last = robot.state.tauJD().clone();
            limiter.torques(command, robot.state.tauJD(), out);
            for (int j = 0; j < JOINTS; j++) {
                assertTrue(Math.abs(out[j] - last[j]) / DELTA_T <= FrankaLimits.FR3.maxTorqueRate[j] + ROUNDING,
                        "joint " + j + " cycle " + cycle);
            }
            robot.acceptTorques(out);
        }
        assertEquals(87, robot.state.tauJD()[3], 1e-9, "87 Nm reached after 87 ms at 1000 Nm/s");
    }

    @Test
    void aJointVelocityStepGivesTheHandComputedFirstSample() {
        JointRateLimiter limiter = new JointRateLimiter(FrankaLimits.FR3);
        PerfectJointRobot robot = new PerfectJointRobot(READY);
        double[] out = new double[JOINTS];
        limiter.velocities(new double[] {1, -1, 0, 0, 0, 0, 0}, robot.state.qD(), robot.state.dqD(),
                robot.state.ddqD(), out);
        // jerk (1 / 1e-3) / 1e-3 = 1e6 clipped to 5000 - 1e-3; acceleration 4.999999; velocity 4.999999e-3
        assertEquals(0.004999999, out[0], 1e-15);
        assertEquals(-0.004999999, out[1], 1e-15);
        assertEquals(0.0, out[2]);
    }

    @Test
    void aJointPositionStepGivesTheHandComputedFirstSample() {
        JointRateLimiter limiter = new JointRateLimiter(FrankaLimits.FR3);
        PerfectJointRobot robot = new PerfectJointRobot(READY);
        double[] command = READY.clone();
        command[0] += 0.001; // 1 rad/s asked for
        double[] out = new double[JOINTS];
        limiter.positions(command, robot.state.qD(), robot.state.dqD(), robot.state.ddqD(), out);
        assertEquals(4.999999e-6, out[0] - READY[0], 1e-15);
        for (int j = 1; j < JOINTS; j++) {
            assertEquals(READY[j], out[j], "joint " + j + " was not asked to move");
        }
    }

    @Test
    void theFr3VelocityLimitIsItsPlateauMidRangeAndHandComputedNearALimit() {
        FrankaLimits fr3 = FrankaLimits.FR3;
        assertEquals(2.619, fr3.upperJointVelocityLimit(0, 0.0), 1e-15);
        assertEquals(-2.619, fr3.lowerJointVelocityLimit(0, 0.0), 1e-15);
        // -0.30 + sqrt(12 (2.7501 - 2.7)) - 1e-3
        assertEquals(0.47437087899920544, fr3.upperJointVelocityLimit(0, 2.7), 1e-15);
        assertEquals(-0.47437087899920544, fr3.lowerJointVelocityLimit(0, -2.7), 1e-15);
        assertEquals(5.259, fr3.upperJointVelocityLimit(4, 0.0), 1e-15);
        assertEquals(4.179, fr3.upperJointVelocityLimit(5, 2.5), 1e-15);
    }

    @Test
    void theFr3VelocityLimitTowardAJointLimitIsZeroLessTheToleranceAtAndBeyondIt() {
        FrankaLimits fr3 = FrankaLimits.FR3;
        double tolerance = FrankaLimits.LIMIT_EPS;
        for (int j = 0; j < JOINTS; j++) {
            double qMax = fr3.upperJointPosition[j];
            double qMin = fr3.lowerJointPosition[j];
            assertEquals(-tolerance, fr3.upperJointVelocityLimit(j, qMax), 1e-15, "joint " + j + " at q_max");
            assertEquals(tolerance, fr3.lowerJointVelocityLimit(j, qMin), 1e-15, "joint " + j + " at q_min");
            assertEquals(-tolerance, fr3.upperJointVelocityLimit(j, qMax + 1.0), 1e-15, "joint " + j + " beyond");
            assertEquals(tolerance, fr3.lowerJointVelocityLimit(j, qMin - 1.0), 1e-15, "joint " + j + " beyond");
            // moving away from a limit stays allowed there
            assertTrue(fr3.lowerJointVelocityLimit(j, qMax) < -1.0, "joint " + j + " may leave q_max");
            assertTrue(fr3.upperJointVelocityLimit(j, qMin) > 1.0, "joint " + j + " may leave q_min");
        }
    }

    @Test
    void theFerVelocityLimitsAreConstantWithThreeLostPacketsInReserve() {
        FrankaLimits fer = FrankaLimits.FER;
        // 2.175 - 1e-3 - 3 * 1e-3 * (15 - 1e-3)
        assertEquals(2.174 - 0.044997, fer.upperJointVelocityLimit(0, 2.8), 1e-12);
        assertEquals(-(2.174 - 0.044997), fer.lowerJointVelocityLimit(0, -2.8), 1e-12);
        assertEquals(2.609 - 3e-3 * 19.999, fer.upperJointVelocityLimit(6, 0), 1e-12);
    }

    @Test
    void aJointVelocityStepIsARampThatNeverExceedsJerkAccelerationOrVelocityAndReachesTheLimit() {
        JointRateLimiter limiter = new JointRateLimiter(FrankaLimits.FR3);
        PerfectJointRobot robot = new PerfectJointRobot(PLATEAU);
        // joints 1 and 3 are asked far beyond their 2.62 rad/s; the others for speeds they may have
        double[] step = {100, 1, -100, 1, 3, -1, -3};
        double[] out = new double[JOINTS];
        for (int cycle = 0; cycle < 700; cycle++) {
            limitsAt(FrankaLimits.FR3, robot.state.qD());
            limiter.velocities(step, robot.state.qD(), robot.state.dqD(), robot.state.ddqD(), out);
            robot.acceptVelocities(out);
            assertWithinLimits(FrankaLimits.FR3, robot, cycle);
        }
        double[] expected = {2.619, 1, -2.619, 1, 3, -1, -3};
        for (int j = 0; j < JOINTS; j++) {
            assertEquals(expected[j], robot.state.dqD()[j], 1e-9, "joint " + j + " reaches its command or limit");
        }
    }

    @Test
    void aFarJointPositionStepOnTheFerStaysWithinEveryLimitButSwingsAroundTheTargetForever() {
        JointRateLimiter limiter = new JointRateLimiter(FrankaLimits.FER);
        PerfectJointRobot robot = new PerfectJointRobot(READY);
        double[] target = READY.clone();
        for (int j = 0; j < JOINTS; j++) {
            target[j] += j % 2 == 0 ? 1.0 : -1.0;
        }
        double[] out = new double[JOINTS];
        double fastest = 0;
        double lateSwing = 0;
        for (int cycle = 0; cycle < 10_000; cycle++) {
            limitsAt(FrankaLimits.FER, robot.state.qD());
            limiter.positions(target, robot.state.qD(), robot.state.dqD(), robot.state.ddqD(), out);
            robot.acceptPositions(out);
            assertWithinLimits(FrankaLimits.FER, robot, cycle);
            fastest = Math.max(fastest, Math.abs(robot.state.dqD()[0]));
            if (cycle >= 9000) {
                lateSwing = Math.max(lateSwing, Math.abs(robot.state.qD()[0] - target[0]));
            }
        }
        assertEquals(FrankaLimits.FER.maxJointVelocity[0], fastest, 1e-6, "joint 1 reaches its velocity limit");
        // the limiter plans no stop: it brakes only once past the target, then swings back, bang-bang, without end.
        // libfranka's limiter is a safety net for smooth commands, not a trajectory generator.
        assertTrue(lateSwing > 0.1 && lateSwing < 0.2, "joint 1 still swings " + lateSwing + " rad after 9 s");
    }

    @Test
    void randomJointCommandsOnTheFerNeverExceedAnyLimitAndReachThem() {
        for (long seed = 1; seed <= 6; seed++) {
            Random random = new Random(seed);
            boolean velocities = seed % 2 == 0;
            JointRateLimiter limiter = new JointRateLimiter(FrankaLimits.FER);
            PerfectJointRobot robot = new PerfectJointRobot(READY);
            double[] command = READY.clone();
            double[] out = new double[JOINTS];
            double hardest = 0;
            double fastest = 0;
            for (int cycle = 0; cycle < 5000; cycle++) {
                for (int j = 0; j < JOINTS; j++) {
                    if (velocities) {
                        command[j] = 5 * random.nextGaussian(); // a new wild velocity every millisecond
                    } else if (cycle % 250 == 0) {
                        command[j] = READY[j] + 6 * (random.nextDouble() - 0.5); // a far target every 250 ms
                    }
                }
                limitsAt(FrankaLimits.FER, robot.state.qD());
                if (velocities) {
                    limiter.velocities(command, robot.state.qD(), robot.state.dqD(), robot.state.ddqD(), out);
                    robot.acceptVelocities(out);
                } else {
                    limiter.positions(command, robot.state.qD(), robot.state.dqD(), robot.state.ddqD(), out);
                    robot.acceptPositions(out);
                }
                assertWithinLimits(FrankaLimits.FER, robot, cycle);
                hardest = Math.max(hardest, Math.abs(robot.jerk[2]) / FrankaLimits.FER.maxJointJerk[2]);
                fastest = Math.max(fastest, Math.abs(robot.state.dqD()[2]) / FrankaLimits.FER.maxJointVelocity[2]);
            }
            assertTrue(hardest > 0.999, "seed " + seed + ": the jerk limit is reached (" + hardest + " of it)");
            if (!velocities) {
                assertTrue(fastest > 0.999, "seed " + seed + ": the velocity limit is reached (" + fastest + ")");
            }
        }
    }

    @Test
    void randomJointVelocitiesOnTheFr3NeverExceedAnyLimitWhereTheVelocityLimitsStayPut() {
        for (long seed = 11; seed <= 15; seed++) {
            Random random = new Random(seed);
            JointRateLimiter limiter = new JointRateLimiter(FrankaLimits.FR3);
            PerfectJointRobot robot = new PerfectJointRobot(PLATEAU);
            double[] command = new double[JOINTS];
            double[] out = new double[JOINTS];
            double hardest = 0;
            for (int cycle = 0; cycle < 5000; cycle++) {
                for (int j = 0; j < JOINTS; j++) {
                    command[j] = 2 * (random.nextDouble() - 0.5); // below every limit near the plateau pose
                }
                limitsAt(FrankaLimits.FR3, robot.state.qD());
                limiter.velocities(command, robot.state.qD(), robot.state.dqD(), robot.state.ddqD(), out);
                robot.acceptVelocities(out);
                assertWithinLimits(FrankaLimits.FR3, robot, cycle);
                hardest = Math.max(hardest, Math.abs(robot.state.ddqD()[0]) / FrankaLimits.FR3.maxJointAcceleration[0]);
            }
            assertTrue(hardest > 0.5, "seed " + seed + ": the limiter works the acceleration (" + hardest + ")");
        }
    }

    @Test
    void atFullSpeedTowardAJointLimitFr3Joints1To4And6StopInsideTheirRangeWithinTheAccelerationLimit() {
        for (int joint : new int[] {0, 1, 2, 3, 5}) {
            for (double direction : new double[] {1, -1}) {
                Approach run = approach(joint, direction);
                assertTrue(run.worstExcursion < 0, "joint " + joint + " direction " + direction
                        + " stays inside its range (" + run.worstExcursion + " rad beyond)");
                assertTrue(run.worstAcceleration <= FrankaLimits.FR3.maxJointAcceleration[joint] + ROUNDING,
                        "joint " + joint + ": acceleration " + run.worstAcceleration);
                // following the shrinking limit with a lag costs up to a quarter more jerk (libfranka does the same)
                assertTrue(run.worstJerk <= 1.25 * FrankaLimits.FR3.maxJointJerk[joint], "joint " + joint
                        + ": jerk " + run.worstJerk);
                assertEquals(0.0, run.finalVelocity, 2e-3, "joint " + joint + " has come to rest");
            }
        }
    }

    @Test
    void atFullSpeedTowardAJointLimitFr3Joints5And7OverrunItAsLibfrankasLimitsDo() {
        // the FR3 braking curve -0.35 + sqrt(34 d) asks for up to 16 rad/s^2 while the limiter allows 10: from
        // 5.26 rad/s the limiter cannot stop within the range. The lead's emulator sees this as a position-limit
        // reflex; README "What differs from libfranka" says why this module keeps libfranka's numbers.
        for (int joint : new int[] {4, 6}) {
            Approach run = approach(joint, 1);
            assertTrue(run.worstExcursion > 0.4, "joint " + joint + " overruns by " + run.worstExcursion);
            assertTrue(run.worstExcursion < 0.5, "joint " + joint + " overruns by " + run.worstExcursion);
        }
    }

    /** What a joint position command far beyond one end of a joint's range does to that joint, over 8 s. */
    private static Approach approach(int joint, double direction) {
        FrankaLimits fr3 = FrankaLimits.FR3;
        JointRateLimiter limiter = new JointRateLimiter(fr3);
        PerfectJointRobot robot = new PerfectJointRobot(READY);
        double[] target = READY.clone();
        target[joint] += 10 * direction;
        double[] out = new double[JOINTS];
        Approach run = new Approach();
        run.worstExcursion = Double.NEGATIVE_INFINITY;
        for (int cycle = 0; cycle < 8000; cycle++) {
            limiter.positions(target, robot.state.qD(), robot.state.dqD(), robot.state.ddqD(), out);
            robot.acceptPositions(out);
            double q = robot.state.qD()[joint];
            run.worstExcursion = Math.max(run.worstExcursion,
                    direction > 0 ? q - fr3.upperJointPosition[joint] : fr3.lowerJointPosition[joint] - q);
            run.worstAcceleration = Math.max(run.worstAcceleration, Math.abs(robot.state.ddqD()[joint]));
            run.worstJerk = Math.max(run.worstJerk, Math.abs(robot.jerk[joint]));
        }
        run.finalVelocity = robot.state.dqD()[joint];
        return run;
    }

    private static final class Approach {
        double worstExcursion;
        double worstAcceleration;
        double worstJerk;
        double finalVelocity;
    }

    private static final double LIMIT_TOLERANCE = FrankaLimits.LIMIT_EPS;

    /** The velocity limits in force for the step from {@code q}, kept for {@link #assertWithinLimits}. */
    private void limitsAt(FrankaLimits limits, double[] q) {
        limits.upperJointVelocityLimits(q, upper);
        limits.lowerJointVelocityLimits(q, lower);
    }

    private void assertWithinLimits(FrankaLimits limits, PerfectJointRobot robot, int cycle) {
        for (int j = 0; j < JOINTS; j++) {
            double dq = robot.state.dqD()[j];
            String where = limits.name() + " joint " + j + " cycle " + cycle;
            assertTrue(dq <= Math.max(upper[j], 0) + ROUNDING && dq >= Math.min(lower[j], 0) - ROUNDING,
                    where + ": velocity " + dq + " outside [" + lower[j] + ", " + upper[j] + "]");
            assertTrue(Math.abs(robot.state.ddqD()[j]) <= limits.maxJointAcceleration[j] + ROUNDING,
                    where + ": acceleration " + robot.state.ddqD()[j]);
            assertTrue(Math.abs(robot.jerk[j]) <= limits.maxJointJerk[j] * (1 + 1e-9) + ROUNDING,
                    where + ": jerk " + robot.jerk[j]);
        }
    }
}
