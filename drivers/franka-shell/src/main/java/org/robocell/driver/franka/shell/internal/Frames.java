package org.robocell.driver.franka.shell.internal;

/** A frame as the shell takes it: {@code x y z}, {@code x y z roll pitch yaw} or 16 values, column-major. */
final class Frames {

    private Frames() {
    }

    /**
     * A 4x4 column-major transform from 3 (translation), 6 (translation and roll, pitch, yaw about fixed x, y, z:
     * {@code R = Rz(yaw) Ry(pitch) Rx(roll)}, as URDF's rpy) or 16 values (the matrix itself).
     */
    static double[] transform(double[] v, String field) {
        if (v.length == 16) {
            return v.clone();
        }
        if (v.length != 3 && v.length != 6) {
            throw new FrankaShellException(field + " takes x y z (m), x y z roll pitch yaw (m, rad) or 16 values"
                    + " (4x4, column-major), got " + v.length + " values");
        }
        double roll = v.length == 6 ? v[3] : 0;
        double pitch = v.length == 6 ? v[4] : 0;
        double yaw = v.length == 6 ? v[5] : 0;
        double cr = Math.cos(roll), sr = Math.sin(roll);
        double cp = Math.cos(pitch), sp = Math.sin(pitch);
        double cy = Math.cos(yaw), sy = Math.sin(yaw);
        return new double[] {
            cy * cp, sy * cp, -sp, 0,
            cy * sp * sr - sy * cr, sy * sp * sr + cy * cr, cp * sr, 0,
            cy * sp * cr + sy * sr, sy * sp * cr - cy * sr, cp * cr, 0,
            v[0], v[1], v[2], 1 };
    }
}
