package org.robocell.itests;

/** Column-major 4x4 transforms (libfranka's O_T_EE layout) for the dual-arm integration test's checks. */
final class DualArmMath {

    private DualArmMath() {
    }

    static double[] translation(double x, double y, double z) {
        return new double[] { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1 };
    }

    static double[] multiply(double[] a, double[] b) {
        double[] out = new double[16];
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 4; r++) {
                double s = 0;
                for (int k = 0; k < 4; k++) {
                    s += a[k * 4 + r] * b[c * 4 + k];
                }
                out[c * 4 + r] = s;
            }
        }
        return out;
    }

    static double[] invert(double[] t) {
        double[] out = new double[16];
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                out[c * 4 + r] = t[r * 4 + c];
            }
            out[12 + r] = -(t[r * 4] * t[12] + t[r * 4 + 1] * t[13] + t[r * 4 + 2] * t[14]);
        }
        out[15] = 1;
        return out;
    }

    /** The right pose in the left pose's frame, each given in its base frame with its base in the world. */
    static double[] relative(double[] worldTLeft, double[] leftPose, double[] worldTRight, double[] rightPose) {
        return multiply(invert(multiply(worldTLeft, leftPose)), multiply(worldTRight, rightPose));
    }

    /** {@code t} with its rotation turned by {@code yaw} about the base's z axis, its position kept. */
    static double[] turnedAboutZ(double[] t, double yaw) {
        double[] rz = translation(0, 0, 0);
        rz[0] = Math.cos(yaw);
        rz[1] = Math.sin(yaw);
        rz[4] = -Math.sin(yaw);
        rz[5] = Math.cos(yaw);
        double[] out = multiply(rz, t);
        out[12] = t[12];
        out[13] = t[13];
        out[14] = t[14];
        return out;
    }

    static double distance(double[] a, double[] b) {
        return Math.sqrt(Math.pow(a[12] - b[12], 2) + Math.pow(a[13] - b[13], 2) + Math.pow(a[14] - b[14], 2));
    }

    /** The angle of the rotation between the two poses' orientations. */
    static double angle(double[] a, double[] b) {
        // trace(Raᵀ Rb) = 1 + 2 cos θ
        double trace = 0;
        for (int c = 0; c < 3; c++) {
            for (int r = 0; r < 3; r++) {
                trace += a[c * 4 + r] * b[c * 4 + r];
            }
        }
        return Math.acos(Math.max(-1, Math.min(1, (trace - 1) / 2)));
    }

    /** The rotation of {@code t} as a unit quaternion x, y, z, w. */
    static double[] quaternion(double[] t) {
        double trace = t[0] + t[5] + t[10];
        double x, y, z, w;
        if (trace > 0) {
            double s = Math.sqrt(trace + 1.0) * 2;
            w = 0.25 * s;
            x = (t[6] - t[9]) / s;
            y = (t[8] - t[2]) / s;
            z = (t[1] - t[4]) / s;
        } else if (t[0] > t[5] && t[0] > t[10]) {
            double s = Math.sqrt(1.0 + t[0] - t[5] - t[10]) * 2;
            w = (t[6] - t[9]) / s;
            x = 0.25 * s;
            y = (t[4] + t[1]) / s;
            z = (t[8] + t[2]) / s;
        } else if (t[5] > t[10]) {
            double s = Math.sqrt(1.0 + t[5] - t[0] - t[10]) * 2;
            w = (t[8] - t[2]) / s;
            x = (t[4] + t[1]) / s;
            y = 0.25 * s;
            z = (t[9] + t[6]) / s;
        } else {
            double s = Math.sqrt(1.0 + t[10] - t[0] - t[5]) * 2;
            w = (t[1] - t[4]) / s;
            x = (t[8] + t[2]) / s;
            y = (t[9] + t[6]) / s;
            z = 0.25 * s;
        }
        double n = Math.sqrt(x * x + y * y + z * z + w * w);
        return new double[] { x / n, y / n, z / n, w / n };
    }
}
