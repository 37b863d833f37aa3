package org.robocell.kinematics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.stream.Stream;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The quantities agree with each other on every robot, including the branching tree with prismatic joints and
 * tilted axes that no reference file covers: Jacobians are derivatives of poses, the mass matrix and Coriolis
 * terms are parts of inverse dynamics, forward dynamics inverts inverse dynamics, and external wrenches act
 * through the transposed Jacobian.
 */
class DerivativeConsistencyTest {

    private static final double H = 1e-6;

    static Stream<Arguments> robots() {
        return Stream.of(
                Arguments.of("fr3", KinematicModel.of(TestRobots.fr3()), "link8"),
                Arguments.of("kr6 with payload", KinematicModel.of(TestRobots.kr6()).withPayload("tool0",
                        TestRobots.body("payload", 2.0).inertial()), "tool0"),
                Arguments.of("tree", KinematicModel.of(TestRobots.branchingTree()), "right_tool"),
                Arguments.of("tree, left branch", KinematicModel.of(TestRobots.branchingTree()), "left_wrist"));
    }

    private static double[] random(Random rnd, int n, double scale) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = (2 * rnd.nextDouble() - 1) * scale;
        }
        return v;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("robots")
    void jacobianIsTheDerivativeOfThePointPose(String name, KinematicModel model, String linkName) {
        Random rnd = new Random(1);
        KinematicWorkspace ws = model.newWorkspace();
        int link = model.linkIndex(linkName);
        int n = model.dof();
        double[] point = {0.05, -0.1, 0.2};
        for (int trial = 0; trial < 5; trial++) {
            double[] q = random(rnd, n, 1.0);
            ws.forwardKinematics(q);
            DMatrixRMaj jacobian = new DMatrixRMaj(6, n);
            ws.jacobian(link, point[0], point[1], point[2], ReferenceFrame.BASE, jacobian);
            for (int j = 0; j < n; j++) {
                double[] plus = q.clone();
                double[] minus = q.clone();
                plus[j] += H;
                minus[j] -= H;
                double[] tp = transformAt(ws, plus, link);
                double[] tm = transformAt(ws, minus, link);
                for (int r = 0; r < 3; r++) {
                    double dp = (apply(tp, point, r) - apply(tm, point, r)) / (2 * H);
                    assertEquals(dp, jacobian.get(r, j), 1e-8, "linear row " + r + " column " + j);
                }
                // dR·Rᵀ = [ω]×
                double[] t = transformAt(ws, q, link);
                double[] w = new double[3];
                for (int k = 0; k < 3; k++) {
                    int a = (k + 1) % 3, b = (k + 2) % 3;
                    double sum = 0;
                    for (int c = 0; c < 3; c++) {
                        sum += (tp[4 * b + c] - tm[4 * b + c]) / (2 * H) * t[4 * a + c];
                    }
                    w[k] = sum;
                }
                for (int k = 0; k < 3; k++) {
                    assertEquals(w[k], jacobian.get(3 + k, j), 1e-8, "angular row " + k + " column " + j);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("robots")
    void linkFrameJacobianIsTheBaseJacobianRotatedIntoTheLink(String name, KinematicModel model, String linkName) {
        KinematicWorkspace ws = model.newWorkspace();
        int link = model.linkIndex(linkName);
        int n = model.dof();
        double[] q = random(new Random(2), n, 1.0);
        ws.forwardKinematics(q);
        double[] t = new double[16];
        ws.linkTransform(link, t);
        DMatrixRMaj base = new DMatrixRMaj(6, n);
        DMatrixRMaj local = new DMatrixRMaj(6, n);
        ws.jacobian(link, ReferenceFrame.BASE, base);
        ws.jacobian(link, ReferenceFrame.LINK, local);
        for (int c = 0; c < n; c++) {
            for (int h = 0; h < 6; h += 3) {
                for (int i = 0; i < 3; i++) {
                    double expected = 0;
                    for (int k = 0; k < 3; k++) {
                        expected += t[4 * k + i] * base.get(h + k, c);
                    }
                    assertEquals(expected, local.get(h + i, c), 1e-12);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("robots")
    void jacobianTimeDerivativeIsTheDerivativeAlongTheMotion(String name, KinematicModel model, String linkName) {
        KinematicWorkspace ws = model.newWorkspace();
        int link = model.linkIndex(linkName);
        int n = model.dof();
        Random rnd = new Random(3);
        double[] q = random(rnd, n, 1.0);
        double[] dq = random(rnd, n, 2.0);
        for (ReferenceFrame frame : ReferenceFrame.values()) {
            DMatrixRMaj plus = new DMatrixRMaj(6, n);
            DMatrixRMaj minus = new DMatrixRMaj(6, n);
            ws.forwardKinematics(step(q, dq, H));
            ws.jacobian(link, frame, plus);
            ws.forwardKinematics(step(q, dq, -H));
            ws.jacobian(link, frame, minus);
            DMatrixRMaj derivative = new DMatrixRMaj(6, n);
            ws.forwardKinematics(q);
            ws.jacobianTimeDerivative(link, dq, frame, derivative);
            for (int i = 0; i < 6 * n; i++) {
                assertEquals((plus.data[i] - minus.data[i]) / (2 * H), derivative.data[i], 1e-7, frame + " entry " + i);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("robots")
    void massMatrixCoriolisAndGravitySumToInverseDynamics(String name, KinematicModel model, String linkName) {
        KinematicWorkspace ws = model.newWorkspace();
        int n = model.dof();
        Random rnd = new Random(4);
        double[] q = random(rnd, n, 1.0);
        double[] dq = random(rnd, n, 2.0);
        double[] ddq = random(rnd, n, 3.0);
        DMatrixRMaj mass = new DMatrixRMaj(n, n);
        ws.massMatrix(q, mass);
        double[] coriolis = new double[n];
        double[] gravity = new double[n];
        double[] tau = new double[n];
        ws.coriolis(q, dq, coriolis);
        ws.gravity(q, gravity);
        ws.inverseDynamics(q, dq, ddq, tau);
        for (int i = 0; i < n; i++) {
            double expected = coriolis[i] + gravity[i];
            for (int j = 0; j < n; j++) {
                expected += mass.get(i, j) * ddq[j];
                assertEquals(mass.get(i, j), mass.get(j, i), 1e-12, "symmetric");
            }
            assertEquals(expected, tau[i], 1e-9);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("robots")
    void forwardDynamicsInvertsInverseDynamics(String name, KinematicModel model, String linkName) {
        KinematicWorkspace ws = model.newWorkspace();
        int n = model.dof();
        Random rnd = new Random(5);
        ws.setExternalWrench(model.linkIndex(linkName), 3, -2, 5, 0.4, 0.1, -0.3);
        for (int trial = 0; trial < 20; trial++) {
            double[] q = random(rnd, n, 2.0);
            double[] dq = random(rnd, n, 2.0);
            double[] ddq = random(rnd, n, 5.0);
            double[] tau = new double[n];
            double[] recovered = new double[n];
            ws.inverseDynamics(q, dq, ddq, tau);
            ws.forwardDynamics(q, dq, tau, recovered);
            assertArrayEquals(ddq, recovered, 1e-9);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("robots")
    void externalWrenchActsThroughTheTransposedJacobian(String name, KinematicModel model, String linkName) {
        KinematicWorkspace ws = model.newWorkspace();
        int link = model.linkIndex(linkName);
        int n = model.dof();
        Random rnd = new Random(6);
        double[] q = random(rnd, n, 1.0);
        double[] dq = random(rnd, n, 1.0);
        double[] ddq = random(rnd, n, 1.0);
        double[] wrench = {10, -4, 7, 0.5, 1.5, -2};
        double[] free = new double[n];
        double[] loaded = new double[n];
        ws.inverseDynamics(q, dq, ddq, free);
        ws.setExternalWrench(link, wrench[0], wrench[1], wrench[2], wrench[3], wrench[4], wrench[5]);
        ws.inverseDynamics(q, dq, ddq, loaded);
        DMatrixRMaj jacobian = new DMatrixRMaj(6, n);
        ws.forwardKinematics(q);
        ws.jacobian(link, ReferenceFrame.BASE, jacobian);
        for (int j = 0; j < n; j++) {
            double jtf = 0;
            for (int r = 0; r < 6; r++) {
                jtf += jacobian.get(r, j) * wrench[r];
            }
            assertEquals(free[j] - jtf, loaded[j], 1e-9);
        }
        ws.clearExternalWrenches();
        ws.inverseDynamics(q, dq, ddq, loaded);
        assertArrayEquals(free, loaded, 0.0);
    }

    private static double[] step(double[] q, double[] dq, double dt) {
        double[] out = q.clone();
        for (int i = 0; i < q.length; i++) {
            out[i] += dq[i] * dt;
        }
        return out;
    }

    private static double[] transformAt(KinematicWorkspace ws, double[] q, int link) {
        double[] t = new double[16];
        ws.forwardKinematics(q);
        ws.linkTransform(link, t);
        return t;
    }

    private static double apply(double[] t, double[] p, int row) {
        return t[4 * row] * p[0] + t[4 * row + 1] * p[1] + t[4 * row + 2] * p[2] + t[4 * row + 3];
    }
}
