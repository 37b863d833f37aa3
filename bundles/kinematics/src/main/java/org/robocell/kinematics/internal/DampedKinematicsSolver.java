package org.robocell.kinematics.internal;

import java.util.List;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.decomposition.TriangularSolver_DDRM;
import org.ejml.dense.row.decomposition.chol.CholeskyDecompositionInner_DDRM;
import org.robocell.kinematics.KinematicsSolver;
import org.robocell.kinematics.ReferenceFrame;

/**
 * kinematics_interface on a {@link RigidBodyWorkspace}. A base link other than the root must be rigidly attached
 * to it, so results are the root-frame ones rotated (and, for poses, moved) into the base frame.
 */
final class DampedKinematicsSolver implements KinematicsSolver {

    /** Relative size of a squared Cholesky pivot below which JᵀJ + alpha·I counts as singular. */
    private static final double SINGULAR = 1e-12;

    private final RigidBodyTree tree;
    private final RigidBodyWorkspace workspace;
    private final int baseIndex;
    private final double alpha;
    private final int dof;
    /** The base link in the root frame; the root-to-base inverse is applied on the fly. */
    private final double[] base = new double[Rigid3.SIZE];
    private final double[] transform = new double[16];
    private final DMatrixRMaj jacobian;
    private final DMatrixRMaj normal;
    private final DMatrixRMaj inverse;
    private final CholeskyDecompositionInner_DDRM cholesky = new CholeskyDecompositionInner_DDRM(true);
    private final double[] column;

    DampedKinematicsSolver(RigidBodyTree tree, String baseLink, double alpha) {
        if (!(alpha >= 0) || Double.isInfinite(alpha)) {
            throw new IllegalArgumentException("alpha must be a finite number >= 0, got " + alpha);
        }
        this.tree = tree;
        this.baseIndex = tree.linkIndex(baseLink);
        if (tree.linkBody[baseIndex] != 0) {
            throw new IllegalArgumentException("base link '" + baseLink + "' moves with a joint; a base must be rigidly attached to '"
                    + tree.baseLink + "'");
        }
        System.arraycopy(tree.linkOffset, baseIndex * Rigid3.SIZE, base, 0, Rigid3.SIZE);
        this.workspace = new RigidBodyWorkspace(tree);
        this.alpha = alpha;
        this.dof = tree.dof;
        this.jacobian = new DMatrixRMaj(6, dof);
        this.normal = new DMatrixRMaj(dof, dof);
        this.inverse = new DMatrixRMaj(dof, 6);
        this.column = new double[dof];
        cholesky.setExpectedMaxSize(dof, dof);
    }

    @Override
    public List<String> jointNames() {
        return tree.jointNames;
    }

    @Override
    public String baseLink() {
        return tree.linkNames.get(baseIndex);
    }

    @Override
    public boolean calculateLinkTransform(double[] q, String link, double[] out) {
        Integer index = tree.linkIndex.get(link);
        if (index == null || q.length != dof || out.length != 16) {
            return false;
        }
        workspace.forwardKinematics(q);
        double[] t = workspace.placeLink(index);
        // Rᵀ_base (p - p_base) and Rᵀ_base R
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                out[4 * i + j] = base[i] * t[j] + base[3 + i] * t[3 + j] + base[6 + i] * t[6 + j];
            }
            out[4 * i + 3] = base[i] * (t[9] - base[9]) + base[3 + i] * (t[10] - base[10]) + base[6 + i] * (t[11] - base[11]);
        }
        out[12] = 0;
        out[13] = 0;
        out[14] = 0;
        out[15] = 1;
        return true;
    }

    @Override
    public boolean calculateJacobian(double[] q, String link, DMatrixRMaj out) {
        Integer index = tree.linkIndex.get(link);
        if (index == null || q.length != dof) {
            return false;
        }
        workspace.forwardKinematics(q);
        workspace.jacobian(index, ReferenceFrame.BASE, out);
        double[] d = out.data;
        for (int c = 0; c < dof; c++) {
            for (int h = 0; h < 6; h += 3) {
                double x = d[h * dof + c], y = d[(h + 1) * dof + c], z = d[(h + 2) * dof + c];
                d[h * dof + c] = base[0] * x + base[3] * y + base[6] * z;
                d[(h + 1) * dof + c] = base[1] * x + base[4] * y + base[7] * z;
                d[(h + 2) * dof + c] = base[2] * x + base[5] * y + base[8] * z;
            }
        }
        return true;
    }

    @Override
    public boolean calculateJacobianInverse(double[] q, String link, DMatrixRMaj out) {
        if (!calculateJacobian(q, link, jacobian)) {
            return false;
        }
        CommonOps_DDRM.multTransA(jacobian, jacobian, normal);
        double largestDiagonal = 0;
        for (int i = 0; i < dof; i++) {
            normal.data[i * dof + i] += alpha;
            largestDiagonal = Math.max(largestDiagonal, normal.data[i * dof + i]);
        }
        if (!cholesky.decompose(normal) || !wellConditioned(largestDiagonal)) {
            return false;
        }
        out.reshape(dof, 6);
        // column r of the inverse solves (JᵀJ + αI) x = row r of J
        for (int r = 0; r < 6; r++) {
            System.arraycopy(jacobian.data, r * dof, column, 0, dof);
            TriangularSolver_DDRM.solveL(normal.data, column, dof);
            TriangularSolver_DDRM.solveTranL(normal.data, column, dof);
            for (int j = 0; j < dof; j++) {
                out.data[j * 6 + r] = column[j];
            }
        }
        return true;
    }

    /**
     * Cholesky succeeds on a singular matrix whose zero pivots round to tiny positive numbers (JᵀJ of a redundant
     * arm without damping): a pivot this small relative to the matrix means there is no inverse.
     */
    private boolean wellConditioned(double largestDiagonal) {
        for (int i = 0; i < dof; i++) {
            double pivot = normal.data[i * dof + i];
            if (pivot * pivot < SINGULAR * largestDiagonal) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean convertCartesianDeltasToJointDeltas(double[] q, double[] deltaX, String link, double[] deltaTheta) {
        if (deltaX.length != 6 || deltaTheta.length != dof || !calculateJacobianInverse(q, link, inverse)) {
            return false;
        }
        double[] inv = inverse.data;
        for (int j = 0; j < dof; j++) {
            double sum = 0;
            for (int r = 0; r < 6; r++) {
                sum += inv[j * 6 + r] * deltaX[r];
            }
            deltaTheta[j] = sum;
        }
        return true;
    }

    @Override
    public boolean convertJointDeltasToCartesianDeltas(double[] q, double[] deltaTheta, String link, double[] deltaX) {
        if (deltaX.length != 6 || deltaTheta.length != dof || !calculateJacobian(q, link, jacobian)) {
            return false;
        }
        for (int r = 0; r < 6; r++) {
            double sum = 0;
            for (int j = 0; j < dof; j++) {
                sum += jacobian.data[r * dof + j] * deltaTheta[j];
            }
            deltaX[r] = sum;
        }
        return true;
    }
}
