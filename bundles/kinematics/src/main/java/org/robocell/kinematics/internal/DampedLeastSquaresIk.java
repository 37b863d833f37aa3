package org.robocell.kinematics.internal;

import java.util.Arrays;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.decomposition.TriangularSolver_DDRM;
import org.ejml.dense.row.decomposition.chol.CholeskyDecompositionInner_DDRM;
import org.robocell.kinematics.IkOptions;
import org.robocell.kinematics.IkResult;
import org.robocell.kinematics.ReferenceFrame;

/**
 * Inverse kinematics by damped least squares with Levenberg-Marquardt damping: each step is
 * Δq = Jᵀ (J Jᵀ + λ² I)⁻¹ e. A step is kept only if it lowers the error, and then λ² shrinks tenfold towards the
 * configured damping, so steps become Gauss-Newton steps close to the target (a small floor matters: near a
 * singular configuration a large one slows convergence to a crawl); a step that does not lower the error is
 * retried with λ² ten times larger, and when λ² grows past {@link #STUCK_DAMPING} the attempt sits in a local
 * minimum. Joint positions are clamped to the limits after every step; an attempt that does not converge
 * is restarted from random positions within the limits.
 */
final class DampedLeastSquaresIk {

    /** Damping at which a step no longer lowers the error: a local minimum, time to restart elsewhere. */
    private static final double STUCK_DAMPING = 1e6;
    /** Damping of an attempt's first step: a cautious start, relaxed as soon as steps succeed. */
    private static final double INITIAL_DAMPING = 1e-2;

    private final RigidBodyWorkspace workspace;
    private final RigidBodyTree tree;
    private final int dof;
    private final double[] target = new double[Rigid3.SIZE];
    private final double[] error = new double[6];
    private final double[] trialError = new double[6];
    private final double[] solved = new double[6];
    private final DMatrixRMaj jacobian;
    private final DMatrixRMaj normal = new DMatrixRMaj(6, 6);
    private final CholeskyDecompositionInner_DDRM cholesky = new CholeskyDecompositionInner_DDRM(true);
    private final double[] q;
    private final double[] best;
    private final double[] dq;
    private final double[] trial;
    private final boolean[] locked;
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
        this.trial = new double[dof];
        this.locked = new boolean[dof];
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
            workspace.forwardKinematics(q);
            double cost = measureError(link, error);
            workspace.jacobian(link, ReferenceFrame.BASE, jacobian);
            double mu = INITIAL_DAMPING;
            for (int iteration = 0; ; ) {
                double positionError = norm3(error, 0);
                double orientationError = norm3(error, 3);
                if (cost < bestCost) {
                    bestCost = cost;
                    System.arraycopy(q, 0, best, 0, dof);
                    result.positionError = positionError;
                    result.orientationError = orientationError;
                }
                if (positionError <= options.positionTolerance() && orientationError <= options.orientationTolerance()) {
                    result.converged = true;
                    System.arraycopy(q, 0, solution, 0, dof);
                    workspace.forwardKinematics(solution);
                    return result;
                }
                if (iteration == options.maxIterations() || mu > STUCK_DAMPING) {
                    break;
                }
                iteration++;
                result.iterations++;
                if (!propose(mu, options.maxStep())) {
                    break;
                }
                workspace.forwardKinematics(trial);
                double trialCost = measureError(link, trialError);
                if (trialCost < cost) {
                    // accept: the workspace now holds the poses of the new positions
                    System.arraycopy(trial, 0, q, 0, dof);
                    System.arraycopy(trialError, 0, error, 0, 6);
                    cost = trialCost;
                    workspace.jacobian(link, ReferenceFrame.BASE, jacobian);
                    mu = Math.max(options.damping(), mu / 10);
                } else {
                    mu *= 10;
                }
            }
        }
        System.arraycopy(best, 0, solution, 0, dof);
        workspace.forwardKinematics(solution);
        return result;
    }

    /**
     * Writes (target position - position, rotation vector from the current to the target orientation) of the
     * workspace's current poses and returns its squared norm.
     */
    private double measureError(int link, double[] e) {
        double[] t = workspace.placeLink(link);
        e[0] = target[9] - t[9];
        e[1] = target[10] - t[10];
        e[2] = target[11] - t[11];
        Rigid3.rotationVectorBetween(target, 0, t, 0, e, 3);
        double sum = 0;
        for (int k = 0; k < 6; k++) {
            sum += e[k] * e[k];
        }
        return sum;
    }

    private static double norm3(double[] v, int o) {
        return Math.sqrt(v[o] * v[o] + v[o + 1] * v[o + 1] + v[o + 2] * v[o + 2]);
    }

    /**
     * trial = clamp(q + Jᵀ (J Jᵀ + λ² I)⁻¹ e), the step shortened to maxStep; false if the system is singular.
     * A joint that sits on a limit and would be pushed past it is left out of J and the step recomputed, so the
     * other joints do the work instead of the step being clipped into a crawl along the limit.
     */
    private boolean propose(double lambda2, double maxStep) {
        Arrays.fill(locked, false);
        for (int pass = 0; pass <= dof; pass++) {
            if (!solveStep(lambda2)) {
                return false;
            }
            boolean lockedMore = false;
            for (int j = 0; j < dof; j++) {
                if (!locked[j] && (q[j] <= tree.lower[j] && dq[j] < 0 || q[j] >= tree.upper[j] && dq[j] > 0)) {
                    locked[j] = true;
                    lockedMore = true;
                }
            }
            if (!lockedMore) {
                break;
            }
        }
        double largest = 0;
        for (int j = 0; j < dof; j++) {
            largest = Math.max(largest, Math.abs(dq[j]));
        }
        double scale = largest > maxStep ? maxStep / largest : 1;
        for (int j = 0; j < dof; j++) {
            trial[j] = clamp(j, q[j] + scale * dq[j]);
        }
        return true;
    }

    /** dq = Jᵀ (J Jᵀ + λ² I)⁻¹ e over the joints that are not locked; locked joints get 0. */
    private boolean solveStep(double lambda2) {
        double[] jd = jacobian.data;
        double[] nd = normal.data;
        for (int r = 0; r < 6; r++) {
            for (int c = r; c < 6; c++) {
                double sum = 0;
                for (int j = 0; j < dof; j++) {
                    if (!locked[j]) {
                        sum += jd[r * dof + j] * jd[c * dof + j];
                    }
                }
                nd[r * 6 + c] = sum;
                nd[c * 6 + r] = sum;
            }
            nd[r * 7] += lambda2;
        }
        if (!cholesky.decompose(normal)) {
            return false;
        }
        System.arraycopy(error, 0, solved, 0, 6);
        TriangularSolver_DDRM.solveL(nd, solved, 6);
        TriangularSolver_DDRM.solveTranL(nd, solved, 6);
        for (int j = 0; j < dof; j++) {
            double sum = 0;
            if (!locked[j]) {
                for (int r = 0; r < 6; r++) {
                    sum += jd[r * dof + j] * solved[r];
                }
            }
            dq[j] = sum;
        }
        return true;
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
