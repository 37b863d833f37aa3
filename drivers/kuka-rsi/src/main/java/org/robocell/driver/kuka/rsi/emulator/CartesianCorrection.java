package org.robocell.driver.kuka.rsi.emulator;

/**
 * What the controller's POSCORR object does with the PC's Cartesian correction ({@code RKorr}): the flange goes to
 * the pose the axis targets give, moved by X Y Z (mm) and turned by A B C (degrees, Z-Y'-X'') about the robot base,
 * and the axes follow by inverse kinematics (damped least squares on the KR 6 R900 sixx chain, starting at the axis
 * targets). A correction the arm cannot reach leaves the axis targets as they are.
 * <p>
 * Preallocated; the emulator's thread is its only caller.
 */
final class CartesianCorrection {

    private static final int ITERATIONS = 30;
    /** converged when the position is within 1e-6 mm and the orientation within 1e-8 rad */
    private static final double POSITION_TOLERANCE_MM = 1e-6;
    private static final double ROTATION_TOLERANCE = 1e-8;
    private static final double STEP_DEGREES = 1e-4;
    private static final double DAMPING = 1e-6;

    private final Kr6R900SixxKinematics kinematics = new Kr6R900SixxKinematics();
    private final double[] pose = new double[6];
    private final double[] rotation = new double[9];
    private final double[] turn = new double[9];
    private final double[] targetRotation = new double[9];
    private final double[] targetPosition = new double[3];
    private final double[] error = new double[6];
    private final double[] probeError = new double[6];
    private final double[] q = new double[6];
    private final double[] probe = new double[6];
    private final double[][] jacobian = new double[6][6];
    private final double[][] normal = new double[6][7];
    private final double[] transposed = new double[9];
    private final double[] difference = new double[9];

    /**
     * Corrects the robot axis targets (degrees, A1..A6) in place.
     *
     * @param correction X Y Z (mm) A B C (deg) in the robot base
     * @return false when no axis position reaches the corrected pose (the targets are left unchanged)
     */
    boolean correct(double[] axes, double[] correction) {
        kinematics.flangePose(axes, pose);
        kinematics.rotation(rotation);
        Kr6R900SixxKinematics.rotationFromZyxDegrees(correction[3], correction[4], correction[5], turn);
        Kr6R900SixxKinematics.multiply3(turn, rotation, targetRotation);
        for (int i = 0; i < 3; i++) {
            targetPosition[i] = pose[i] + correction[i];
        }
        System.arraycopy(axes, 0, q, 0, 6);
        for (int iteration = 0; iteration < ITERATIONS; iteration++) {
            errorAt(q, error);
            if (converged(error)) {
                System.arraycopy(q, 0, axes, 0, 6);
                return true;
            }
            for (int j = 0; j < 6; j++) {
                System.arraycopy(q, 0, probe, 0, 6);
                probe[j] += STEP_DEGREES;
                errorAt(probe, probeError);
                for (int row = 0; row < 6; row++) {
                    // d(error)/dq is minus the Jacobian; the step solves J dq = error
                    jacobian[row][j] = (error[row] - probeError[row]) / STEP_DEGREES;
                }
            }
            if (!solveDampedStep()) {
                return false;
            }
            for (int j = 0; j < 6; j++) {
                q[j] += normal[j][6];
            }
        }
        errorAt(q, error);
        if (!converged(error)) {
            return false;
        }
        System.arraycopy(q, 0, axes, 0, 6);
        return true;
    }

    private static boolean converged(double[] e) {
        return Math.abs(e[0]) < POSITION_TOLERANCE_MM && Math.abs(e[1]) < POSITION_TOLERANCE_MM
                && Math.abs(e[2]) < POSITION_TOLERANCE_MM && Math.abs(e[3]) < ROTATION_TOLERANCE
                && Math.abs(e[4]) < ROTATION_TOLERANCE && Math.abs(e[5]) < ROTATION_TOLERANCE;
    }

    /** Position error (mm) and the rotation vector (rad) that turns the flange at {@code axes} into the target. */
    private void errorAt(double[] axes, double[] e) {
        kinematics.flangePose(axes, pose);
        kinematics.rotation(rotation);
        for (int i = 0; i < 3; i++) {
            e[i] = targetPosition[i] - pose[i];
        }
        // R_err = R_target R^T; its rotation vector by the axis-angle formula
        for (int row = 0; row < 3; row++) {
            for (int col = 0; col < 3; col++) {
                transposed[row * 3 + col] = rotation[col * 3 + row];
            }
        }
        Kr6R900SixxKinematics.multiply3(targetRotation, transposed, difference);
        double cos = Math.max(-1, Math.min(1, (difference[0] + difference[4] + difference[8] - 1) / 2));
        double angle = Math.acos(cos);
        double sin = Math.sin(angle);
        double scale = angle < 1e-9 ? 0.5 : angle / (2 * sin);
        e[3] = scale * (difference[7] - difference[5]);
        e[4] = scale * (difference[2] - difference[6]);
        e[5] = scale * (difference[3] - difference[1]);
    }

    /** (J^T J + damping I) dq = J^T e by Gaussian elimination; dq lands in column 6 of {@code normal}. */
    private boolean solveDampedStep() {
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                double sum = 0;
                for (int k = 0; k < 6; k++) {
                    sum += jacobian[k][i] * jacobian[k][j];
                }
                normal[i][j] = sum + (i == j ? DAMPING : 0);
            }
            double rhs = 0;
            for (int k = 0; k < 6; k++) {
                rhs += jacobian[k][i] * error[k];
            }
            normal[i][6] = rhs;
        }
        for (int col = 0; col < 6; col++) {
            int pivot = col;
            for (int row = col + 1; row < 6; row++) {
                if (Math.abs(normal[row][col]) > Math.abs(normal[pivot][col])) {
                    pivot = row;
                }
            }
            if (Math.abs(normal[pivot][col]) < 1e-15) {
                return false;
            }
            double[] swap = normal[col];
            normal[col] = normal[pivot];
            normal[pivot] = swap;
            for (int row = col + 1; row < 6; row++) {
                double f = normal[row][col] / normal[col][col];
                for (int k = col; k < 7; k++) {
                    normal[row][k] -= f * normal[col][k];
                }
            }
        }
        for (int row = 5; row >= 0; row--) {
            double sum = normal[row][6];
            for (int k = row + 1; k < 6; k++) {
                sum -= normal[row][k] * normal[k][6];
            }
            normal[row][6] = sum / normal[row][row];
        }
        return true;
    }
}
