package org.robocell.driver.franka.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.robocell.driver.franka.control.PerfectCartesianRobot.norm;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.control.internal.Rotations;

class CartesianRateLimiterTest {

    /** A flange pose of the FR3 at its ready pose: x forward, z down, column-major. */
    static final double[] READY_POSE = {1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0.307, 0, 0.487, 1};
    /** Rounding of difference quotients of poses (three of them, rotation through angle-axis). */
    private static final double ROUNDING = 1e-5;

    @Test
    void aTwistStepGivesTheHandComputedFirstSample() {
        CartesianRateLimiter limiter = new CartesianRateLimiter(FrankaLimits.FR3);
        PerfectCartesianRobot robot = new PerfectCartesianRobot(READY_POSE);
        double[] out = new double[6];
        limiter.twist(new double[] {1, 0, 0, 0, 0, 1}, robot.state.oDPEEc(), robot.state.oDdPEEc(), out);
        // jerk 1e6 clipped by norm to 4500 - 1e-3 (translation) and 8500 - 1e-3 (rotation), for 1 ms, for 1 ms
        assertEquals(0.004499999, out[0], 1e-15);
        assertEquals(0.008499999, out[5], 1e-15);
        assertEquals(0.0, out[1]);
        assertEquals(0.0, out[3]);
    }

    @Test
    void aPoseStepGivesTheHandComputedFirstSampleWithRotationAt99PercentOfTheRotationalLimits() {
        CartesianRateLimiter limiter = new CartesianRateLimiter(FrankaLimits.FR3);
        PerfectCartesianRobot robot = new PerfectCartesianRobot(READY_POSE);
        double angle = 0.001; // about the base z axis: 1 rad/s asked for
        double[] command = rotatedAboutZ(READY_POSE, angle);
        command[12] += 0.001; // 1 m/s asked for
        double[] out = new double[16];
        limiter.pose(command, robot.state.oTEEc(), robot.state.oDPEEc(), robot.state.oDdPEEc(), out);
        assertEquals(0.307 + 4.499999e-6, out[12], 1e-15);
        assertEquals(0.0, out[13], 1e-15);
        // 0.99 (8500 - 1e-3) rad/s^3 for 1 ms, for 1 ms, for 1 ms
        double expected = 0.99 * 8499.999 * 1e-9;
        assertArrayEquals(rotatedAboutZ(READY_POSE, expected), out, 1e-15, 0, 11);
        assertEquals(-1, Rotations.firstNonHomogeneousElement(out));
    }

    @Test
    void aTwistStepIsARampWithinJerkAccelerationAndVelocityNormsAtEverySampleAndReachesTheLimit() {
        for (FrankaLimits limits : new FrankaLimits[] {FrankaLimits.FR3, FrankaLimits.FER}) {
            CartesianRateLimiter limiter = new CartesianRateLimiter(limits);
            PerfectCartesianRobot robot = new PerfectCartesianRobot(READY_POSE);
            double[] command = {10, -10, 10, 10, 10, -10};
            double[] out = new double[6];
            for (int cycle = 0; cycle < 2000; cycle++) {
                limiter.twist(command, robot.state.oDPEEc(), robot.state.oDdPEEc(), out);
                robot.acceptTwist(out);
                assertWithinLimits(limits, 1.0, 1.0, robot, cycle);
            }
            assertEquals(limits.maxTranslationalVelocity, norm(robot.state.oDPEEc(), 0), 1e-9,
                    limits.name() + ": the translational speed reaches its limit");
            assertEquals(limits.maxRotationalVelocity, norm(robot.state.oDPEEc(), 3), 1e-9,
                    limits.name() + ": the rotational speed reaches its limit");
            double[] direction = robot.state.oDPEEc();
            assertEquals(direction[0], -direction[1], 1e-12, "the limited twist keeps the commanded direction");
        }
    }

    @Test
    void aSidewaysTwistAtTopSpeedTurnsInsideTheVelocitySphereToACommandWithinIt() {
        CartesianRateLimiter limiter = new CartesianRateLimiter(FrankaLimits.FR3);
        PerfectCartesianRobot robot = atTopSpeedAlongX(limiter);
        double[] out = new double[6];
        for (int cycle = 0; cycle < 1000; cycle++) {
            limiter.twist(new double[] {0, 2.5, 0, 0, 0, 0}, robot.state.oDPEEc(), robot.state.oDdPEEc(), out);
            robot.acceptTwist(out);
            assertWithinLimits(FrankaLimits.FR3, 1.0, 2.0, robot, cycle);
        }
        assertEquals(0.0, robot.state.oDPEEc()[0], 1e-9, "the old direction is gone");
        assertEquals(2.5, robot.state.oDPEEc()[1], 1e-9, "the new command is reached");
    }

    @Test
    void aTwistBeyondTheSpeedLimitStopsTurningWhereItMeetsTheVelocitySphereAsInLibfranka() {
        CartesianRateLimiter limiter = new CartesianRateLimiter(FrankaLimits.FR3);
        PerfectCartesianRobot robot = atTopSpeedAlongX(limiter);
        double[] out = new double[6];
        for (int cycle = 0; cycle < 2000; cycle++) {
            limiter.twist(new double[] {0, 5, 0, 0, 0, 0}, robot.state.oDPEEc(), robot.state.oDdPEEc(), out);
            robot.acceptTwist(out);
        }
        // once (command - v) points outward, the distance to the sphere along it is 0: no acceleration is left
        double vx = robot.state.oDPEEc()[0];
        double vy = robot.state.oDPEEc()[1];
        assertEquals(FrankaLimits.FR3.maxTranslationalVelocity, Math.hypot(vx, vy), 1e-6, "on the sphere");
        assertTrue(vx > 1.0 && vy > 2.0, "stuck between the old and the new direction: " + vx + ", " + vy);
    }

    private static PerfectCartesianRobot atTopSpeedAlongX(CartesianRateLimiter limiter) {
        PerfectCartesianRobot robot = new PerfectCartesianRobot(READY_POSE);
        double[] out = new double[6];
        for (int cycle = 0; cycle < 1000; cycle++) {
            limiter.twist(new double[] {5, 0, 0, 0, 0, 0}, robot.state.oDPEEc(), robot.state.oDdPEEc(), out);
            robot.acceptTwist(out);
        }
        assertEquals(FrankaLimits.FR3.maxTranslationalVelocity, robot.state.oDPEEc()[0], 1e-9);
        return robot;
    }

    @Test
    void randomTwistsNeverExceedTheNormLimitsAndReachThem() {
        for (FrankaLimits limits : new FrankaLimits[] {FrankaLimits.FR3, FrankaLimits.FER}) {
            double fastest = 0;
            double hardest = 0;
            for (long seed = 1; seed <= 4; seed++) {
                Random random = new Random(seed);
                CartesianRateLimiter limiter = new CartesianRateLimiter(limits);
                PerfectCartesianRobot robot = new PerfectCartesianRobot(READY_POSE);
                double[] command = new double[6];
                double[] out = new double[6];
                for (int cycle = 0; cycle < 5000; cycle++) {
                    if (cycle % 300 == 0 || random.nextDouble() < 0.02) {
                        for (int i = 0; i < 6; i++) {
                            command[i] = 8 * random.nextGaussian();
                        }
                    }
                    limiter.twist(command, robot.state.oDPEEc(), robot.state.oDdPEEc(), out);
                    robot.acceptTwist(out);
                    assertWithinLimits(limits, 1.0, 2.0, robot, cycle);
                    fastest = Math.max(fastest, norm(robot.state.oDPEEc(), 0) / limits.maxTranslationalVelocity);
                    hardest = Math.max(hardest, norm(robot.jerk, 3) / limits.maxRotationalJerk);
                }
            }
            assertTrue(fastest > 0.999, limits.name() + ": the speed limit is reached (" + fastest + " of it)");
            assertTrue(hardest > 0.999, limits.name() + ": the jerk limit is reached (" + hardest + " of it)");
        }
    }

    @Test
    void randomPoseTargetsGiveHomogeneousPosesWithinTheLimitsWithRotationAt99Percent() {
        for (long seed = 21; seed <= 24; seed++) {
            Random random = new Random(seed);
            CartesianRateLimiter limiter = new CartesianRateLimiter(FrankaLimits.FR3);
            PerfectCartesianRobot robot = new PerfectCartesianRobot(READY_POSE);
            double[] target = READY_POSE.clone();
            double[] out = new double[16];
            double fastestTurn = 0;
            for (int cycle = 0; cycle < 4000; cycle++) {
                if (cycle % 400 == 0) {
                    // a target up to 0.5 m and ~3 rad away: far beyond what one cycle may do
                    target = rotatedAbout(READY_POSE, random.nextGaussian(), random.nextGaussian(),
                            random.nextGaussian(), 3 * (random.nextDouble() - 0.5) * 2);
                    for (int i = 12; i < 15; i++) {
                        target[i] += 0.5 * (random.nextDouble() - 0.5);
                    }
                }
                limiter.pose(target, robot.state.oTEEc(), robot.state.oDPEEc(), robot.state.oDdPEEc(), out);
                assertEquals(-1, Rotations.firstNonHomogeneousElement(out), "seed " + seed + " cycle " + cycle);
                robot.acceptPose(out);
                assertWithinLimits(FrankaLimits.FR3, FrankaLimits.FACTOR_CARTESIAN_ROTATION_POSE_INTERFACE, 2.0,
                        robot, cycle);
                fastestTurn = Math.max(fastestTurn, norm(robot.state.oDPEEc(), 3));
            }
            assertEquals(0.99 * FrankaLimits.FR3.maxRotationalVelocity, fastestTurn, 1e-6,
                    "seed " + seed + ": the pose interface turns at 99 % of the rotational limit, no faster");
        }
    }

    @Test
    void anElbowStepIsLimitedAsAPositionWithTheElbowLimits() {
        CartesianRateLimiter limiter = new CartesianRateLimiter(FrankaLimits.FR3);
        PerfectCartesianRobot robot = new PerfectCartesianRobot(READY_POSE);
        assertEquals(4.999999e-6, limiter.elbow(0.001, 0, 0, 0), 1e-15, "1 rad/s asked for: the jerk limit for 3 ms");
        double fastest = 0;
        for (int cycle = 0; cycle < 3000; cycle++) {
            double elbow = limiter.elbow(-2.0, robot.state.elbowC()[0], robot.state.delbowC()[0],
                    robot.state.ddelbowC()[0]);
            robot.acceptElbow(elbow);
            assertTrue(Math.abs(robot.state.delbowC()[0]) <= FrankaLimits.FR3.maxElbowVelocity + ROUNDING);
            assertTrue(Math.abs(robot.state.ddelbowC()[0]) <= FrankaLimits.FR3.maxElbowAcceleration + ROUNDING);
            assertTrue(Math.abs(robot.jerk[0]) <= FrankaLimits.FR3.maxElbowJerk * (1 + 1e-9) + ROUNDING);
            fastest = Math.max(fastest, Math.abs(robot.state.delbowC()[0]));
        }
        assertEquals(FrankaLimits.FR3.maxElbowVelocity, fastest, 1e-9, "1.5 rad/s less the margin, reached");
    }

    /**
     * Velocity and acceleration norms within the limits; the jerk norm within {@code jerkAllowance} times its limit
     * (1 on straight lines: libfranka's limiter cuts the acceleration to what the velocity sphere allows without
     * regard to jerk, so with turning commands near the sphere the jerk goes up to about twice its limit).
     */
    private static void assertWithinLimits(FrankaLimits limits, double rotationFactor, double jerkAllowance,
            PerfectCartesianRobot robot, int cycle) {
        String where = limits.name() + " cycle " + cycle;
        assertTrue(norm(robot.state.oDPEEc(), 0) <= limits.maxTranslationalVelocity + ROUNDING, where + " v");
        assertTrue(norm(robot.state.oDdPEEc(), 0) <= limits.maxTranslationalAcceleration + ROUNDING, where + " a");
        assertTrue(norm(robot.jerk, 0) <= jerkAllowance * limits.maxTranslationalJerk * (1 + 1e-9) + ROUNDING * 100,
                where + " jerk " + norm(robot.jerk, 0));
        assertTrue(norm(robot.state.oDPEEc(), 3) <= rotationFactor * limits.maxRotationalVelocity + ROUNDING,
                where + " w " + norm(robot.state.oDPEEc(), 3));
        assertTrue(norm(robot.state.oDdPEEc(), 3) <= rotationFactor * limits.maxRotationalAcceleration + ROUNDING,
                where + " dw " + norm(robot.state.oDdPEEc(), 3));
        assertTrue(norm(robot.jerk, 3) <= jerkAllowance * rotationFactor * limits.maxRotationalJerk * (1 + 1e-9) + ROUNDING * 100,
                where + " ddw " + norm(robot.jerk, 3));
    }

    static double[] rotatedAboutZ(double[] pose, double angle) {
        return rotatedAbout(pose, 0, 0, 1, angle);
    }

    /** {@code pose} with its rotation turned by {@code angle} about the base axis (x, y, z), translation kept. */
    static double[] rotatedAbout(double[] pose, double x, double y, double z, double angle) {
        double n = Math.sqrt(x * x + y * y + z * z);
        double[] out = pose.clone();
        Rotations.rotate(x / n, y / n, z / n, angle, pose, out);
        return out;
    }

    private static void assertArrayEquals(double[] expected, double[] actual, double delta, int from, int to) {
        for (int i = from; i <= to; i++) {
            assertEquals(expected[i], actual[i], delta, "element " + i);
        }
    }
}
