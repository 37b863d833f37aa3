package org.robocell.driver.kuka.rsi.emulator;

/**
 * Forward kinematics of the KUKA KR 6 R900 sixx flange in the robot base, for the emulated {@code RIst}: X Y Z in
 * mm and KUKA A B C in degrees (Z-Y'-X'' Euler angles: R = Rz(A) Ry(B) Rx(C)), with no tool, as the controller
 * reports {@code $POS_ACT} with {@code $TOOL = $NULLFRAME} and {@code $BASE = $NULLFRAME}.
 * <p>
 * The chain is that of the robot's URDF (joint origins and axes), whose joint angles are the KUKA axis angles.
 */
public final class Kr6R900SixxKinematics {

    // joint origins in the parent link frame, metres, and joint axes (all joint rpy are zero)
    private static final double[][] ORIGIN = {
            { 0, 0, 0.400 }, { 0.025, 0, 0 }, { 0.455, 0, 0 }, { 0, 0, 0.035 }, { 0.420, 0, 0 }, { 0.080, 0, 0 } };
    private static final double[][] AXIS = {
            { 0, 0, -1 }, { 0, 1, 0 }, { 0, 1, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { -1, 0, 0 } };

    private final double[] r = new double[9];
    private final double[] p = new double[3];
    private final double[] joint = new double[9];
    private final double[] tmp = new double[9];

    /**
     * Computes the flange pose for axis angles in degrees.
     *
     * @param axesDegrees A1..A6
     * @param pose        receives X Y Z (mm) A B C (deg)
     */
    public void flangePose(double[] axesDegrees, double[] pose) {
        identity(r);
        p[0] = 0;
        p[1] = 0;
        p[2] = 0;
        for (int j = 0; j < 6; j++) {
            double[] o = ORIGIN[j];
            for (int row = 0; row < 3; row++) {
                p[row] += r[row * 3] * o[0] + r[row * 3 + 1] * o[1] + r[row * 3 + 2] * o[2];
            }
            axisAngle(AXIS[j], Math.toRadians(axesDegrees[j]), joint);
            multiply(r, joint, tmp);
            System.arraycopy(tmp, 0, r, 0, 9);
        }
        pose[0] = p[0] * 1000.0;
        pose[1] = p[1] * 1000.0;
        pose[2] = p[2] * 1000.0;
        zyxEulerDegrees(r, pose);
    }

    /** Rotation matrix (row-major) of the last {@link #flangePose} call. */
    double[] rotation() {
        return r.clone();
    }

    /** Copies the rotation matrix (row-major) of the last {@link #flangePose} call into {@code out}. */
    void rotation(double[] out) {
        System.arraycopy(r, 0, out, 0, 9);
    }

    /** R = Rz(a) Ry(b) Rx(c), row-major, angles in degrees: KUKA's A B C. */
    static void rotationFromZyxDegrees(double a, double b, double c, double[] out) {
        double ca = Math.cos(Math.toRadians(a));
        double sa = Math.sin(Math.toRadians(a));
        double cb = Math.cos(Math.toRadians(b));
        double sb = Math.sin(Math.toRadians(b));
        double cc = Math.cos(Math.toRadians(c));
        double sc = Math.sin(Math.toRadians(c));
        out[0] = ca * cb;
        out[1] = ca * sb * sc - sa * cc;
        out[2] = ca * sb * cc + sa * sc;
        out[3] = sa * cb;
        out[4] = sa * sb * sc + ca * cc;
        out[5] = sa * sb * cc - ca * sc;
        out[6] = -sb;
        out[7] = cb * sc;
        out[8] = cb * cc;
    }

    static void multiply3(double[] a, double[] b, double[] out) {
        multiply(a, b, out);
    }

    static void zyxEulerDegrees(double[] m, double[] pose) {
        double cosB = Math.hypot(m[0], m[3]);
        double a;
        double b = Math.atan2(-m[6], cosB);
        double c;
        if (cosB > 1e-9) {
            a = Math.atan2(m[3], m[0]);
            c = Math.atan2(m[7], m[8]);
        } else {
            // gimbal lock at B = ±90°: only A - C (or A + C) is defined; report A = 0
            a = 0;
            c = m[6] < 0 ? Math.atan2(m[1], m[4]) : Math.atan2(-m[1], m[4]);
        }
        pose[3] = Math.toDegrees(a);
        pose[4] = Math.toDegrees(b);
        pose[5] = Math.toDegrees(c);
    }

    private static void identity(double[] m) {
        for (int i = 0; i < 9; i++) {
            m[i] = (i % 4 == 0) ? 1 : 0;
        }
    }

    private static void axisAngle(double[] u, double angle, double[] m) {
        double c = Math.cos(angle);
        double s = Math.sin(angle);
        double t = 1 - c;
        double x = u[0];
        double y = u[1];
        double z = u[2];
        m[0] = t * x * x + c;
        m[1] = t * x * y - s * z;
        m[2] = t * x * z + s * y;
        m[3] = t * x * y + s * z;
        m[4] = t * y * y + c;
        m[5] = t * y * z - s * x;
        m[6] = t * x * z - s * y;
        m[7] = t * y * z + s * x;
        m[8] = t * z * z + c;
    }

    private static void multiply(double[] a, double[] b, double[] out) {
        for (int row = 0; row < 3; row++) {
            for (int col = 0; col < 3; col++) {
                out[row * 3 + col] = a[row * 3] * b[col] + a[row * 3 + 1] * b[3 + col] + a[row * 3 + 2] * b[6 + col];
            }
        }
    }
}
