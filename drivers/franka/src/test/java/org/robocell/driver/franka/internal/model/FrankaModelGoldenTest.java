package org.robocell.driver.franka.internal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaModel;

/**
 * Without a load and with identity frames, the flange's pose, zero Jacobian, mass matrix, Coriolis and gravity are
 * KDL's, to 1e-9, laid out as libfranka lays them out (column-major).
 */
class FrankaModelGoldenTest {

    private static final double TOL = 1e-9;
    static final double[] IDENTITY = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
    static final double[] NO_INERTIA = new double[9];
    static final double[] ORIGIN = new double[3];

    private final FrankaModel model = FrankaModel.fr3();
    private final KdlGolden.Chain golden = KdlGolden.fr3Link8();

    @Test
    void theGoldenFileIsTheFr3ChainToTheFlange() {
        assertEquals("link8", golden.tip());
        assertEquals(40, golden.samples().size());
    }

    @Test
    void flangePoseIsKdlsColumnMajor() {
        double[] pose = new double[16];
        for (KdlGolden.Sample s : golden.samples()) {
            model.pose(FrankaFrame.FLANGE, s.q(), IDENTITY, IDENTITY, pose);
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    assertEquals(s.rotation()[r][c], pose[4 * c + r], TOL, "R[" + r + "][" + c + "]");
                }
                assertEquals(s.position()[r], pose[12 + r], TOL, "p[" + r + "]");
                assertEquals(0, pose[4 * r + 3], 0.0, "last row");
            }
            assertEquals(1, pose[15], 0.0);
        }
    }

    @Test
    void flangeZeroJacobianIsKdlsColumnMajor() {
        double[] j = new double[42];
        for (KdlGolden.Sample s : golden.samples()) {
            model.zeroJacobian(FrankaFrame.FLANGE, s.q(), IDENTITY, IDENTITY, j);
            for (int r = 0; r < 6; r++) {
                for (int c = 0; c < 7; c++) {
                    assertEquals(s.jacobian()[r][c], j[6 * c + r], TOL, "J[" + r + "][" + c + "]");
                }
            }
        }
    }

    @Test
    void massCoriolisAndGravityAreKdlsWithoutLoad() {
        double[] m = new double[49];
        double[] c = new double[7];
        double[] g = new double[7];
        for (KdlGolden.Sample s : golden.samples()) {
            model.mass(s.q(), NO_INERTIA, 0, ORIGIN, m);
            model.coriolis(s.q(), s.dq(), NO_INERTIA, 0, ORIGIN, c);
            model.gravity(s.q(), 0, ORIGIN, g);
            for (int r = 0; r < 7; r++) {
                for (int k = 0; k < 7; k++) {
                    assertEquals(s.mass_matrix()[r][k], m[7 * k + r], TOL, "M[" + r + "][" + k + "]");
                }
                assertEquals(s.coriolis()[r], c[r], TOL, "c[" + r + "]");
                assertEquals(s.gravity()[r], g[r], TOL, "g[" + r + "]");
            }
        }
    }

    @Test
    void coriolisWithGravityEarthIsTheSameValueAsLibfrankasRneaMinusGravityGives() {
        double[] c = new double[7];
        double[] withGravity = new double[7];
        for (KdlGolden.Sample s : golden.samples()) {
            model.coriolis(s.q(), s.dq(), NO_INERTIA, 0, ORIGIN, c);
            model.coriolis(s.q(), s.dq(), NO_INERTIA, 0, ORIGIN, new double[] { 0.3, 0, -3.7 }, withGravity);
            for (int r = 0; r < 7; r++) {
                assertEquals(c[r], withGravity[r], 0.0);
                assertEquals(s.coriolis()[r], withGravity[r], TOL);
            }
        }
    }
}
