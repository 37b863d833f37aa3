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
    private final double[] linkPose = new double[Rigid3.SIZE];
    private final double[] columnBuffer = new double[MOTION];
    private final double[] linkWrench;
    private final boolean[] wrenched;
    private int wrenchedLinks;
    private final DMatrixRMaj factor;
    private final CholeskyDecompositionInner_DDRM cholesky = new CholeskyDecompositionInner_DDRM(true);
    private final double[] rhs;
    private final ForwardKinematics placement;
    private final DampedLeastSquaresIk ik;
    private final ArticulatedBodies articulated;

    RigidBodyWorkspace(RigidBodyTree tree) {
        this.tree = tree;
        this.bodies = tree.bodies;
        this.dof = tree.dof;
        pose = new double[bodies * Rigid3.SIZE];
        Rigid3.setIdentity(pose, 0);
        motion = new double[bodies * MOTION];
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
        placement = new ForwardKinematics(tree, pose, motion);
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
        placement.placeAll(q);
    }

    /** Only the link's ancestors are visited, and none of the stored poses is written (see {@link ForwardKinematics}). */
    @Override
    public void forwardKinematics(double[] q, int link, double[] transform) {
        requireLength(q, "q");
        if (transform.length != 16) {
            throw new IllegalArgumentException("transform must have 16 entries (row-major 4x4)");
        }
        placement.placeLink(q, link, transform);
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
     * Gravity enters as an upward acceleration of the base. Along a chain the parent's velocity and acceleration
     * (outwards) and the child's accumulated force (inwards) stay in local variables; the arrays carry them only
     * where the tree branches.
     */
    private void newtonEuler(double[] dq, double[] ddq, boolean withGravity, boolean withWrenches, double[] tau) {
        double[] g = tree.gravity;
        double[] v = velocity, a = acceleration, s = motion, in = inertia;
        for (int k = 0; k < MOTION; k++) {
            v[k] = 0;
            a[k] = 0;
        }
        if (withGravity) {
            a[3] = -g[0];
            a[4] = -g[1];
            a[5] = -g[2];
        }
        // the parent's velocity (w, v) and acceleration (aw, av)
        double pwx = 0, pwy = 0, pwz = 0, pvx = 0, pvy = 0, pvz = 0;
        double pawx = 0, pawy = 0, pawz = 0, pavx = a[3], pavy = a[4], pavz = a[5];
        int previous = 0;
        for (int b = 1; b < bodies; b++) {
            int p = tree.parent[b], o = b * MOTION;
            if (p != previous) {
                int po = p * MOTION;
                pwx = v[po]; pwy = v[po + 1]; pwz = v[po + 2]; pvx = v[po + 3]; pvy = v[po + 4]; pvz = v[po + 5];
                pawx = a[po]; pawy = a[po + 1]; pawz = a[po + 2]; pavx = a[po + 3]; pavy = a[po + 4]; pavz = a[po + 5];
            }
            previous = b;
            double rate = dq == null ? 0 : dq[b - 1];
            double accel = ddq == null ? 0 : ddq[b - 1];
            double s0 = s[o], s1 = s[o + 1], s2 = s[o + 2], s3 = s[o + 3], s4 = s[o + 4], s5 = s[o + 5];
            double swx = s0 * rate, swy = s1 * rate, swz = s2 * rate;
            double svx = s3 * rate, svy = s4 * rate, svz = s5 * rate;
            double wx = pwx + swx, wy = pwy + swy, wz = pwz + swz;
            double vx = pvx + svx, vy = pvy + svy, vz = pvz + svz;
            // a_b = a_p + S q̈ + V_b × S q̇
            double awx = pawx + s0 * accel + wy * swz - wz * swy;
            double awy = pawy + s1 * accel + wz * swx - wx * swz;
            double awz = pawz + s2 * accel + wx * swy - wy * swx;
            double avx = pavx + s3 * accel + wy * svz - wz * svy + vy * swz - vz * swy;
            double avy = pavy + s4 * accel + wz * svx - wx * svz + vz * swx - vx * swz;
            double avz = pavz + s5 * accel + wx * svy - wy * svx + vx * swy - vy * swx;
            v[o] = wx; v[o + 1] = wy; v[o + 2] = wz; v[o + 3] = vx; v[o + 4] = vy; v[o + 5] = vz;
            a[o] = awx; a[o + 1] = awy; a[o + 2] = awz; a[o + 3] = avx; a[o + 4] = avy; a[o + 5] = avz;
            pwx = wx; pwy = wy; pwz = wz; pvx = vx; pvy = vy; pvz = vz;
            pawx = awx; pawy = awy; pawz = awz; pavx = avx; pavy = avy; pavz = avz;
            // f_b = I a_b + V_b ×* (I V_b), I = (mass, h, Ī): I·(ω, v) = (Ī ω + h × v, mass v - h × ω)
            int io = b * BodyInertia.SIZE;
            double mass = in[io], hx = in[io + 1], hy = in[io + 2], hz = in[io + 3];
            double ixx = in[io + 4], ixy = in[io + 5], ixz = in[io + 6], iyy = in[io + 7], iyz = in[io + 8], izz = in[io + 9];
            double h0 = ixx * wx + ixy * wy + ixz * wz + hy * vz - hz * vy;
            double h1 = ixy * wx + iyy * wy + iyz * wz + hz * vx - hx * vz;
            double h2 = ixz * wx + iyz * wy + izz * wz + hx * vy - hy * vx;
            double h3 = mass * vx - hy * wz + hz * wy;
            double h4 = mass * vy - hz * wx + hx * wz;
            double h5 = mass * vz - hx * wy + hy * wx;
            force[o] = ixx * awx + ixy * awy + ixz * awz + hy * avz - hz * avy
                    + wy * h2 - wz * h1 + vy * h5 - vz * h4;
            force[o + 1] = ixy * awx + iyy * awy + iyz * awz + hz * avx - hx * avz
                    + wz * h0 - wx * h2 + vz * h3 - vx * h5;
            force[o + 2] = ixz * awx + iyz * awy + izz * awz + hx * avy - hy * avx
                    + wx * h1 - wy * h0 + vx * h4 - vy * h3;
            force[o + 3] = mass * avx - hy * awz + hz * awy + wy * h5 - wz * h4;
            force[o + 4] = mass * avy - hz * awx + hx * awz + wz * h3 - wx * h5;
            force[o + 5] = mass * avz - hx * awy + hy * awx + wx * h4 - wy * h3;
        }
        if (withWrenches) {
            subtractExternalWrenches(force);
        }
        // inwards: a body's force plus its children's; a child just before its parent hands it over in locals
        double c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0;
        for (int b = bodies - 1; b > 0; b--) {
            int o = b * MOTION;
            double f0 = force[o] + c0, f1 = force[o + 1] + c1, f2 = force[o + 2] + c2;
            double f3 = force[o + 3] + c3, f4 = force[o + 4] + c4, f5 = force[o + 5] + c5;
            tau[b - 1] = s[o] * f0 + s[o + 1] * f1 + s[o + 2] * f2 + s[o + 3] * f3 + s[o + 4] * f4 + s[o + 5] * f5;
            int p = tree.parent[b];
            if (p == b - 1) {
                c0 = f0; c1 = f1; c2 = f2; c3 = f3; c4 = f4; c5 = f5;
                continue;
            }
            c0 = 0; c1 = 0; c2 = 0; c3 = 0; c4 = 0; c5 = 0;
            if (p != 0) {
                p *= MOTION;
                force[p] += f0;
                force[p + 1] += f1;
                force[p + 2] += f2;
                force[p + 3] += f3;
                force[p + 4] += f4;
                force[p + 5] += f5;
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
