package org.robocell.kinematics.internal;

/**
 * Featherstone's articulated-body algorithm (RBDA, §7.3, table 7.1; Pinocchio's {@code aba}): joint
 * accelerations for given torques in O(n), without forming or factorising the mass matrix.
 *
 * <p>It runs in the workspace's single frame (base coordinates, spatial vectors about the base origin), so the
 * coordinate transforms of the textbook version drop out: an articulated inertia handed to the parent is added
 * as it is. Articulated inertias are general symmetric 6x6 matrices (not of rigid-body form), kept row-major, 36
 * doubles per body. Gravity is an upward acceleration of the base, and external wrenches are subtracted from the
 * bias forces, exactly as the workspace's Newton-Euler pass does, so both algorithms solve the same equation.
 */
final class ArticulatedBodies {

    private static final int M = RigidBodyWorkspace.MOTION;
    private static final int MM = M * M;

    private final RigidBodyWorkspace ws;
    private final RigidBodyTree tree;
    private final int bodies;
    /** Spatial velocity of each body. */
    private final double[] velocity;
    /** Velocity-product acceleration c = V × S q̇ of each body. */
    private final double[] bias;
    /** Articulated-body inertia of each body (6x6, row-major). */
    private final double[] articulated;
    /** Articulated bias force of each body. */
    private final double[] biasForce;
    /** U = IA·S of each body. */
    private final double[] u;
    /** D = Sᵀ·IA·S of each body. */
    private final double[] d;
    /** τ - Sᵀ·pA of each body. */
    private final double[] torque;
    private final double[] acceleration;
    private final double[] handed = new double[MM];
    private final double[] column = new double[M];

    ArticulatedBodies(RigidBodyWorkspace ws, RigidBodyTree tree) {
        this.ws = ws;
        this.tree = tree;
        this.bodies = tree.bodies;
        velocity = new double[bodies * M];
        bias = new double[bodies * M];
        articulated = new double[bodies * MM];
        biasForce = new double[bodies * M];
        u = new double[bodies * M];
        d = new double[bodies];
        torque = new double[bodies];
        acceleration = new double[bodies * M];
    }

    /**
     * Joint accelerations {@code ddq} for torques {@code tau} at rates {@code dq}, with {@code armature} (null:
     * none) added to the diagonal of the mass matrix; the workspace has placed the bodies (poses, motion vectors,
     * spatial inertias) for the positions.
     */
    void solve(double[] dq, double[] tau, double[] armature, double[] ddq) {
        double[] s = ws.motion;
        double[] v = velocity;
        for (int k = 0; k < M; k++) {
            v[k] = 0;
        }
        // pass 1, root to leaves: velocities, velocity-product accelerations, rigid-body inertias and bias forces
        for (int b = 1; b < bodies; b++) {
            int p = tree.parent[b] * M, o = b * M;
            double rate = dq[b - 1];
            double swx = s[o] * rate, swy = s[o + 1] * rate, swz = s[o + 2] * rate;
            double svx = s[o + 3] * rate, svy = s[o + 4] * rate, svz = s[o + 5] * rate;
            double wx = v[p] + swx, wy = v[p + 1] + swy, wz = v[p + 2] + swz;
            double vx = v[p + 3] + svx, vy = v[p + 4] + svy, vz = v[p + 5] + svz;
            v[o] = wx;
            v[o + 1] = wy;
            v[o + 2] = wz;
            v[o + 3] = vx;
            v[o + 4] = vy;
            v[o + 5] = vz;
            // c = V_b × S q̇
            bias[o] = wy * swz - wz * swy;
            bias[o + 1] = wz * swx - wx * swz;
            bias[o + 2] = wx * swy - wy * swx;
            bias[o + 3] = wy * svz - wz * svy + vy * swz - vz * swy;
            bias[o + 4] = wz * svx - wx * svz + vz * swx - vx * swz;
            bias[o + 5] = wx * svy - wy * svx + vx * swy - vy * swx;
            int io = b * BodyInertia.SIZE;
            toMatrix(ws.inertia, io, articulated, b * MM);
            // pA = V_b ×* (I V_b)
            RigidBodyWorkspace.applyInertia(ws.inertia, io, v, o, column, 0);
            double[] h = column;
            biasForce[o] = wy * h[2] - wz * h[1] + vy * h[5] - vz * h[4];
            biasForce[o + 1] = wz * h[0] - wx * h[2] + vz * h[3] - vx * h[5];
            biasForce[o + 2] = wx * h[1] - wy * h[0] + vx * h[4] - vy * h[3];
            biasForce[o + 3] = wy * h[5] - wz * h[4];
            biasForce[o + 4] = wz * h[3] - wx * h[5];
            biasForce[o + 5] = wx * h[4] - wy * h[3];
        }
        ws.subtractExternalWrenches(biasForce);
        // pass 2, leaves to root: articulated inertias and bias forces, handed to the parent
        for (int b = bodies - 1; b > 0; b--) {
            int o = b * M, ao = b * MM;
            double[] ia = articulated;
            for (int r = 0; r < M; r++) {
                int row = ao + r * M;
                u[o + r] = ia[row] * s[o] + ia[row + 1] * s[o + 1] + ia[row + 2] * s[o + 2]
                        + ia[row + 3] * s[o + 3] + ia[row + 4] * s[o + 4] + ia[row + 5] * s[o + 5];
            }
            // a joint-space inertia on the diagonal of M adds to D alone (RBDA §7.3 with rotor inertia)
            double db = dot(s, o, u, o) + (armature == null ? 0 : armature[b - 1]);
            if (!(db > 0)) {
                throw new IllegalStateException("the articulated inertia about joint " + tree.jointNames.get(b - 1)
                        + " is not positive: a moving body has no mass");
            }
            d[b] = db;
            torque[b] = tau[b - 1] - dot(s, o, biasForce, o);
            int parent = tree.parent[b];
            if (parent == 0) {
                continue;
            }
            // Ia = IA - U Uᵀ / D; pa = pA + Ia c + U u / D
            double inv = 1 / db;
            for (int r = 0; r < M; r++) {
                double ur = u[o + r] * inv;
                for (int c = 0; c < M; c++) {
                    handed[r * M + c] = ia[ao + r * M + c] - ur * u[o + c];
                }
            }
            int po = parent * M, pao = parent * MM;
            double scaled = torque[b] * inv;
            for (int r = 0; r < M; r++) {
                double sum = biasForce[o + r] + u[o + r] * scaled;
                for (int c = 0; c < M; c++) {
                    sum += handed[r * M + c] * bias[o + c];
                }
                biasForce[po + r] += sum;
            }
            for (int k = 0; k < MM; k++) {
                ia[pao + k] += handed[k];
            }
        }
        // pass 3, root to leaves: accelerations
        double[] a = acceleration;
        double[] g = tree.gravity;
        a[0] = 0;
        a[1] = 0;
        a[2] = 0;
        a[3] = -g[0];
        a[4] = -g[1];
        a[5] = -g[2];
        for (int b = 1; b < bodies; b++) {
            int p = tree.parent[b] * M, o = b * M;
            for (int k = 0; k < M; k++) {
                a[o + k] = a[p + k] + bias[o + k];
            }
            double accel = (torque[b] - dot(u, o, a, o)) / d[b];
            for (int k = 0; k < M; k++) {
                a[o + k] += s[o + k] * accel;
            }
            ddq[b - 1] = accel;
        }
    }

    private static double dot(double[] x, int xo, double[] y, int yo) {
        return x[xo] * y[yo] + x[xo + 1] * y[yo + 1] + x[xo + 2] * y[yo + 2]
                + x[xo + 3] * y[yo + 3] + x[xo + 4] * y[yo + 4] + x[xo + 5] * y[yo + 5];
    }

    /**
     * The 6x6 matrix of a spatial inertia (mass, h, Ī) about the base origin: [[Ī, h×], [h×ᵀ, mass·1]], the matrix
     * of {@link RigidBodyWorkspace#applyInertia}.
     */
    private static void toMatrix(double[] in, int io, double[] out, int oo) {
        double mass = in[io], hx = in[io + 1], hy = in[io + 2], hz = in[io + 3];
        double ixx = in[io + 4], ixy = in[io + 5], ixz = in[io + 6], iyy = in[io + 7], iyz = in[io + 8], izz = in[io + 9];
        set(out, oo, 0, ixx, ixy, ixz, 0, -hz, hy);
        set(out, oo, 1, ixy, iyy, iyz, hz, 0, -hx);
        set(out, oo, 2, ixz, iyz, izz, -hy, hx, 0);
        set(out, oo, 3, 0, hz, -hy, mass, 0, 0);
        set(out, oo, 4, -hz, 0, hx, 0, mass, 0);
        set(out, oo, 5, hy, -hx, 0, 0, 0, mass);
    }

    private static void set(double[] out, int oo, int row, double c0, double c1, double c2, double c3, double c4,
            double c5) {
        int o = oo + row * M;
        out[o] = c0;
        out[o + 1] = c1;
        out[o + 2] = c2;
        out[o + 3] = c3;
        out[o + 4] = c4;
        out[o + 5] = c5;
    }
}
