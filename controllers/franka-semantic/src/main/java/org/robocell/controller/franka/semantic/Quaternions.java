package org.robocell.controller.franka.semantic;

/**
 * Unit quaternions (x, y, z, w, as {@code geometry_msgs/Quaternion} and Eigen's {@code coeffs()} order them) and the
 * orientation math franka_ros's Cartesian controllers do with Eigen, on the rotation of libfranka's column-major 4x4
 * transforms (see {@link Transforms}). Static methods on arrays the caller owns, allocation-free, for a controller's
 * update; an output array may not be one of the inputs ({@link #slerp} works in place by design).
 *
 * @since 1.1
 */
public final class Quaternions {

    /** Eigen's {@code Quaterniond::slerp}: closer than 1 − machine epsilon, the weights are linear. */
    private static final double SLERP_LINEAR_ABOVE = 1.0 - Math.ulp(1.0);
    /** Below this length of the error's vector part, angle/length is its limit 2 (no division by ~0). */
    private static final double SMALL_ANGLE = 1e-12;

    private Quaternions() {
    }

    /**
     * The rotation of the transform {@code t} (16, column-major) into {@code q} (4) as a unit quaternion with
     * {@code w ≥ 0}. Shepperd's method as Eigen's {@code Quaterniond(Matrix3d)} does it (the branch of the largest
     * of the trace and the diagonal, so that nothing is divided by a small number near 180°), then normalized to
     * unit length and, unlike Eigen, which leaves w negative when a diagonal element wins, flipped to {@code w ≥ 0}:
     * one canonical quaternion per rotation (q and −q are the same rotation).
     */
    public static void fromTransform(double[] t, double[] q) {
        fromTransform(t, q, 0);
    }

    /** {@link #fromTransform(double[], double[])} into {@code q[at..at+3]}, as a pose message's orientation. */
    public static void fromTransform(double[] t, double[] q, int at) {
        double r00 = t[0], r10 = t[1], r20 = t[2];
        double r01 = t[4], r11 = t[5], r21 = t[6];
        double r02 = t[8], r12 = t[9], r22 = t[10];
        double trace = r00 + r11 + r22;
        double x, y, z, w;
        if (trace > 0) {
            double s = Math.sqrt(trace + 1.0) * 2;
            w = 0.25 * s;
            x = (r21 - r12) / s;
            y = (r02 - r20) / s;
            z = (r10 - r01) / s;
        } else if (r00 > r11 && r00 > r22) {
            double s = Math.sqrt(1.0 + r00 - r11 - r22) * 2;
            w = (r21 - r12) / s;
            x = 0.25 * s;
            y = (r01 + r10) / s;
            z = (r02 + r20) / s;
        } else if (r11 > r22) {
            double s = Math.sqrt(1.0 + r11 - r00 - r22) * 2;
            w = (r02 - r20) / s;
            x = (r01 + r10) / s;
            y = 0.25 * s;
            z = (r12 + r21) / s;
        } else {
            double s = Math.sqrt(1.0 + r22 - r00 - r11) * 2;
            w = (r10 - r01) / s;
            x = (r02 + r20) / s;
            y = (r12 + r21) / s;
            z = 0.25 * s;
        }
        double n = (w < 0 ? -1 : 1) / norm(x, y, z, w);
        q[at] = x * n;
        q[at + 1] = y * n;
        q[at + 2] = z * n;
        q[at + 3] = w * n;
    }

    /** {@code out} (16) = the transform with rotation {@code q} (unit; x, y, z, w) and translation {@code p} (3). */
    public static void toTransform(double[] p, double[] q, double[] out) {
        double x = q[0], y = q[1], z = q[2], w = q[3];
        out[0] = 1 - 2 * (y * y + z * z);
        out[1] = 2 * (x * y + z * w);
        out[2] = 2 * (x * z - y * w);
        out[3] = 0;
        out[4] = 2 * (x * y - z * w);
        out[5] = 1 - 2 * (x * x + z * z);
        out[6] = 2 * (y * z + x * w);
        out[7] = 0;
        out[8] = 2 * (x * z + y * w);
        out[9] = 2 * (y * z - x * w);
        out[10] = 1 - 2 * (x * x + y * y);
        out[11] = 0;
        out[12] = p[0];
        out[13] = p[1];
        out[14] = p[2];
        out[15] = 1;
    }

    public static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    }

    /** The length of (x, y, z, w): a pose from outside is checked with it before it is used as a rotation. */
    public static double norm(double x, double y, double z, double w) {
        return Math.sqrt(x * x + y * y + z * z + w * w);
    }

    /**
     * The orientation error of franka_ros's Cartesian impedance controller
     * ({@code franka_example_controllers/src/cartesian_impedance_example_controller.cpp}, {@code update}): q flipped
     * onto q_d's hemisphere when {@code q_d · q < 0}, then {@code e = −R · vec(q⁻¹ · q_d)} in the base frame, into
     * {@code out[at..at+2]}. {@code t} is the measured transform, {@code q} its rotation ({@link #fromTransform}),
     * {@code qd} the desired orientation. For a rotation by θ about a base axis n from q_d to q, e = sin(θ/2)·n:
     * half of the axis-angle error {@link #rotationVectorError} gives, as upstream's law has it.
     */
    public static void orientationError(double[] t, double[] q, double[] qd, double[] out, int at) {
        double s = dot(qd, q) < 0 ? -1 : 1;
        // vec(conj(q) · q_d), q on q_d's side
        double ax = -s * q[0], ay = -s * q[1], az = -s * q[2], aw = s * q[3];
        double vx = aw * qd[0] + ax * qd[3] + ay * qd[2] - az * qd[1];
        double vy = aw * qd[1] - ax * qd[2] + ay * qd[3] + az * qd[0];
        double vz = aw * qd[2] + ax * qd[1] - ay * qd[0] + az * qd[3];
        for (int r = 0; r < 3; r++) {
            out[at + r] = -(t[r] * vx + t[4 + r] * vy + t[8 + r] * vz);
        }
    }

    /**
     * The rotation from {@code qd} to {@code q} as a rotation vector in the base frame, into {@code out[at..at+2]}:
     * axis times angle of {@code q · qd⁻¹}, the shorter way round (franka_ros's
     * {@code dual_arm_cartesian_impedance_example_controller.cpp}: q flipped when its dot product with q_d is
     * negative, then {@code Eigen::AngleAxisd}), so the angle is in [0, π].
     */
    public static void rotationVectorError(double[] q, double[] qd, double[] out, int at) {
        double s = dot(q, qd) < 0 ? -1 : 1;
        double x = s * q[0], y = s * q[1], z = s * q[2], w = s * q[3];
        // e = q · conj(qd); its w is the dot product, ≥ 0 after the flip
        double ex = -w * qd[0] + x * qd[3] - y * qd[2] + z * qd[1];
        double ey = -w * qd[1] + x * qd[2] + y * qd[3] - z * qd[0];
        double ez = -w * qd[2] - x * qd[1] + y * qd[0] + z * qd[3];
        double ew = w * qd[3] + x * qd[0] + y * qd[1] + z * qd[2];
        double v = Math.sqrt(ex * ex + ey * ey + ez * ez);
        double k = v < SMALL_ANGLE ? 2.0 : 2 * Math.atan2(v, ew) / v;
        out[at] = ex * k;
        out[at + 1] = ey * k;
        out[at + 2] = ez * k;
    }

    /**
     * {@code q = slerp(q, target, alpha)} in place and normalized: the fraction {@code alpha} of the way along the
     * shorter arc, as Eigen's {@code Quaterniond::slerp} with which franka_ros filters its equilibrium orientation
     * ({@code orientation_d_ = orientation_d_.slerp(filter_params_, orientation_d_target_)}); linear weights when
     * the two are closer than Eigen's threshold. Renormalized so that the filter, run every cycle, does not drift
     * from unit length.
     */
    public static void slerp(double[] q, double[] target, double alpha) {
        double d = dot(q, target);
        double absD = Math.abs(d);
        double a, b;
        if (absD >= SLERP_LINEAR_ABOVE) {
            a = 1 - alpha;
            b = alpha;
        } else {
            double theta = Math.acos(absD);
            double sin = Math.sin(theta);
            a = Math.sin((1 - alpha) * theta) / sin;
            b = Math.sin(alpha * theta) / sin;
        }
        if (d < 0) {
            b = -b;
        }
        double n = 0;
        for (int i = 0; i < 4; i++) {
            q[i] = a * q[i] + b * target[i];
            n += q[i] * q[i];
        }
        n = 1 / Math.sqrt(n);
        for (int i = 0; i < 4; i++) {
            q[i] *= n;
        }
    }
}
