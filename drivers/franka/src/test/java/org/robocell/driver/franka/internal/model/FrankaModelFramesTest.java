package org.robocell.driver.franka.internal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.robocell.driver.franka.internal.model.FrankaModelGoldenTest.IDENTITY;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaModel;

/**
 * Every libfranka frame: where it sits (the joints' frames are the URDF's link1..link7, the end effector is
 * F_T_EE on the flange, the stiffness frame EE_T_K on that), and its zero and body Jacobians against central
 * finite differences of the model's own poses.
 */
class FrankaModelFramesTest {

    private static final double H = 1e-6;
    private static final double FD_TOL = 1e-7;

    private final FrankaModel model = FrankaModel.fr3();
    /** a hand-like end effector: 0.1034 m out, turned -45° about z (franka_description's hand), and a K frame */
    static final double[] F_T_EE = transform(0.01, -0.02, 0.1034, Math.toRadians(-45), 0.2);
    static final double[] EE_T_K = transform(0.03, 0.0, 0.05, 0.4, -0.3);

    @Test
    void jointFramesAreTheLinksOfTheJointsOnTheirAxes() {
        double[] q = { 0.4, 0, 0, -1.5, 0, 1.5, 0 };
        double[] pose = new double[16];
        model.pose(FrankaFrame.JOINT1, q, IDENTITY, IDENTITY, pose);
        // joint1 turns about the base's z axis, 0.333 m up (fr3.urdf: joint1 origin xyz="0 0 0.333")
        assertEquals(0.333, pose[14], 1e-12);
        assertEquals(Math.cos(0.4), pose[0], 1e-12);
        assertEquals(Math.sin(0.4), pose[1], 1e-12);
        double[] j7 = new double[16];
        double[] flange = new double[16];
        model.pose(FrankaFrame.JOINT7, q, IDENTITY, IDENTITY, j7);
        model.pose(FrankaFrame.FLANGE, q, IDENTITY, IDENTITY, flange);
        // the flange is 0.107 m along joint 7's z (fr3.urdf: joint8 origin xyz="0 0 0.107")
        for (int r = 0; r < 3; r++) {
            assertEquals(j7[12 + r] + 0.107 * j7[8 + r], flange[12 + r], 1e-12);
        }
    }

    @Test
    void endEffectorAndStiffnessFramesAreTheStatesFramesOnTheFlange() {
        double[] q = randomQ(new Random(3));
        double[] flange = new double[16];
        double[] ee = new double[16];
        double[] k = new double[16];
        double[] expected = new double[16];
        model.pose(FrankaFrame.FLANGE, q, F_T_EE, EE_T_K, flange);
        model.pose(FrankaFrame.END_EFFECTOR, q, F_T_EE, EE_T_K, ee);
        model.pose(FrankaFrame.STIFFNESS, q, F_T_EE, EE_T_K, k);
        Transforms.multiply(flange, F_T_EE, expected);
        assertArrayEquals(expected, ee, 1e-12);
        double[] eeK = new double[16];
        Transforms.multiply(ee, EE_T_K, eeK);
        assertArrayEquals(eeK, k, 1e-12);
        // identity frames: the end effector and the stiffness frame are the flange
        model.pose(FrankaFrame.STIFFNESS, q, IDENTITY, IDENTITY, k);
        assertArrayEquals(flange, k, 0);
    }

    @ParameterizedTest
    @EnumSource(FrankaFrame.class)
    void zeroJacobianIsTheFiniteDifferenceOfThePoseInTheBaseFrame(FrankaFrame frame) {
        Random random = new Random(frame.ordinal());
        double[] j = new double[42];
        for (int n = 0; n < 5; n++) {
            double[] q = randomQ(random);
            model.zeroJacobian(frame, q, F_T_EE, EE_T_K, j);
            double[] fd = finiteDifference(frame, q, false);
            assertArrayEquals(fd, j, FD_TOL);
        }
    }

    @ParameterizedTest
    @EnumSource(FrankaFrame.class)
    void bodyJacobianIsTheFiniteDifferenceOfThePoseInTheFrameItself(FrankaFrame frame) {
        Random random = new Random(100 + frame.ordinal());
        double[] j = new double[42];
        for (int n = 0; n < 5; n++) {
            double[] q = randomQ(random);
            model.bodyJacobian(frame, q, F_T_EE, EE_T_K, j);
            double[] fd = finiteDifference(frame, q, true);
            assertArrayEquals(fd, j, FD_TOL);
        }
    }

    @ParameterizedTest
    @EnumSource(value = FrankaFrame.class, names = { "JOINT1", "JOINT2", "JOINT3", "JOINT4", "JOINT5", "JOINT6" })
    void aJointsJacobianHasNoColumnForTheJointsAfterIt(FrankaFrame frame) {
        double[] j = new double[42];
        model.zeroJacobian(frame, randomQ(new Random(7)), IDENTITY, IDENTITY, j);
        for (int c = frame.ordinal() + 1; c < 7; c++) {
            for (int r = 0; r < 6; r++) {
                assertEquals(0, j[6 * c + r], 0.0, "column " + c);
            }
        }
        int own = 6 * frame.ordinal();
        assertEquals(1, Math.sqrt(j[own + 3] * j[own + 3] + j[own + 4] * j[own + 4] + j[own + 5] * j[own + 5]),
                1e-12, "its own column turns it about a unit axis");
    }

    /** Column-major 6x7: linear velocity of the frame's origin and angular velocity, per unit joint rate. */
    private double[] finiteDifference(FrankaFrame frame, double[] q, boolean body) {
        double[] plus = new double[16];
        double[] minus = new double[16];
        double[] at = new double[16];
        double[] out = new double[42];
        model.pose(frame, q, F_T_EE, EE_T_K, at);
        for (int c = 0; c < 7; c++) {
            double[] qp = q.clone();
            double[] qm = q.clone();
            qp[c] += H;
            qm[c] -= H;
            model.pose(frame, qp, F_T_EE, EE_T_K, plus);
            model.pose(frame, qm, F_T_EE, EE_T_K, minus);
            double[] v = new double[3];
            double[] dr = new double[9]; // dR/dq row-major
            for (int r = 0; r < 3; r++) {
                v[r] = (plus[12 + r] - minus[12 + r]) / (2 * H);
                for (int k = 0; k < 3; k++) {
                    dr[3 * r + k] = (plus[4 * k + r] - minus[4 * k + r]) / (2 * H);
                }
            }
            // [ω]× = dR Rᵀ
            double[] w = new double[9];
            for (int r = 0; r < 3; r++) {
                for (int k = 0; k < 3; k++) {
                    double s = 0;
                    for (int l = 0; l < 3; l++) {
                        s += dr[3 * r + l] * at[4 * l + k];
                    }
                    w[3 * r + k] = s;
                }
            }
            double[] omega = { w[7], w[2], w[3] };
            if (body) {
                v = transposeTimes(at, v);
                omega = transposeTimes(at, omega);
            }
            for (int r = 0; r < 3; r++) {
                out[6 * c + r] = v[r];
                out[6 * c + 3 + r] = omega[r];
            }
        }
        return out;
    }

    private static double[] transposeTimes(double[] pose, double[] v) {
        double[] out = new double[3];
        for (int r = 0; r < 3; r++) {
            out[r] = pose[4 * r] * v[0] + pose[4 * r + 1] * v[1] + pose[4 * r + 2] * v[2];
        }
        return out;
    }

    static double[] randomQ(Random random) {
        double[] lower = { -2.7437, -1.7837, -2.9007, -3.0421, -2.8065, 0.5445, -3.0159 };
        double[] upper = { 2.7437, 1.7837, 2.9007, -0.1518, 2.8065, 4.5169, 3.0159 };
        double[] q = new double[7];
        for (int i = 0; i < 7; i++) {
            q[i] = lower[i] + random.nextDouble() * (upper[i] - lower[i]);
        }
        return q;
    }

    /** Column-major: translation (x, y, z), then rotation yaw about z and then roll about x. */
    static double[] transform(double x, double y, double z, double yaw, double roll) {
        double cy = Math.cos(yaw), sy = Math.sin(yaw), cr = Math.cos(roll), sr = Math.sin(roll);
        // R = Rz(yaw) Rx(roll)
        return new double[] { cy, sy, 0, 0, -sy * cr, cy * cr, sr, 0, sy * sr, -cy * sr, cr, 0, x, y, z, 1 };
    }

    static void assertArrayEquals(double[] expected, double[] actual, double tol) {
        assertEquals(expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual[i], tol, "[" + i + "]");
        }
    }
}
