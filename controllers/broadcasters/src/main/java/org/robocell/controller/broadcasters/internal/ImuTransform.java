package org.robocell.controller.broadcasters.internal;

/**
 * A fixed rotation of an IMU's readings into another frame, as upstream's {@code imu_transform.hpp} applies its
 * {@code rotation_offset}: angular velocity and linear acceleration are rotated ({@code R·v}), their covariances
 * too ({@code R·C·Rᵀ}), the orientation (of the sensor in a fixed world frame) is composed with the inverse rotation
 * ({@code q·r⁻¹}), its covariance is unchanged. Immutable after construction; {@link #apply} allocates nothing.
 */
final class ImuTransform {

    /** The rotation as a unit quaternion (x, y, z, w). */
    private final double rx;
    private final double ry;
    private final double rz;
    private final double rw;
    /** The rotation matrix, row major. */
    private final double[] m = new double[9];
    private final boolean identity;

    /** Roll about X, pitch about Y, yaw about Z, composed Z-Y'-X'' ({@code Rz(yaw)·Ry(pitch)·Rx(roll)}). */
    ImuTransform(double roll, double pitch, double yaw) {
        double cr = Math.cos(roll / 2), sr = Math.sin(roll / 2);
        double cp = Math.cos(pitch / 2), sp = Math.sin(pitch / 2);
        double cy = Math.cos(yaw / 2), sy = Math.sin(yaw / 2);
        double w = cy * cp * cr + sy * sp * sr;
        double x = cy * cp * sr - sy * sp * cr;
        double y = cy * sp * cr + sy * cp * sr;
        double z = sy * cp * cr - cy * sp * sr;
        double n = Math.sqrt(w * w + x * x + y * y + z * z);
        rw = w / n;
        rx = x / n;
        ry = y / n;
        rz = z / n;
        m[0] = 1 - 2 * (ry * ry + rz * rz);
        m[1] = 2 * (rx * ry - rz * rw);
        m[2] = 2 * (rx * rz + ry * rw);
        m[3] = 2 * (rx * ry + rz * rw);
        m[4] = 1 - 2 * (rx * rx + rz * rz);
        m[5] = 2 * (ry * rz - rx * rw);
        m[6] = 2 * (rx * rz - ry * rw);
        m[7] = 2 * (ry * rz + rx * rw);
        m[8] = 1 - 2 * (rx * rx + ry * ry);
        identity = roll == 0.0 && pitch == 0.0 && yaw == 0.0;
    }

    /**
     * The ten readings in {@link ImuConfig#AXES} order, {@code in} to {@code out} (may be the same array only when
     * the rotation is the identity).
     */
    void apply(double[] in, double[] out) {
        if (identity) {
            System.arraycopy(in, 0, out, 0, 10);
            return;
        }
        // q_out = q_in * r^-1, with r^-1 = (-rx, -ry, -rz, rw) for a unit quaternion
        double qx = in[0], qy = in[1], qz = in[2], qw = in[3];
        double bx = -rx, by = -ry, bz = -rz, bw = rw;
        out[0] = qw * bx + qx * bw + qy * bz - qz * by;
        out[1] = qw * by - qx * bz + qy * bw + qz * bx;
        out[2] = qw * bz + qx * by - qy * bx + qz * bw;
        out[3] = qw * bw - qx * bx - qy * by - qz * bz;
        rotate(in, 4, out);
        rotate(in, 7, out);
    }

    private void rotate(double[] in, int at, double[] out) {
        double x = in[at], y = in[at + 1], z = in[at + 2];
        out[at] = m[0] * x + m[1] * y + m[2] * z;
        out[at + 1] = m[3] * x + m[4] * y + m[5] * z;
        out[at + 2] = m[6] * x + m[7] * y + m[8] * z;
    }

    /** {@code R·C·Rᵀ} of a row-major 3×3 covariance. */
    double[] rotateCovariance(double[] c) {
        double[] rc = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double s = 0;
                for (int k = 0; k < 3; k++) {
                    s += m[3 * i + k] * c[3 * k + j];
                }
                rc[3 * i + j] = s;
            }
        }
        double[] out = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double s = 0;
                for (int k = 0; k < 3; k++) {
                    s += rc[3 * i + k] * m[3 * j + k];
                }
                out[3 * i + j] = s;
            }
        }
        return out;
    }
}
