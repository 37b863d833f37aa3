package org.robocell.kinematics.internal;

import org.robocell.api.model.Inertial;

/**
 * Mass properties of a rigid body in its own frame, stored flat in {@link #SIZE} doubles at an offset: mass,
 * centre of mass (x, y, z), then the inertia about the centre of mass (xx, xy, xz, yy, yz, zz).
 */
final class BodyInertia {

    static final int SIZE = 10;

    private BodyInertia() {
    }

    /**
     * Adds a URDF inertial of a link placed at {@code linkInBody} (a {@link Rigid3} transform) to the body's mass
     * properties at {@code o}: the centre of mass moves to the combined one and both inertias are shifted to it
     * (parallel axis theorem).
     */
    static void add(double[] body, int o, double[] linkInBody, int lo, Inertial inertial) {
        double m2 = inertial.mass();
        if (m2 == 0) {
            return;
        }
        double[] frame = new double[Rigid3.SIZE];
        double[] inertialFrame = new double[Rigid3.SIZE];
        Rigid3.setPose(inertial.origin(), inertialFrame, 0);
        Rigid3.compose(linkInBody, lo, inertialFrame, 0, frame, 0);
        double[] rotated = rotate(frame, inertial);

        double m1 = body[o];
        double m = m1 + m2;
        double[] c1 = {body[o + 1], body[o + 2], body[o + 3]};
        double[] c2 = {frame[9], frame[10], frame[11]};
        double[] c = new double[3];
        for (int k = 0; k < 3; k++) {
            c[k] = (m1 * c1[k] + m2 * c2[k]) / m;
        }
        double[] sum = new double[6];
        for (int k = 0; k < 6; k++) {
            sum[k] = body[o + 4 + k] + rotated[k];
        }
        addPointMass(sum, m1, c1[0] - c[0], c1[1] - c[1], c1[2] - c[2]);
        addPointMass(sum, m2, c2[0] - c[0], c2[1] - c[1], c2[2] - c[2]);
        body[o] = m;
        body[o + 1] = c[0];
        body[o + 2] = c[1];
        body[o + 3] = c[2];
        System.arraycopy(sum, 0, body, o + 4, 6);
    }

    /** The inertia tensor R·I·Rᵀ (6 entries) of an inertial whose principal frame has rotation R in the body. */
    private static double[] rotate(double[] frame, Inertial in) {
        double[] inertia = {in.ixx(), in.ixy(), in.ixz(), in.ixy(), in.iyy(), in.iyz(), in.ixz(), in.iyz(), in.izz()};
        double[] ri = new double[9];
        Rigid3.mulRotation(frame, 0, inertia, 0, ri, 0);
        double[] out = new double[6];
        int k = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = i; j < 3; j++) {
                // (R I Rᵀ)_ij = row i of (R I) · row j of R
                out[k++] = ri[3 * i] * frame[3 * j] + ri[3 * i + 1] * frame[3 * j + 1] + ri[3 * i + 2] * frame[3 * j + 2];
            }
        }
        return out;
    }

    /** Adds m (|d|² E - d dᵀ): the inertia of a point mass m at offset d. */
    static void addPointMass(double[] inertia6, double m, double dx, double dy, double dz) {
        inertia6[0] += m * (dy * dy + dz * dz);
        inertia6[1] -= m * dx * dy;
        inertia6[2] -= m * dx * dz;
        inertia6[3] += m * (dx * dx + dz * dz);
        inertia6[4] -= m * dy * dz;
        inertia6[5] += m * (dx * dx + dy * dy);
    }
}
