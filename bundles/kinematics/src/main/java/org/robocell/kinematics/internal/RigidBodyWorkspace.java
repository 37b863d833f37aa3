package org.robocell.kinematics.internal;

import java.util.Arrays;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.decomposition.TriangularSolver_DDRM;
import org.ejml.dense.row.decomposition.chol.CholeskyDecompositionInner_DDRM;
import org.robocell.kinematics.IkOptions;
import org.robocell.kinematics.IkResult;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.ReferenceFrame;

/**
 * Poses, Jacobians and dynamics of a {@link RigidBodyTree}, computed in preallocated arrays.
 *
 * <p>Every quantity is expressed in the base frame, and spatial vectors are taken about the base origin
 * (Featherstone's spatial algebra in base coordinates): a body's velocity is (ω, v₀), v₀ being the velocity of
 * the body point that passes through the base origin, and a force is (torque about the base origin, force). In
 * that single frame no spatial transform is ever needed: composite inertias simply add up, and the joint axis of
 * body b is the motion vector S_b = (z, o × z) for a revolute joint, (0, z) for a prismatic one.
 */
final class RigidBodyWorkspace implements KinematicWorkspace {

    static final int MOTION = 6;

    private final RigidBodyTree tree;
    private final int bodies;
    private final int dof;
    /** Pose of each body in the base frame ({@link Rigid3} layout). */
    final double[] pose;
    /** Joint motion vector S of each body: (angular, linear about the base origin). */
    final double[] motion;
    /** Spatial inertia of each body about the base origin: mass, first moment m·c (3), rotational inertia (6). */
    final double[] inertia;
    private final double[] composite;
    private final double[] velocity;
    private final double[] acceleration;
    private final double[] force;
    private final double[] jointFrame = new double[Rigid3.SIZE];
    private final double[] jointRotation = new double[9];
    /** sin, cos of each body's joint angle, from {@link #jointSinCos}. */
    private final double[] sinCos;
    private final double[] tipA = new double[Rigid3.SIZE];
    private final double[] tipB = new double[Rigid3.SIZE];
    private final double[] linkPose = new double[Rigid3.SIZE];
    private final double[] columnBuffer = new double[MOTION];
    private final double[] linkWrench;
    private final boolean[] wrenched;
    private int wrenchedLinks;
    private final DMatrixRMaj factor;
    private final CholeskyDecompositionInner_DDRM cholesky = new CholeskyDecompositionInner_DDRM(true);
    private final double[] rhs;
    private final DampedLeastSquaresIk ik;
    private final ArticulatedBodies articulated;

    RigidBodyWorkspace(RigidBodyTree tree) {
        this.tree = tree;
        this.bodies = tree.bodies;
        this.dof = tree.dof;
        pose = new double[bodies * Rigid3.SIZE];
        Rigid3.setIdentity(pose, 0);
        motion = new double[bodies * MOTION];
        sinCos = new double[2 * bodies];
        inertia = new double[bodies * BodyInertia.SIZE];
        composite = new double[bodies * BodyInertia.SIZE];
        velocity = new double[bodies * MOTION];
        acceleration = new double[bodies * MOTION];
        force = new double[bodies * MOTION];
        linkWrench = new double[tree.linkNames.size() * MOTION];
        wrenched = new boolean[tree.linkNames.size()];
        factor = new DMatrixRMaj(dof, dof);
        rhs = new double[dof];
        cholesky.setExpectedMaxSize(dof, dof);
        ik = new DampedLeastSquaresIk(this, tree);
        articulated = new ArticulatedBodies(this, tree);
    }

    @Override
    public KinematicModel model() {
        return tree;
    }

    // ---------------------------------------------------------------- kinematics

    @Override
    public void forwardKinematics(double[] q) {
        requireLength(q, "q");
        jointSinCos(q);
        double[] f = jointFrame;
        for (int b = 1; b < bodies; b++) {
            int bo = b * Rigid3.SIZE;
            jointFrame(tree.parent[b] * Rigid3.SIZE, b, f);
            double ax = tree.axis[3 * b], ay = tree.axis[3 * b + 1], az = tree.axis[3 * b + 2];
            double qb = q[b - 1];
            int mo = b * MOTION;
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
                continue;
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
    }

    /**
     * Multiplies from the link up to the root, T = P₁·J₁(q₁)···P_b·J_b(q_b)·offset, so that only the link's
     * ancestors are visited and nothing but two 12-double buffers is written.
     */
    @Override
    public void forwardKinematics(double[] q, int link, double[] transform) {
        requireLength(q, "q");
        if (transform.length != 16) {
            throw new IllegalArgumentException("transform must have 16 entries (row-major 4x4)");
        }
        jointSinCos(q);
        double[] t = tipA, u = tipB;
        System.arraycopy(tree.linkOffset, link * Rigid3.SIZE, t, 0, Rigid3.SIZE);
        for (int b = tree.linkBody[link]; b != 0; b = tree.parent[b]) {
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
                double[] swap = t;
                t = u;
                u = swap;
            }
            placeInParent(b, t, u);
            double[] swap = t;
            t = u;
            u = swap;
        }
        Rigid3.toMatrix4(t, 0, transform);
    }

    /**
     * Sine and cosine of every joint's rotation angle (2 per body) in one loop ahead of the frame chain: the loop's
     * iterations are independent, so the processor overlaps them instead of waiting on each in the chain.
     */
    private void jointSinCos(double[] q) {
        for (int b = 1; b < bodies; b++) {
            // about -z is about z by -q
            double angle = tree.alongZ[b] ? tree.axis[3 * b + 2] * q[b - 1] : q[b - 1];
            sinCos[2 * b] = Math.sin(angle);
            sinCos[2 * b + 1] = Math.cos(angle);
        }
    }

    /** f = pose of the parent (at {@code po} in {@link #pose}) · placement of body b. */
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

    /** Places link {@code link} in the base frame into {@link #linkPose} and returns that array. */
    double[] placeLink(int link) {
        Rigid3.compose(pose, tree.linkBody[link] * Rigid3.SIZE, tree.linkOffset, link * Rigid3.SIZE, linkPose, 0);
        return linkPose;
    }

    @Override
    public void linkTransform(int link, double[] transform) {
        Rigid3.toMatrix4(placeLink(link), 0, transform);
    }

    @Override
    public void linkPosition(int link, double[] position) {
        double[] t = placeLink(link);
        position[0] = t[9];
        position[1] = t[10];
        position[2] = t[11];
    }

    @Override
    public void linkQuaternion(int link, double[] quaternion) {
        Rigid3.toQuaternion(placeLink(link), 0, quaternion);
    }

    @Override
    public void jacobian(int link, ReferenceFrame frame, DMatrixRMaj jacobian) {
        jacobian(link, 0, 0, 0, frame, jacobian);
    }

    @Override
    public void jacobian(int link, double px, double py, double pz, ReferenceFrame frame, DMatrixRMaj jacobian) {
        double[] t = placeLink(link);
        // the point in the base frame
        double wx = t[0] * px + t[1] * py + t[2] * pz + t[9];
        double wy = t[3] * px + t[4] * py + t[5] * pz + t[10];
        double wz = t[6] * px + t[7] * py + t[8] * pz + t[11];
        jacobian.reshape(6, dof);
        jacobian.zero();
        double[] out = jacobian.data;
        for (int b = tree.linkBody[link]; b != 0; b = tree.parent[b]) {
            int s = b * MOTION;
            double sx = motion[s], sy = motion[s + 1], sz = motion[s + 2];
            // velocity of the point for a unit joint rate: v₀ + ω × p
            double[] c = columnBuffer;
            c[0] = motion[s + 3] + sy * wz - sz * wy;
            c[1] = motion[s + 4] + sz * wx - sx * wz;
            c[2] = motion[s + 5] + sx * wy - sy * wx;
            c[3] = sx;
            c[4] = sy;
            c[5] = sz;
            if (frame == ReferenceFrame.LINK) {
                toLinkFrame(t, c);
            }
            for (int r = 0; r < 6; r++) {
                out[r * dof + b - 1] = c[r];
            }
        }
    }

    /** Rotates both halves of a 6-vector from the base frame into the frame of rotation {@code t}: Rᵀ·v. */
    private static void toLinkFrame(double[] t, double[] c) {
        for (int h = 0; h < 6; h += 3) {
            double x = c[h], y = c[h + 1], z = c[h + 2];
            c[h] = t[0] * x + t[3] * y + t[6] * z;
            c[h + 1] = t[1] * x + t[4] * y + t[7] * z;
            c[h + 2] = t[2] * x + t[5] * y + t[8] * z;
        }
    }

    @Override
    public void jacobianTimeDerivative(int link, double[] dq, ReferenceFrame frame, DMatrixRMaj jacobianDot) {
        requireLength(dq, "dq");
        propagateVelocities(dq);
        double[] t = placeLink(link);
        double px = t[9], py = t[10], pz = t[11];
        int k = tree.linkBody[link] * MOTION;
        double kwx = velocity[k], kwy = velocity[k + 1], kwz = velocity[k + 2];
        // velocity of the point: v₀ + ω × p
        double vpx = velocity[k + 3] + kwy * pz - kwz * py;
        double vpy = velocity[k + 4] + kwz * px - kwx * pz;
        double vpz = velocity[k + 5] + kwx * py - kwy * px;
        jacobianDot.reshape(6, dof);
        jacobianDot.zero();
        double[] out = jacobianDot.data;
        double[] c = columnBuffer;
        for (int b = tree.linkBody[link]; b != 0; b = tree.parent[b]) {
            int s = b * MOTION;
            double sx = motion[s], sy = motion[s + 1], sz = motion[s + 2];
            double lx = motion[s + 3], ly = motion[s + 4], lz = motion[s + 5];
            double wx = velocity[s], wy = velocity[s + 1], wz = velocity[s + 2];
            double vx = velocity[s + 3], vy = velocity[s + 4], vz = velocity[s + 5];
            // Ṡ = V_b × S: the axis moves with its body
            double dsx = wy * sz - wz * sy, dsy = wz * sx - wx * sz, dsz = wx * sy - wy * sx;
            double dlx = wy * lz - wz * ly + vy * sz - vz * sy;
            double dly = wz * lx - wx * lz + vz * sx - vx * sz;
            double dlz = wx * ly - wy * lx + vx * sy - vy * sx;
            // d/dt (l + s × p) = l̇ + ṡ × p + s × ṗ
            c[0] = dlx + dsy * pz - dsz * py + sy * vpz - sz * vpy;
            c[1] = dly + dsz * px - dsx * pz + sz * vpx - sx * vpz;
            c[2] = dlz + dsx * py - dsy * px + sx * vpy - sy * vpx;
            c[3] = dsx;
            c[4] = dsy;
            c[5] = dsz;
            if (frame == ReferenceFrame.LINK) {
                // d/dt (Rᵀ J) = Rᵀ (J̇ - ω × J)
                double jx = lx + sy * pz - sz * py, jy = ly + sz * px - sx * pz, jz = lz + sx * py - sy * px;
                c[0] -= kwy * jz - kwz * jy;
                c[1] -= kwz * jx - kwx * jz;
                c[2] -= kwx * jy - kwy * jx;
                c[3] -= kwy * sz - kwz * sy;
                c[4] -= kwz * sx - kwx * sz;
                c[5] -= kwx * sy - kwy * sx;
                toLinkFrame(t, c);
            }
            for (int r = 0; r < 6; r++) {
                out[r * dof + b - 1] = c[r];
            }
        }
    }

    private void propagateVelocities(double[] dq) {
        for (int b = 1; b < bodies; b++) {
            int p = tree.parent[b] * MOTION, o = b * MOTION;
            double rate = dq[b - 1];
            for (int k = 0; k < MOTION; k++) {
                velocity[o + k] = velocity[p + k] + motion[o + k] * rate;
            }
        }
    }

    // ---------------------------------------------------------------- dynamics

    @Override
    public void setExternalWrench(int link, double fx, double fy, double fz, double tx, double ty, double tz) {
        int o = link * MOTION;
        linkWrench[o] = fx;
        linkWrench[o + 1] = fy;
        linkWrench[o + 2] = fz;
        linkWrench[o + 3] = tx;
        linkWrench[o + 4] = ty;
        linkWrench[o + 5] = tz;
        if (!wrenched[link]) {
            wrenched[link] = true;
            wrenchedLinks++;
        }
    }

    @Override
    public void clearExternalWrenches() {
        Arrays.fill(linkWrench, 0);
        Arrays.fill(wrenched, false);
        wrenchedLinks = 0;
    }

    @Override
    public void inverseDynamics(double[] q, double[] dq, double[] ddq, double[] tau) {
        requireLength(dq, "dq");
        requireLength(ddq, "ddq");
        requireLength(tau, "tau");
        forwardKinematics(q);
        placeInertias();
        newtonEuler(dq, ddq, true, true, tau);
    }

    @Override
    public void coriolis(double[] q, double[] dq, double[] tau) {
        requireLength(dq, "dq");
        requireLength(tau, "tau");
        forwardKinematics(q);
        placeInertias();
        newtonEuler(dq, null, false, false, tau);
    }

    @Override
    public void gravity(double[] q, double[] tau) {
        requireLength(tau, "tau");
        forwardKinematics(q);
        placeInertias();
        newtonEuler(null, null, true, false, tau);
    }

    @Override
    public void massMatrix(double[] q, DMatrixRMaj massMatrix) {
        forwardKinematics(q);
        placeInertias();
        compositeRigidBody(massMatrix);
    }

    @Override
    public void forwardDynamics(double[] q, double[] dq, double[] tau, double[] ddq) {
        requireLength(dq, "dq");
        requireLength(tau, "tau");
        requireLength(ddq, "ddq");
        forwardKinematics(q);
        placeInertias();
        compositeRigidBody(factor);
        newtonEuler(dq, null, true, true, rhs);
        for (int j = 0; j < dof; j++) {
            rhs[j] = tau[j] - rhs[j];
        }
        if (!cholesky.decompose(factor)) {
            throw new IllegalStateException("the mass matrix is not positive definite: a moving body has no mass");
        }
        TriangularSolver_DDRM.solveL(factor.data, rhs, dof);
        TriangularSolver_DDRM.solveTranL(factor.data, rhs, dof);
        System.arraycopy(rhs, 0, ddq, 0, dof);
    }

    @Override
    public void articulatedBodyDynamics(double[] q, double[] dq, double[] tau, double[] ddq) {
        requireLength(dq, "dq");
        requireLength(tau, "tau");
        requireLength(ddq, "ddq");
        forwardKinematics(q);
        placeInertias();
        articulated.solve(dq, tau, null, ddq);
    }

    @Override
    public void articulatedBodyDynamics(double[] q, double[] dq, double[] tau, double[] armature, double[] ddq) {
        requireLength(dq, "dq");
        requireLength(tau, "tau");
        requireLength(armature, "armature");
        requireLength(ddq, "ddq");
        forwardKinematics(q);
        placeInertias();
        articulated.solve(dq, tau, armature, ddq);
    }

    /** Expresses every body's mass properties as a spatial inertia about the base origin. */
    private void placeInertias() {
        double[] in = tree.inertia;
        for (int b = 1; b < bodies; b++) {
            int io = b * BodyInertia.SIZE, po = b * Rigid3.SIZE;
            double m = in[io];
            double[] r = pose;
            // centre of mass in the base frame
            double bx = in[io + 1], by = in[io + 2], bz = in[io + 3];
            double cx = r[po] * bx + r[po + 1] * by + r[po + 2] * bz + r[po + 9];
            double cy = r[po + 3] * bx + r[po + 4] * by + r[po + 5] * bz + r[po + 10];
            double cz = r[po + 6] * bx + r[po + 7] * by + r[po + 8] * bz + r[po + 11];
            double ixx = in[io + 4], ixy = in[io + 5], ixz = in[io + 6], iyy = in[io + 7], iyz = in[io + 8], izz = in[io + 9];
            // R·I (row i), then (R·I·Rᵀ)_ij = (R·I)_i · R_j
            double a00 = r[po] * ixx + r[po + 1] * ixy + r[po + 2] * ixz;
            double a01 = r[po] * ixy + r[po + 1] * iyy + r[po + 2] * iyz;
            double a02 = r[po] * ixz + r[po + 1] * iyz + r[po + 2] * izz;
            double a10 = r[po + 3] * ixx + r[po + 4] * ixy + r[po + 5] * ixz;
            double a11 = r[po + 3] * ixy + r[po + 4] * iyy + r[po + 5] * iyz;
            double a12 = r[po + 3] * ixz + r[po + 4] * iyz + r[po + 5] * izz;
            double a20 = r[po + 6] * ixx + r[po + 7] * ixy + r[po + 8] * ixz;
            double a21 = r[po + 6] * ixy + r[po + 7] * iyy + r[po + 8] * iyz;
            double a22 = r[po + 6] * ixz + r[po + 7] * iyz + r[po + 8] * izz;
            double c2 = cx * cx + cy * cy + cz * cz;
            int o = io;
            inertia[o] = m;
            inertia[o + 1] = m * cx;
            inertia[o + 2] = m * cy;
            inertia[o + 3] = m * cz;
            inertia[o + 4] = a00 * r[po] + a01 * r[po + 1] + a02 * r[po + 2] + m * (c2 - cx * cx);
            inertia[o + 5] = a00 * r[po + 3] + a01 * r[po + 4] + a02 * r[po + 5] - m * cx * cy;
            inertia[o + 6] = a00 * r[po + 6] + a01 * r[po + 7] + a02 * r[po + 8] - m * cx * cz;
            inertia[o + 7] = a10 * r[po + 3] + a11 * r[po + 4] + a12 * r[po + 5] + m * (c2 - cy * cy);
            inertia[o + 8] = a10 * r[po + 6] + a11 * r[po + 7] + a12 * r[po + 8] - m * cy * cz;
            inertia[o + 9] = a20 * r[po + 6] + a21 * r[po + 7] + a22 * r[po + 8] + m * (c2 - cz * cz);
        }
    }

    /**
     * Recursive Newton-Euler: joint torques for rates {@code dq} and accelerations {@code ddq} (null = zero).
     * Gravity enters as an upward acceleration of the base.
     */
    private void newtonEuler(double[] dq, double[] ddq, boolean withGravity, boolean withWrenches, double[] tau) {
        double[] g = tree.gravity;
        for (int k = 0; k < MOTION; k++) {
            velocity[k] = 0;
            acceleration[k] = 0;
        }
        if (withGravity) {
            acceleration[3] = -g[0];
            acceleration[4] = -g[1];
            acceleration[5] = -g[2];
        }
        double[] v = velocity, a = acceleration, s = motion;
        for (int b = 1; b < bodies; b++) {
            int p = tree.parent[b] * MOTION, o = b * MOTION;
            double rate = dq == null ? 0 : dq[b - 1];
            double accel = ddq == null ? 0 : ddq[b - 1];
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
            // a_b = a_p + S q̈ + V_b × S q̇
            a[o] = a[p] + s[o] * accel + wy * swz - wz * swy;
            a[o + 1] = a[p + 1] + s[o + 1] * accel + wz * swx - wx * swz;
            a[o + 2] = a[p + 2] + s[o + 2] * accel + wx * swy - wy * swx;
            a[o + 3] = a[p + 3] + s[o + 3] * accel + wy * svz - wz * svy + vy * swz - vz * swy;
            a[o + 4] = a[p + 4] + s[o + 4] * accel + wz * svx - wx * svz + vz * swx - vx * swz;
            a[o + 5] = a[p + 5] + s[o + 5] * accel + wx * svy - wy * svx + vx * swy - vy * swx;
            // f_b = I a_b + V_b ×* (I V_b)
            int io = b * BodyInertia.SIZE;
            applyInertia(inertia, io, a, o, force, o);
            applyInertia(inertia, io, v, o, columnBuffer, 0);
            double[] h = columnBuffer;
            force[o] += wy * h[2] - wz * h[1] + vy * h[5] - vz * h[4];
            force[o + 1] += wz * h[0] - wx * h[2] + vz * h[3] - vx * h[5];
            force[o + 2] += wx * h[1] - wy * h[0] + vx * h[4] - vy * h[3];
            force[o + 3] += wy * h[5] - wz * h[4];
            force[o + 4] += wz * h[3] - wx * h[5];
            force[o + 5] += wx * h[4] - wy * h[3];
        }
        if (withWrenches) {
            subtractExternalWrenches(force);
        }
        for (int b = bodies - 1; b > 0; b--) {
            int o = b * MOTION;
            tau[b - 1] = s[o] * force[o] + s[o + 1] * force[o + 1] + s[o + 2] * force[o + 2]
                    + s[o + 3] * force[o + 3] + s[o + 4] * force[o + 4] + s[o + 5] * force[o + 5];
            int p = tree.parent[b];
            if (p != 0) {
                p *= MOTION;
                for (int k = 0; k < MOTION; k++) {
                    force[p + k] += force[o + k];
                }
            }
        }
    }

    /**
     * Moves each link's wrench to the base origin (torque + p × force) and subtracts it from its body's entry of
     * {@code bodyForce} (6 per body).
     */
    void subtractExternalWrenches(double[] bodyForce) {
        if (wrenchedLinks == 0) {
            return;
        }
        double[] force = bodyForce;
        for (int l = 0; l < wrenched.length; l++) {
            int body = tree.linkBody[l];
            if (!wrenched[l] || body == 0) {
                continue;
            }
            double[] t = placeLink(l);
            int w = l * MOTION, o = body * MOTION;
            double fx = linkWrench[w], fy = linkWrench[w + 1], fz = linkWrench[w + 2];
            force[o] -= linkWrench[w + 3] + t[10] * fz - t[11] * fy;
            force[o + 1] -= linkWrench[w + 4] + t[11] * fx - t[9] * fz;
            force[o + 2] -= linkWrench[w + 5] + t[9] * fy - t[10] * fx;
            force[o + 3] -= fx;
            force[o + 4] -= fy;
            force[o + 5] -= fz;
        }
    }

    /** out = I·m for a spatial inertia I = (mass, h, Ī): (Ī ω + h × v, mass v - h × ω). */
    static void applyInertia(double[] in, int io, double[] m, int mo, double[] out, int oo) {
        double mass = in[io], hx = in[io + 1], hy = in[io + 2], hz = in[io + 3];
        double ixx = in[io + 4], ixy = in[io + 5], ixz = in[io + 6], iyy = in[io + 7], iyz = in[io + 8], izz = in[io + 9];
        double wx = m[mo], wy = m[mo + 1], wz = m[mo + 2], vx = m[mo + 3], vy = m[mo + 4], vz = m[mo + 5];
        out[oo] = ixx * wx + ixy * wy + ixz * wz + hy * vz - hz * vy;
        out[oo + 1] = ixy * wx + iyy * wy + iyz * wz + hz * vx - hx * vz;
        out[oo + 2] = ixz * wx + iyz * wy + izz * wz + hx * vy - hy * vx;
        out[oo + 3] = mass * vx - hy * wz + hz * wy;
        out[oo + 4] = mass * vy - hz * wx + hx * wz;
        out[oo + 5] = mass * vz - hx * wy + hy * wx;
    }

    /** Composite rigid body algorithm: M_ij = S_jᵀ·Iᶜ_i·S_i for every j on the path from i to the root. */
    private void compositeRigidBody(DMatrixRMaj m) {
        System.arraycopy(inertia, 0, composite, 0, composite.length);
        for (int b = bodies - 1; b > 0; b--) {
            int p = tree.parent[b];
            if (p != 0) {
                for (int k = 0; k < BodyInertia.SIZE; k++) {
                    composite[p * BodyInertia.SIZE + k] += composite[b * BodyInertia.SIZE + k];
                }
            }
        }
        m.reshape(dof, dof);
        m.zero();
        double[] out = m.data;
        double[] f = columnBuffer;
        for (int b = 1; b < bodies; b++) {
            applyInertia(composite, b * BodyInertia.SIZE, motion, b * MOTION, f, 0);
            int row = b - 1;
            for (int j = b; j != 0; j = tree.parent[j]) {
                int s = j * MOTION;
                double value = motion[s] * f[0] + motion[s + 1] * f[1] + motion[s + 2] * f[2]
                        + motion[s + 3] * f[3] + motion[s + 4] * f[4] + motion[s + 5] * f[5];
                out[row * dof + j - 1] = value;
                out[(j - 1) * dof + row] = value;
            }
        }
    }

    // ---------------------------------------------------------------- inverse kinematics

    @Override
    public IkResult inverseKinematics(int link, double[] target, double[] seed, IkOptions options, double[] solution) {
        requireLength(seed, "seed");
        requireLength(solution, "solution");
        if (target.length != 16) {
            throw new IllegalArgumentException("target must be a row-major 4x4 transform of 16 doubles");
        }
        return ik.solve(link, target, seed, options, solution);
    }

    @Override
    public IkResult inverseKinematics(int link, double[] position, double[] quaternion, double[] seed,
            IkOptions options, double[] solution) {
        requireLength(seed, "seed");
        requireLength(solution, "solution");
        if (position.length != 3 || quaternion.length != 4) {
            throw new IllegalArgumentException("target needs a position of 3 and a quaternion (x, y, z, w) of 4 doubles");
        }
        return ik.solve(link, position, quaternion, seed, options, solution);
    }

    private void requireLength(double[] vector, String name) {
        if (vector.length != dof) {
            throw new IllegalArgumentException(name + " has " + vector.length + " entries, the robot has " + dof + " joints");
        }
    }
}
