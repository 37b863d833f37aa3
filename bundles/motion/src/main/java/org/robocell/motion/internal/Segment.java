package org.robocell.motion.internal;

/**
 * One planned primitive on its own: joint positions at every sample (row-major, {@code rows × dof}), from its start
 * (row 0) to its goal (the last row), and the tool position at each row (for blending).
 */
final class Segment {

    final int dof;
    final int rows;
    final double[] q;
    final double[] tool;
    final double blendRadius;

    Segment(int dof, int rows, double blendRadius) {
        this.dof = dof;
        this.rows = rows;
        this.q = new double[rows * dof];
        this.tool = new double[rows * 3];
        this.blendRadius = blendRadius;
    }

    /** Sample intervals: the segment lasts {@code steps() × sampleTime}. */
    int steps() {
        return rows - 1;
    }

    double q(int row, int joint) {
        return q[row * dof + joint];
    }

    /** Distance of the tool at {@code row} from the point (x, y, z). */
    double toolDistance(int row, double x, double y, double z) {
        double dx = tool[3 * row] - x, dy = tool[3 * row + 1] - y, dz = tool[3 * row + 2] - z;
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    double toolX(int row) {
        return tool[3 * row];
    }

    double toolY(int row) {
        return tool[3 * row + 1];
    }

    double toolZ(int row) {
        return tool[3 * row + 2];
    }
}
