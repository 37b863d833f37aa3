package org.robocell.kinematics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;
import org.robocell.kinematics.internal.EjmlKinematicsService;

/** The kinematics_interface calls controllers make through {@link KinematicsService}. */
class KinematicsSolverTest {

    private final KinematicsService service = new EjmlKinematicsService();
    private static final double[] KR6_Q = {0.3, -1.2, 1.4, 0.5, -0.7, 1.1};

    @Test
    void linkTransformAndJacobianAreTheWorkspaceOnesInTheRootFrame() {
        KinematicsSolver solver = service.solver(TestRobots.kr6(), "base_link", 0);
        KinematicModel model = service.model(TestRobots.kr6());
        KinematicWorkspace ws = model.newWorkspace();
        ws.forwardKinematics(KR6_Q);
        double[] expected = new double[16];
        ws.linkTransform(model.linkIndex("tool0"), expected);
        double[] actual = new double[16];
        assertTrue(solver.calculateLinkTransform(KR6_Q, "tool0", actual));
        assertArrayEquals(expected, actual, 1e-15);

        DMatrixRMaj expectedJacobian = new DMatrixRMaj(6, 6);
        ws.jacobian(model.linkIndex("tool0"), ReferenceFrame.BASE, expectedJacobian);
        DMatrixRMaj jacobian = new DMatrixRMaj(6, 6);
        assertTrue(solver.calculateJacobian(KR6_Q, "tool0", jacobian));
        assertArrayEquals(expectedJacobian.data, jacobian.data, 1e-15);
    }

    @Test
    void undampedInverseOfASquareJacobianIsItsInverse() {
        KinematicsSolver solver = service.solver(TestRobots.kr6(), "base_link", 0);
        DMatrixRMaj jacobian = new DMatrixRMaj(6, 6);
        DMatrixRMaj inverse = new DMatrixRMaj(6, 6);
        assertTrue(solver.calculateJacobian(KR6_Q, "tool0", jacobian));
        assertTrue(solver.calculateJacobianInverse(KR6_Q, "tool0", inverse));
        DMatrixRMaj product = new DMatrixRMaj(6, 6);
        CommonOps_DDRM.mult(inverse, jacobian, product);
        assertTrue(CommonOps_DDRM.identity(6).data.length == product.data.length);
        assertArrayEquals(CommonOps_DDRM.identity(6).data, product.data, 1e-9);
    }

    @Test
    void cartesianAndJointDeltasConvertBackAndForth() {
        KinematicsSolver solver = service.solver(TestRobots.kr6(), "base_link", 0);
        double[] deltaX = {0.01, -0.02, 0.005, 0.03, 0.0, -0.01};
        double[] deltaTheta = new double[6];
        double[] back = new double[6];
        assertTrue(solver.convertCartesianDeltasToJointDeltas(KR6_Q, deltaX, "tool0", deltaTheta));
        assertTrue(solver.convertJointDeltasToCartesianDeltas(KR6_Q, deltaTheta, "tool0", back));
        assertArrayEquals(deltaX, back, 1e-12);
    }

    @Test
    void dampingShortensTheJointMotionOfARedundantArm() {
        KinematicsSolver damped = service.solver(TestRobots.fr3(), "base", 0.01);
        double[] deltaX = {0.01, 0, 0, 0, 0, 0};
        double[] deltaTheta = new double[7];
        double[] reached = new double[6];
        assertTrue(damped.convertCartesianDeltasToJointDeltas(TestRobots.FR3_READY, deltaX, "link8", deltaTheta));
        assertTrue(damped.convertJointDeltasToCartesianDeltas(TestRobots.FR3_READY, deltaTheta, "link8", reached));
        assertTrue(reached[0] > 0.005 && reached[0] < 0.01, "damped motion falls short of the request: " + reached[0]);
    }

    @Test
    void aBaseFixedToTheRootExpressesResultsInItsOwnFrame() {
        // link0_accelerometer_top is turned by (about) π about x and lifted 5 cm: an upside-down base
        KinematicsSolver fromRoot = service.solver(TestRobots.fr3(), "base", 0);
        KinematicsSolver fromSensor = service.solver(TestRobots.fr3(), "link0_accelerometer_top", 0);
        double[] sensor = new double[16];
        double[] tip = new double[16];
        double[] tipFromSensor = new double[16];
        assertTrue(fromRoot.calculateLinkTransform(TestRobots.FR3_READY, "link0_accelerometer_top", sensor));
        assertTrue(fromRoot.calculateLinkTransform(TestRobots.FR3_READY, "link8", tip));
        assertTrue(fromSensor.calculateLinkTransform(TestRobots.FR3_READY, "link8", tipFromSensor));
        // T_sensor_tip = T_sensorᵀ·T_tip (rotation transposed, translation moved)
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double r = 0;
                for (int k = 0; k < 3; k++) {
                    r += sensor[4 * k + i] * tip[4 * k + j];
                }
                assertEquals(r, tipFromSensor[4 * i + j], 1e-12);
            }
            double p = 0;
            for (int k = 0; k < 3; k++) {
                p += sensor[4 * k + i] * (tip[4 * k + 3] - sensor[4 * k + 3]);
            }
            assertEquals(p, tipFromSensor[4 * i + 3], 1e-12);
        }
        DMatrixRMaj rootJacobian = new DMatrixRMaj(6, 7);
        DMatrixRMaj sensorJacobian = new DMatrixRMaj(6, 7);
        assertTrue(fromRoot.calculateJacobian(TestRobots.FR3_READY, "link8", rootJacobian));
        assertTrue(fromSensor.calculateJacobian(TestRobots.FR3_READY, "link8", sensorJacobian));
        // the base is nearly upside down: z components change sign
        assertEquals(-rootJacobian.get(2, 1), sensorJacobian.get(2, 1), 1e-4);
        assertEquals(-rootJacobian.get(5, 0), sensorJacobian.get(5, 0), 1e-4);
    }

    @Test
    void badInputIsAnsweredWithFalseLikeKinematicsInterface() {
        KinematicsSolver solver = service.solver(TestRobots.kr6(), "base_link", 0);
        double[] transform = new double[16];
        assertFalse(solver.calculateLinkTransform(KR6_Q, "no_such_link", transform));
        assertFalse(solver.calculateLinkTransform(new double[5], "tool0", transform));
        assertFalse(solver.convertJointDeltasToCartesianDeltas(KR6_Q, new double[6], "tool0", new double[5]));
        // a redundant arm without damping has a singular JᵀJ, and no inverse
        KinematicsSolver undamped = service.solver(TestRobots.fr3(), "base", 0);
        assertFalse(undamped.calculateJacobianInverse(TestRobots.FR3_READY, "link8", new DMatrixRMaj(7, 6)));
    }

    @Test
    void aMovingBaseOrNegativeDampingIsRefusedAtConfiguration() {
        assertThrows(IllegalArgumentException.class, () -> service.solver(TestRobots.kr6(), "link_3", 0));
        assertThrows(IllegalArgumentException.class, () -> service.solver(TestRobots.kr6(), "base_link", -1));
        assertThrows(IllegalArgumentException.class, () -> service.solver(TestRobots.kr6(), "nowhere", 0));
    }
}
