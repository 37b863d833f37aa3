package org.robocell.kinematics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Damped least-squares IK reaches reachable poses, stays within the limits and reports unreachable ones. */
class InverseKinematicsTest {

    private static final double POSITION = 1e-6;
    private static final double ORIENTATION = 1e-6;

    static Stream<Arguments> robots() {
        return Stream.of(Arguments.of("fr3", KinematicModel.of(TestRobots.fr3()), "link8"),
                Arguments.of("kr6", KinematicModel.of(TestRobots.kr6()), "tool0"));
    }

    private static double[] randomWithinLimits(KinematicModel model, Random rnd) {
        double[] q = new double[model.dof()];
        for (int j = 0; j < q.length; j++) {
            q[j] = model.lowerLimit(j) + rnd.nextDouble() * (model.upperLimit(j) - model.lowerLimit(j));
        }
        return q;
    }

    private static double[] midRange(KinematicModel model) {
        double[] q = new double[model.dof()];
        for (int j = 0; j < q.length; j++) {
            q[j] = (model.lowerLimit(j) + model.upperLimit(j)) / 2;
        }
        return q;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("robots")
    void recoversRandomReachablePosesFromTheMiddleOfTheJointRanges(String name, KinematicModel model, String tip) {
        KinematicWorkspace ws = model.newWorkspace();
        int link = model.linkIndex(tip);
        Random rnd = new Random(42);
        double[] target = new double[16];
        double[] solution = new double[model.dof()];
        double[] reached = new double[16];
        for (int trial = 0; trial < 200; trial++) {
            ws.forwardKinematics(randomWithinLimits(model, rnd));
            ws.linkTransform(link, target);

            IkResult result = ws.inverseKinematics(link, target, midRange(model), IkOptions.DEFAULT, solution);

            assertTrue(result.converged(), "trial " + trial + ": " + result);
            ws.forwardKinematics(solution);
            ws.linkTransform(link, reached);
            assertEquals(0, positionError(target, reached), POSITION, "trial " + trial);
            assertEquals(0, rotationAngle(target, reached), ORIENTATION, "trial " + trial);
            for (int j = 0; j < solution.length; j++) {
                assertTrue(solution[j] >= model.lowerLimit(j) && solution[j] <= model.upperLimit(j),
                        "joint " + j + " = " + solution[j] + " is within its limits");
            }
        }
    }

    @Test
    void acceptsTheTargetAsPositionAndQuaternion() {
        KinematicModel model = KinematicModel.of(TestRobots.fr3());
        KinematicWorkspace ws = model.newWorkspace();
        int flange = model.linkIndex("link8");
        // the ready pose: flange at (0.306891, 0, 0.590282), z down, x at 45° — quaternion (x, y, z, w)
        double[] position = {0.306891, 0, 0.590282};
        double[] quaternion = {Math.cos(Math.PI / 8), -Math.sin(Math.PI / 8), 0, 0};
        double[] solution = new double[7];
        IkResult result = ws.inverseKinematics(flange, position, quaternion, midRange(model), IkOptions.DEFAULT, solution);
        assertTrue(result.converged(), result.toString());
        double[] reachedPosition = new double[3];
        double[] reachedQuaternion = new double[4];
        ws.forwardKinematics(solution);
        ws.linkPosition(flange, reachedPosition);
        ws.linkQuaternion(flange, reachedQuaternion);
        for (int k = 0; k < 3; k++) {
            assertEquals(position[k], reachedPosition[k], POSITION);
        }
        // q and -q are the same rotation, and this one is a half turn (w = 0), so either sign may come back
        double dot = 0;
        for (int k = 0; k < 4; k++) {
            dot += quaternion[k] * reachedQuaternion[k];
        }
        assertEquals(1, Math.abs(dot), 1e-12);
    }

    @Test
    void reportsAPoseOutOfReachAsNotConvergedWithTheBestAttempt() {
        KinematicModel model = KinematicModel.of(TestRobots.fr3());
        KinematicWorkspace ws = model.newWorkspace();
        int flange = model.linkIndex("link8");
        double[] farAway = {1, 0, 0, 2.0, 0, 1, 0, 0, 0, 0, 1, 0.5, 0, 0, 0, 1};
        double[] solution = new double[7];
        IkResult result = ws.inverseKinematics(flange, farAway, midRange(model), IkOptions.DEFAULT, solution);
        assertFalse(result.converged());
        assertEquals(IkOptions.DEFAULT.restarts() + 1, result.attempts());
        // the arm reaches about 0.855 m from the shoulder at z = 0.333: the best attempt stretches towards the target
        assertTrue(result.positionError() > 0.9 && result.positionError() < 1.3, result.toString());
        double[] reached = new double[3];
        ws.forwardKinematics(solution);
        ws.linkPosition(flange, reached);
        assertEquals(result.positionError(), Math.sqrt(Math.pow(2.0 - reached[0], 2) + Math.pow(reached[1], 2)
                + Math.pow(0.5 - reached[2], 2)), 1e-12, "the reported error is that of the returned positions");
    }

    @Test
    void aTargetOnlyReachableOutsideTheLimitsIsNotReported() {
        KinematicModel model = KinematicModel.of(TestRobots.fr3());
        KinematicWorkspace ws = model.newWorkspace();
        int flange = model.linkIndex("link8");
        // joint 4 of the FR3 can never be straight (upper limit -0.1458 rad): the stretched-out pose is out of range
        double[] stretched = {0, 0, 0, 0, 0, 0, 0};
        double[] target = new double[16];
        ws.forwardKinematics(stretched);
        ws.linkTransform(flange, target);
        double[] solution = new double[7];
        IkResult result = ws.inverseKinematics(flange, target, midRange(model), IkOptions.DEFAULT, solution);
        assertFalse(result.converged(), result.toString());
        assertTrue(solution[3] <= model.upperLimit(3));
    }

    private static double positionError(double[] a, double[] b) {
        return Math.sqrt(Math.pow(a[3] - b[3], 2) + Math.pow(a[7] - b[7], 2) + Math.pow(a[11] - b[11], 2));
    }

    /** The angle of a·bᵀ. */
    private static double rotationAngle(double[] a, double[] b) {
        double trace = 0;
        for (int i = 0; i < 3; i++) {
            for (int k = 0; k < 3; k++) {
                trace += a[4 * i + k] * b[4 * i + k];
            }
        }
        double cos = Math.max(-1, Math.min(1, (trace - 1) / 2));
        // acos is flat near 0: use the chordal distance for small angles
        double chord = 0;
        for (int i = 0; i < 3; i++) {
            for (int k = 0; k < 3; k++) {
                chord += Math.pow(a[4 * i + k] - b[4 * i + k], 2);
            }
        }
        return cos > 0.99 ? 2 * Math.asin(Math.sqrt(chord / 8)) : Math.acos(cos);
    }
}
