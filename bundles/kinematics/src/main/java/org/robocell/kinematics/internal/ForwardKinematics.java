package org.robocell.kinematics.internal;

/**
 * Forward kinematics of a {@link RigidBodyTree}: every body's pose and joint motion vector into a workspace's
 * arrays, or one link's pose alone. Each joint's sine and cosine comes from {@link SinCos}, all of them in one loop
 * ahead of the frame chain.
 */
final class ForwardKinematics {

    private final RigidBodyTree tree;
    private final int bodies;
    /** The workspace's poses ({@link Rigid3} layout) and joint motion vectors, written by {@link #placeAll}. */
    private final double[] pose;
    private final double[] motion;
    /** sin, cos of each body's joint angle, from {@link #jointSinCos}. */
    private final double[] sinCos;
    private final double[] jointFrame = new double[Rigid3.SIZE];
    private final double[] jointRotation = new double[9];
    private final double[] tipA = new double[Rigid3.SIZE];
    private final double[] tipB = new double[Rigid3.SIZE];

    ForwardKinematics(RigidBodyTree tree, double[] pose, double[] motion) {
        this.tree = tree;
        this.bodies = tree.bodies;
        this.pose = pose;
        this.motion = motion;
        this.sinCos = new double[2 * bodies];
    }

    /**
     * Places every body and its joint's motion vector. Along a chain the parent's pose stays in twelve local
     * variables from one body to the next (it is read back from {@link RigidBodyWorkspace#pose} only where the tree branches); a
     * joint about ±z with a quarter-turn placement (most arm URDFs) moves and negates the parent's columns and turns
     * two of them, any other joint goes through the general products.
     */
    void placeAll(double[] q) {
        jointSinCos(q);
        double[] pose = this.pose;
        int[] column = tree.placementColumn;
        double[] sign = tree.placementSign, placement = tree.placement;
        // the parent's pose; body 0, the root, is the identity
        double a00 = 1, a01 = 0, a02 = 0, a10 = 0, a11 = 1, a12 = 0, a20 = 0, a21 = 0, a22 = 1;
        double ax = 0, ay = 0, az = 0;
        int previous = 0;
        for (int b = 1; b < bodies; b++) {
            int p = tree.parent[b];
            if (p != previous) {
                int po = p * Rigid3.SIZE;
                a00 = pose[po]; a01 = pose[po + 1]; a02 = pose[po + 2];
                a10 = pose[po + 3]; a11 = pose[po + 4]; a12 = pose[po + 5];
                a20 = pose[po + 6]; a21 = pose[po + 7]; a22 = pose[po + 8];
                ax = pose[po + 9]; ay = pose[po + 10]; az = pose[po + 11];
            }
            previous = b;
            int bo = b * Rigid3.SIZE, k3 = 3 * b;
            if (!tree.quarterTurnAboutZ[b]) {
                placeBody(q, b);
                a00 = pose[bo]; a01 = pose[bo + 1]; a02 = pose[bo + 2];
                a10 = pose[bo + 3]; a11 = pose[bo + 4]; a12 = pose[bo + 5];
                a20 = pose[bo + 6]; a21 = pose[bo + 7]; a22 = pose[bo + 8];
                ax = pose[bo + 9]; ay = pose[bo + 10]; az = pose[bo + 11];
                continue;
            }
            // F = A·P: column column_k of F is sign_k times column k of A
            double f00 = 0, f01 = 0, f02 = 0, f10 = 0, f11 = 0, f12 = 0, f20 = 0, f21 = 0, f22 = 0;
            double g = sign[k3];
            switch (column[k3]) {
                case 0 -> { f00 = g * a00; f10 = g * a10; f20 = g * a20; }
                case 1 -> { f01 = g * a00; f11 = g * a10; f21 = g * a20; }
                default -> { f02 = g * a00; f12 = g * a10; f22 = g * a20; }
            }
            g = sign[k3 + 1];
            switch (column[k3 + 1]) {
                case 0 -> { f00 = g * a01; f10 = g * a11; f20 = g * a21; }
                case 1 -> { f01 = g * a01; f11 = g * a11; f21 = g * a21; }
                default -> { f02 = g * a01; f12 = g * a11; f22 = g * a21; }
            }
            g = sign[k3 + 2];
            switch (column[k3 + 2]) {
                case 0 -> { f00 = g * a02; f10 = g * a12; f20 = g * a22; }
                case 1 -> { f01 = g * a02; f11 = g * a12; f21 = g * a22; }
                default -> { f02 = g * a02; f12 = g * a12; f22 = g * a22; }
            }
            int to = bo + 9;
            double tx = placement[to], ty = placement[to + 1], tz = placement[to + 2];
            double ox = a00 * tx + a01 * ty + a02 * tz + ax;
            double oy = a10 * tx + a11 * ty + a12 * tz + ay;
            double oz = a20 * tx + a21 * ty + a22 * tz + az;
            // F·Rz(±q): the first two columns turn, the third (the axis) stays
            double s = sinCos[2 * b], c = sinCos[2 * b + 1];
            a00 = c * f00 + s * f01; a01 = c * f01 - s * f00; a02 = f02;
            a10 = c * f10 + s * f11; a11 = c * f11 - s * f10; a12 = f12;
            a20 = c * f20 + s * f21; a21 = c * f21 - s * f20; a22 = f22;
            ax = ox; ay = oy; az = oz;
            pose[bo] = a00; pose[bo + 1] = a01; pose[bo + 2] = a02;
            pose[bo + 3] = a10; pose[bo + 4] = a11; pose[bo + 5] = a12;
            pose[bo + 6] = a20; pose[bo + 7] = a21; pose[bo + 8] = a22;
            pose[bo + 9] = ox; pose[bo + 10] = oy; pose[bo + 11] = oz;
            double sz = tree.axis[k3 + 2];
            double zx = f02 * sz, zy = f12 * sz, zz = f22 * sz;
            int mo = b * RigidBodyWorkspace.MOTION;
            motion[mo] = zx;
            motion[mo + 1] = zy;
            motion[mo + 2] = zz;
            motion[mo + 3] = oy * zz - oz * zy;
            motion[mo + 4] = oz * zx - ox * zz;
            motion[mo + 5] = ox * zy - oy * zx;
        }
    }

    /** Places body b and its motion vector from its parent's stored pose, for any joint and placement. */
    private void placeBody(double[] q, int b) {
        double[] f = jointFrame;
        int bo = b * Rigid3.SIZE;
        jointFrame(tree.parent[b] * Rigid3.SIZE, b, f);
        double ax = tree.axis[3 * b], ay = tree.axis[3 * b + 1], az = tree.axis[3 * b + 2];
        double qb = q[b - 1];
        int mo = b * RigidBodyWorkspace.MOTION;
        double zx, zy, zz;
        if (tree.prismatic[b]) {
            zx = f[0] * ax + f[1] * ay + f[2] * az;
            zy = f[3] * ax + f[4] * ay + f[5] * az;
            zz = f[6] * ax + f[7] * ay + f[8] * az;
            System.arraycopy(f, 0, pose, bo, 9);
            pose[bo + 9] = f[9] + zx * qb;
            pose[bo + 10] = f[10] + zy * qb;
            pose[bo + 11] = f[11] + zz * qb;
            motion[mo] = 0;
            motion[mo + 1] = 0;
            motion[mo + 2] = 0;
            motion[mo + 3] = zx;
            motion[mo + 4] = zy;
            motion[mo + 5] = zz;
            return;
        }
        if (tree.alongZ[b]) {
            // F·Rz(±q): the first two columns turn, the third (the axis) stays
            double s = sinCos[2 * b], c = sinCos[2 * b + 1];
            for (int i = 0; i < 9; i += 3) {
                double x = f[i], y = f[i + 1];
                pose[bo + i] = c * x + s * y;
                pose[bo + i + 1] = c * y - s * x;
                pose[bo + i + 2] = f[i + 2];
            }
            zx = f[2] * az;
            zy = f[5] * az;
            zz = f[8] * az;
        } else {
            Rigid3.setAxisRotation(ax, ay, az, sinCos[2 * b + 1], sinCos[2 * b], jointRotation, 0);
            Rigid3.mulRotation(f, 0, jointRotation, 0, pose, bo);
            zx = f[0] * ax + f[1] * ay + f[2] * az;
            zy = f[3] * ax + f[4] * ay + f[5] * az;
            zz = f[6] * ax + f[7] * ay + f[8] * az;
        }
        double ox = f[9], oy = f[10], oz = f[11];
        pose[bo + 9] = ox;
        pose[bo + 10] = oy;
        pose[bo + 11] = oz;
        motion[mo] = zx;
        motion[mo + 1] = zy;
        motion[mo + 2] = zz;
        motion[mo + 3] = oy * zz - oz * zy;
        motion[mo + 4] = oz * zx - ox * zz;
        motion[mo + 5] = ox * zy - oy * zx;
    }

    /**
     * Multiplies from the link up to the root, T = P₁·J₁(q₁)···P_b·J_b(q_b)·offset, so that only the link's
     * ancestors are visited. The product is carried in twelve local variables rather than an array, so that each
     * joint's step reads the previous one from registers: a joint about ±z placed by quarter turns (most arm URDFs)
     * turns two rows and moves the rows by the placement; any other joint goes through the general products.
     */
    void placeLink(double[] q, int link, double[] transform) {
        jointSinCos(q);
        double[] o = tree.linkOffset;
        int lo = link * Rigid3.SIZE;
        double r00 = o[lo], r01 = o[lo + 1], r02 = o[lo + 2];
        double r10 = o[lo + 3], r11 = o[lo + 4], r12 = o[lo + 5];
        double r20 = o[lo + 6], r21 = o[lo + 7], r22 = o[lo + 8];
        double px = o[lo + 9], py = o[lo + 10], pz = o[lo + 11];
        int[] column = tree.placementColumn;
        double[] sign = tree.placementSign, placement = tree.placement;
        for (int b = tree.linkBody[link]; b != 0; b = tree.parent[b]) {
            int k3 = 3 * b;
            if (tree.quarterTurnAboutZ[b]) {
                // Rz(±q)·T turns rows x and y, of the rotation and of the translation
                double s = sinCos[2 * b], c = sinCos[2 * b + 1];
                double x0 = c * r00 - s * r10, x1 = c * r01 - s * r11, x2 = c * r02 - s * r12, x3 = c * px - s * py;
                double y0 = s * r00 + c * r10, y1 = s * r01 + c * r11, y2 = s * r02 + c * r12, y3 = s * px + c * py;
                double z0 = r20, z1 = r21, z2 = r22, z3 = pz;
                // P·(Rz·T): row i is sign_i times the row in column_i, plus the placement's translation
                int to = b * Rigid3.SIZE + 9;
                double g = sign[k3];
                switch (column[k3]) {
                    case 0 -> { r00 = g * x0; r01 = g * x1; r02 = g * x2; px = g * x3; }
                    case 1 -> { r00 = g * y0; r01 = g * y1; r02 = g * y2; px = g * y3; }
                    default -> { r00 = g * z0; r01 = g * z1; r02 = g * z2; px = g * z3; }
                }
                g = sign[k3 + 1];
                switch (column[k3 + 1]) {
                    case 0 -> { r10 = g * x0; r11 = g * x1; r12 = g * x2; py = g * x3; }
                    case 1 -> { r10 = g * y0; r11 = g * y1; r12 = g * y2; py = g * y3; }
                    default -> { r10 = g * z0; r11 = g * z1; r12 = g * z2; py = g * z3; }
                }
                g = sign[k3 + 2];
                switch (column[k3 + 2]) {
                    case 0 -> { r20 = g * x0; r21 = g * x1; r22 = g * x2; pz = g * x3; }
                    case 1 -> { r20 = g * y0; r21 = g * y1; r22 = g * y2; pz = g * y3; }
                    default -> { r20 = g * z0; r21 = g * z1; r22 = g * z2; pz = g * z3; }
                }
                px += placement[to];
                py += placement[to + 1];
                pz += placement[to + 2];
                continue;
            }
            double[] t = tipA, u = tipB;
            t[0] = r00; t[1] = r01; t[2] = r02; t[3] = r10; t[4] = r11; t[5] = r12;
            t[6] = r20; t[7] = r21; t[8] = r22; t[9] = px; t[10] = py; t[11] = pz;
            jointThenPlacement(q, b, t, u);
            r00 = u[0]; r01 = u[1]; r02 = u[2]; r10 = u[3]; r11 = u[4]; r12 = u[5];
            r20 = u[6]; r21 = u[7]; r22 = u[8]; px = u[9]; py = u[10]; pz = u[11];
        }
        transform[0] = r00; transform[1] = r01; transform[2] = r02; transform[3] = px;
        transform[4] = r10; transform[5] = r11; transform[6] = r12; transform[7] = py;
        transform[8] = r20; transform[9] = r21; transform[10] = r22; transform[11] = pz;
        transform[12] = 0; transform[13] = 0; transform[14] = 0; transform[15] = 1;
    }

    /** u = P_b·J_b(q_b)·t for any joint and placement; t is overwritten. */
    private void jointThenPlacement(double[] q, int b, double[] t, double[] u) {
        double ax = tree.axis[3 * b], ay = tree.axis[3 * b + 1], az = tree.axis[3 * b + 2];
        double qb = q[b - 1];
        if (tree.prismatic[b]) {
            t[9] += ax * qb;
            t[10] += ay * qb;
            t[11] += az * qb;
        } else if (tree.alongZ[b]) {
            // Rz(±q)·t turns rows x and y of the rotation and the translation
            double s = sinCos[2 * b], c = sinCos[2 * b + 1];
            for (int j = 0; j < 3; j++) {
                double x = t[j], y = t[3 + j];
                t[j] = c * x - s * y;
                t[3 + j] = s * x + c * y;
            }
            double x = t[9], y = t[10];
            t[9] = c * x - s * y;
            t[10] = s * x + c * y;
        } else {
            Rigid3.setAxisRotation(ax, ay, az, sinCos[2 * b + 1], sinCos[2 * b], jointRotation, 0);
            Rigid3.mulRotation(jointRotation, 0, t, 0, u, 0);
            double x = t[9], y = t[10], z = t[11];
            double[] r = jointRotation;
            u[9] = r[0] * x + r[1] * y + r[2] * z;
            u[10] = r[3] * x + r[4] * y + r[5] * z;
            u[11] = r[6] * x + r[7] * y + r[8] * z;
            System.arraycopy(u, 0, t, 0, Rigid3.SIZE);
        }
        placeInParent(b, t, u);
    }

    /**
     * Sine and cosine of every joint's rotation angle (2 per body) in one loop ahead of the frame chain: the loop's
     * iterations are independent, so the processor overlaps them instead of waiting on each in the chain.
     */
    private void jointSinCos(double[] q) {
        for (int b = 1; b < bodies; b++) {
            // about -z is about z by -q
            SinCos.of(tree.angleScale[b] * q[b - 1], sinCos, 2 * b);
        }
    }

    /** f = pose of the parent (at {@code po} in {@link RigidBodyWorkspace#pose}) · placement of body b. */
    private void jointFrame(int po, int b, double[] f) {
        int[] column = tree.placementColumn;
        int k3 = 3 * b;
        if (column[k3] < 0) {
            Rigid3.compose(pose, po, tree.placement, b * Rigid3.SIZE, f, 0);
            return;
        }
        double[] a = pose, sign = tree.placementSign;
        // (A·P) column c = sign_k · column k of A, for the row k of P whose ±1 is in column c
        for (int k = 0; k < 3; k++) {
            int c = column[k3 + k];
            double sk = sign[k3 + k];
            f[c] = sk * a[po + k];
            f[3 + c] = sk * a[po + 3 + k];
            f[6 + c] = sk * a[po + 6 + k];
        }
        int to = b * Rigid3.SIZE + 9;
        double x = tree.placement[to], y = tree.placement[to + 1], z = tree.placement[to + 2];
        f[9] = a[po] * x + a[po + 1] * y + a[po + 2] * z + a[po + 9];
        f[10] = a[po + 3] * x + a[po + 4] * y + a[po + 5] * z + a[po + 10];
        f[11] = a[po + 6] * x + a[po + 7] * y + a[po + 8] * z + a[po + 11];
    }

    /** u = placement of body b · t. */
    private void placeInParent(int b, double[] t, double[] u) {
        int[] column = tree.placementColumn;
        int k3 = 3 * b;
        if (column[k3] < 0) {
            Rigid3.compose(tree.placement, b * Rigid3.SIZE, t, 0, u, 0);
            return;
        }
        double[] sign = tree.placementSign;
        int to = b * Rigid3.SIZE + 9;
        // row i of P·t = sign_i · row (column of row i) of t
        for (int i = 0; i < 3; i++) {
            int j = column[k3 + i];
            double si = sign[k3 + i];
            u[3 * i] = si * t[3 * j];
            u[3 * i + 1] = si * t[3 * j + 1];
            u[3 * i + 2] = si * t[3 * j + 2];
            u[9 + i] = tree.placement[to + i] + si * t[9 + j];
        }
    }
}
