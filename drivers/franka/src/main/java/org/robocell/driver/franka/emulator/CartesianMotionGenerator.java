package org.robocell.driver.franka.emulator;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;
import org.robocell.driver.franka.internal.model.Transforms;
import org.robocell.driver.franka.protocol.FrankaError;
import org.robocell.driver.franka.protocol.RobotCommand;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.ReferenceFrame;

/**
 * The robot's Cartesian pose and Cartesian velocity motion generators: the desired end-effector pose follows
 * {@code O_T_EE_c} or integrates {@code O_dP_EE_c} (a lost command is extrapolated with constant acceleration),
 * is checked against the FR3's Cartesian limits, and is resolved into desired joint positions by one damped
 * least-squares step per cycle from the last ones, with the elbow (joint 3) moved in the null space when the
 * command gives one. Allocates nothing per cycle.
 */
final class CartesianMotionGenerator {

    private static final int DOF = 7;
    private static final double DAMPING = 1e-4;
    /** How far the first commanded pose may lie from the robot's (m, rad): a pose from its own state is exact. */
    private static final double START_TOLERANCE = 1e-3;

    private final KinematicWorkspace workspace;
    private final int flange;
    private final double dt;
    private final double margin;
    /** The desired end-effector pose (column-major), twist and its derivative. */
    final double[] pose = new double[16];
    final double[] twist = new double[6];
    final double[] acceleration = new double[6];
    private final double[] target = new double[16];
    private final double[] nextTwist = new double[6];
    private final double[] fTEe = new double[16];
    private final double[] rowMajor = new double[16];
    private final double[] flangePose = new double[16];
    private final double[] current = new double[16];
    private final double[] error = new double[6];
    private final double[] elbowTarget = new double[1];
    private final DMatrixRMaj jacobian = new DMatrixRMaj(6, DOF);
    private final DMatrixRMaj jjt = new DMatrixRMaj(6, 6);
    private final DMatrixRMaj rhs = new DMatrixRMaj(6, 1);
    private final DMatrixRMaj y = new DMatrixRMaj(6, 1);
    private final DMatrixRMaj y2 = new DMatrixRMaj(6, 1);
    private final LinearSolverDense<DMatrixRMaj> solver = LinearSolverFactory_DDRM.symmPosDef(6);
    private boolean velocityMode;
    private boolean started;

    CartesianMotionGenerator(KinematicModel model, double dt, double margin) {
        this.workspace = model.newWorkspace();
        this.flange = model.linkIndex(Fr3Model.FLANGE);
        this.dt = dt;
        this.margin = margin;
    }

    /** Starts at rest at the end-effector pose of joint positions {@code q}. */
    void start(double[] q, double[] flangeToEndEffector, boolean velocity) {
        System.arraycopy(flangeToEndEffector, 0, fTEe, 0, 16);
        endEffector(q, pose);
        java.util.Arrays.fill(twist, 0);
        java.util.Arrays.fill(acceleration, 0);
        velocityMode = velocity;
        started = false;
    }

    /**
     * One cycle: the next desired pose from {@code command} (null: extrapolated), checked, and the joint positions
     * that reach it, written into {@code q} (which holds the last desired joint positions).
     */
    void update(RobotCommand command, double[] q, boolean[] errors) {
        if (command == null) {
            for (int i = 0; i < 6; i++) {
                nextTwist[i] = twist[i] + acceleration[i] * dt;
            }
            integrate(pose, nextTwist, target);
        } else if (velocityMode) {
            System.arraycopy(command.oDpEeC, 0, nextTwist, 0, 6);
            integrate(pose, nextTwist, target);
        } else {
            if (!RobotSettings.homogeneous(command.oTEeC)) {
                errors[FrankaError.CARTESIAN_POSITION_MOTION_GENERATOR_INVALID_FRAME.ordinal()] = true;
                return;
            }
            System.arraycopy(command.oTEeC, 0, target, 0, 16);
            difference(pose, target, error);
            for (int i = 0; i < 6; i++) {
                nextTwist[i] = error[i] / dt;
            }
            if (!started && (norm(error, 0) > START_TOLERANCE || norm(error, 3) > START_TOLERANCE)) {
                errors[FrankaError.CARTESIAN_POSITION_MOTION_GENERATOR_START_POSE_INVALID.ordinal()] = true;
                return;
            }
        }
        check(errors);
        for (int i = 0; i < 6; i++) {
            acceleration[i] = (nextTwist[i] - twist[i]) / dt;
            twist[i] = nextTwist[i];
        }
        System.arraycopy(target, 0, pose, 0, 16);
        boolean elbow = command != null && command.validElbow;
        if (elbow) {
            if (Math.signum(command.elbowC[1]) != Math.signum(q[3])) {
                errors[FrankaError.CARTESIAN_MOTION_GENERATOR_ELBOW_SIGN_INCONSISTENT.ordinal()] = true;
            }
            if (command.elbowC[0] > Fr3Limits.Q_MAX[2] || command.elbowC[0] < Fr3Limits.Q_MIN[2]) {
                errors[FrankaError.CARTESIAN_MOTION_GENERATOR_ELBOW_LIMIT_VIOLATION.ordinal()] = true;
            }
            elbowTarget[0] = command.elbowC[0];
        }
        resolve(q, elbow);
        started |= command != null;
    }

    private void check(boolean[] errors) {
        double m = 1 + margin;
        double[] prev = twist;
        if (norm(nextTwist, 0) > Fr3Limits.TRANSLATION_VELOCITY_MAX * m
                || norm(nextTwist, 3) > Fr3Limits.ROTATION_VELOCITY_MAX * m) {
            errors[FrankaError.CARTESIAN_MOTION_GENERATOR_VELOCITY_LIMITS_VIOLATION.ordinal()] = true;
        }
        double at = 0;
        double ar = 0;
        double jt = 0;
        double jr = 0;
        for (int i = 0; i < 3; i++) {
            double a = (nextTwist[i] - prev[i]) / dt;
            double b = (nextTwist[i + 3] - prev[i + 3]) / dt;
            at += a * a;
            ar += b * b;
            double ja = (a - acceleration[i]) / dt;
            double jb = (b - acceleration[i + 3]) / dt;
            jt += ja * ja;
            jr += jb * jb;
        }
        if (Math.sqrt(at) > Fr3Limits.TRANSLATION_ACCELERATION_MAX * m
                || Math.sqrt(ar) > Fr3Limits.ROTATION_ACCELERATION_MAX * m) {
            errors[FrankaError.CARTESIAN_MOTION_GENERATOR_VELOCITY_DISCONTINUITY.ordinal()] = true;
        }
        if (Math.sqrt(jt) > Fr3Limits.TRANSLATION_JERK_MAX * m || Math.sqrt(jr) > Fr3Limits.ROTATION_JERK_MAX * m) {
            errors[FrankaError.CARTESIAN_MOTION_GENERATOR_ACCELERATION_DISCONTINUITY.ordinal()] = true;
        }
    }

    /** One damped least-squares step from {@code q} towards {@link #pose}; the elbow moves in the null space. */
    private void resolve(double[] q, boolean elbow) {
        endEffector(q, current);
        difference(current, pose, error);
        workspace.jacobian(flange, fTEe[12], fTEe[13], fTEe[14], ReferenceFrame.BASE, jacobian);
        CommonOps_DDRM.multTransB(jacobian, jacobian, jjt);
        for (int i = 0; i < 6; i++) {
            jjt.add(i, i, DAMPING);
            rhs.set(i, 0, error[i]);
        }
        if (!solver.setA(jjt)) {
            return;
        }
        solver.solve(rhs, y);
        double nullStep = 0;
        if (elbow) {
            // z = (elbow - q3) on joint 3, projected: z - J⁺ J z
            nullStep = elbowTarget[0] - q[2];
            for (int i = 0; i < 6; i++) {
                rhs.set(i, 0, jacobian.get(i, 2) * nullStep);
            }
            solver.solve(rhs, y2);
            for (int j = 0; j < DOF; j++) {
                double d = 0;
                for (int i = 0; i < 6; i++) {
                    d -= jacobian.get(i, j) * y2.get(i, 0);
                }
                q[j] += d;
            }
            q[2] += nullStep;
        }
        for (int j = 0; j < DOF; j++) {
            double d = 0;
            for (int i = 0; i < 6; i++) {
                d += jacobian.get(i, j) * y.get(i, 0);
            }
            q[j] += d;
        }
    }

    private void endEffector(double[] q, double[] out) {
        workspace.forwardKinematics(q);
        workspace.linkTransform(flange, rowMajor);
        Transforms.fromRowMajor(rowMajor, flangePose);
        Transforms.multiply(flangePose, fTEe, out);
    }

    /** The twist (translation, rotation vector; base frame) that takes pose {@code from} to pose {@code to}. */
    static void difference(double[] from, double[] to, double[] out) {
        for (int i = 0; i < 3; i++) {
            out[i] = to[12 + i] - from[12 + i];
        }
        // R = to · fromᵀ, its rotation vector
        double r00 = 0, r01 = 0, r02 = 0, r10 = 0, r11 = 0, r12 = 0, r20 = 0, r21 = 0, r22 = 0;
        for (int k = 0; k < 3; k++) {
            r00 += to[4 * k] * from[4 * k];
            r01 += to[4 * k] * from[4 * k + 1];
            r02 += to[4 * k] * from[4 * k + 2];
            r10 += to[4 * k + 1] * from[4 * k];
            r11 += to[4 * k + 1] * from[4 * k + 1];
            r12 += to[4 * k + 1] * from[4 * k + 2];
            r20 += to[4 * k + 2] * from[4 * k];
            r21 += to[4 * k + 2] * from[4 * k + 1];
            r22 += to[4 * k + 2] * from[4 * k + 2];
        }
        double cos = Math.max(-1, Math.min(1, (r00 + r11 + r22 - 1) / 2));
        double angle = Math.acos(cos);
        double sin = Math.sin(angle);
        double scale = angle < 1e-9 ? 0.5 : angle / (2 * sin);
        out[3] = (r21 - r12) * scale;
        out[4] = (r02 - r20) * scale;
        out[5] = (r10 - r01) * scale;
    }

    /** The pose {@code from} moved by {@code twist} for one cycle: translation added, rotation by Rodrigues. */
    private void integrate(double[] from, double[] tw, double[] out) {
        double wx = tw[3] * dt;
        double wy = tw[4] * dt;
        double wz = tw[5] * dt;
        double angle = Math.sqrt(wx * wx + wy * wy + wz * wz);
        double a = angle < 1e-12 ? 1 : Math.sin(angle) / angle;
        double b = angle < 1e-12 ? 0.5 : (1 - Math.cos(angle)) / (angle * angle);
        // E = I + a [w] + b [w]²
        double e00 = 1 - b * (wy * wy + wz * wz);
        double e01 = -a * wz + b * wx * wy;
        double e02 = a * wy + b * wx * wz;
        double e10 = a * wz + b * wx * wy;
        double e11 = 1 - b * (wx * wx + wz * wz);
        double e12 = -a * wx + b * wy * wz;
        double e20 = -a * wy + b * wx * wz;
        double e21 = a * wx + b * wy * wz;
        double e22 = 1 - b * (wx * wx + wy * wy);
        for (int c = 0; c < 3; c++) {
            double x = from[4 * c];
            double y0 = from[4 * c + 1];
            double z = from[4 * c + 2];
            out[4 * c] = e00 * x + e01 * y0 + e02 * z;
            out[4 * c + 1] = e10 * x + e11 * y0 + e12 * z;
            out[4 * c + 2] = e20 * x + e21 * y0 + e22 * z;
            out[4 * c + 3] = 0;
        }
        for (int i = 0; i < 3; i++) {
            out[12 + i] = from[12 + i] + tw[i] * dt;
        }
        out[15] = 1;
    }

    private static double norm(double[] v, int from) {
        return Math.sqrt(v[from] * v[from] + v[from + 1] * v[from + 1] + v[from + 2] * v[from + 2]);
    }
}
