package org.robocell.kinematics.internal;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.decomposition.TriangularSolver_DDRM;
import org.ejml.dense.row.decomposition.chol.CholeskyDecompositionInner_DDRM;
import org.robocell.kinematics.IkOptions;
import org.robocell.kinematics.IkResult;
import org.robocell.kinematics.ReferenceFrame;

/**
 * Inverse kinematics by damped least squares with Levenberg-Marquardt damping: each step is
 * Δq = Jᵀ (J Jᵀ + λ² I)⁻¹ e, with λ² = damping + ½|e|², so steps stay short far from the target and become
 * Gauss-Newton steps close to it. Joint positions are clamped to the limits after every step; an attempt that
 * does not converge is restarted from random positions within the limits.
 */
final class DampedLeastSquaresIk {

    private final RigidBodyWorkspace workspace;
    private final RigidBodyTree tree;
    private final int dof;
    private final double[] target = new double[Rigid3.SIZE];
    private final double[] error = new double[6];
    private final DMatrixRMaj jacobian;
    private final DMatrixRMaj normal = new DMatrixRMaj(6, 6);
    private final CholeskyDecompositionInner_DDRM cholesky = new CholeskyDecompositionInner_DDRM(true);
    private final double[] q;
    private final double[] best;
    private final double[] dq;
    private final Result result = new Result();
    private long random;

    DampedLeastSquaresIk(RigidBodyWorkspace workspace, RigidBodyTree tree) {
        this.workspace = workspace;
        this.tree = tree;
        this.dof = tree.dof;
        this.jacobian = new DMatrixRMaj(6, dof);
        this.q = new double[dof];
        this.best = new double[dof];
        this.dq = new double[dof];
        cholesky.setExpectedMaxSize(6, 6);
    }

    IkResult solve(int link, double[] target4x4, double[] seed, IkOptions options, double[] solution) {
        Rigid3.fromMatrix4(target4x4, target, 0);
        return solve(link, seed, options, solution);
    }

    IkResult solve(int link, double[] position, double[] quaternion, double[] seed, IkOptions options,
            double[] solution) {
        Rigid3.fromQuaternion(quaternion, target, 0);
        target[9] = position[0];
        target[10] = position[1];
        target[11] = position[2];
        return solve(link, seed, options, solution);
    }

    private IkResult solve(int link, double[] seed, IkOptions options, double[] solution) {
        random = options.randomSeed() * 0x9E3779B97F4A7C15L + 1;
        result.reset();
        double bestCost = Double.POSITIVE_INFINITY;
        for (int attempt = 0; attempt <= options.restarts(); attempt++) {
            result.attempts = attempt + 1;
            if (attempt == 0) {
                clampInto(seed, q);
            } else {
                randomPositions(q);
            }
            for (int iteration = 0; ; iteration++) {
                workspace.forwardKinematics(q);
                measureError(link);
                double positionError = Math.sqrt(error[0] * error[0] + error[1] * error[1] + error[2] * error[2]);
                double orientationError = Math.sqrt(error[3] * error[3] + error[4] * error[4] + error[5] * error[5]);
                double cost = positionError + orientationError;
                if (cost < bestCost) {
                    bestCost = cost;
                    System.arraycopy(q, 0, best, 0, dof);
                    result.positionError = positionError;
                    result.orientationError = orientationError;
                }
                if (positionError <= options.positionTolerance() && orientationError <= options.orientationTolerance()) {
                    result.converged = true;
                    System.arraycopy(q, 0, solution, 0, dof);
                    return result;
                }
                if (iteration == options.maxIterations()) {
                    break;
                }
                result.iterations++;
                step(link, options);
            }
        }
        System.arraycopy(best, 0, solution, 0, dof);
        workspace.forwardKinematics(solution);
        return result;
    }

    /** error = (target position - position, rotation vector from the current to the target orientation). */
    private void measureError(int link) {
        double[] t = workspace.placeLink(link);
        error[0] = target[9] - t[9];
        error[1] = target[10] - t[10];
        error[2] = target[11] - t[11];
        Rigid3.rotationVectorBetween(target, 0, t, 0, error, 3);
    }

    private void step(int link, IkOptions options) {
        workspace.jacobian(link, ReferenceFrame.BASE, jacobian);
        CommonOps_DDRM.multTransB(jacobian, jacobian, normal);
        double squaredError = 0;
        for (double e : error) {
            squaredError += e * e;
        }
        double lambda2 = options.damping() + 0.5 * squaredError;
        for (int i = 0; i < 6; i++) {
            normal.data[i * 7] += lambda2;
        }
        if (!cholesky.decompose(normal)) {
            return;
        }
        // error ← (J Jᵀ + λ² I)⁻¹ error, then Δq = Jᵀ error
        TriangularSolver_DDRM.solveL(normal.data, error, 6);
        TriangularSolver_DDRM.solveTranL(normal.data, error, 6);
        double largest = 0;
        double[] jd = jacobian.data;
        for (int j = 0; j < dof; j++) {
            double sum = 0;
            for (int r = 0; r < 6; r++) {
                sum += jd[r * dof + j] * error[r];
            }
            dq[j] = sum;
            largest = Math.max(largest, Math.abs(sum));
        }
        double scale = largest > options.maxStep() ? options.maxStep() / largest : 1;
        for (int j = 0; j < dof; j++) {
            q[j] = clamp(j, q[j] + scale * dq[j]);
        }
    }

    private void clampInto(double[] from, double[] to) {
        for (int j = 0; j < dof; j++) {
            to[j] = clamp(j, from[j]);
        }
    }

    private double clamp(int joint, double value) {
        return Math.min(tree.upper[joint], Math.max(tree.lower[joint], value));
    }

    /** Uniform positions within the limits, or within [-π, π] for a joint without limits (xorshift64*). */
    private void randomPositions(double[] out) {
        for (int j = 0; j < dof; j++) {
            random ^= random >>> 12;
            random ^= random << 25;
            random ^= random >>> 27;
            double unit = ((random * 0x2545F4914F6CDD1DL) >>> 11) * 0x1.0p-53;
            double lo = Double.isFinite(tree.lower[j]) ? tree.lower[j] : -Math.PI;
            double hi = Double.isFinite(tree.upper[j]) ? tree.upper[j] : Math.PI;
            out[j] = lo + unit * (hi - lo);
        }
    }

    /** The one mutable result a workspace hands out. */
    private static final class Result implements IkResult {
        boolean converged;
        int iterations;
        int attempts;
        double positionError;
        double orientationError;

        void reset() {
            converged = false;
            iterations = 0;
            attempts = 0;
            positionError = Double.POSITIVE_INFINITY;
            orientationError = Double.POSITIVE_INFINITY;
        }

        @Override
        public boolean converged() {
            return converged;
        }

        @Override
        public int iterations() {
            return iterations;
        }

        @Override
        public int attempts() {
            return attempts;
        }

        @Override
        public double positionError() {
            return positionError;
        }

        @Override
        public double orientationError() {
            return orientationError;
        }

        @Override
        public String toString() {
            return (converged ? "converged" : "not converged") + " after " + iterations + " iterations in " + attempts
                    + " attempts, position error " + positionError + " m, orientation error " + orientationError + " rad";
        }
    }
}
