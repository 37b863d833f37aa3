package org.robocell.driver.franka.shell.internal;

import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaModel;
import org.robocell.driver.franka.api.FrankaState;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;

/**
 * {@code franka:model}'s lines: libfranka's model for a robot state, the matrices printed row by row (libfranka
 * holds them column-major), each line labelled with libfranka's call.
 */
final class ModelReport {

    private final FrankaModel model = FrankaModel.fr3();

    /** The model of {@code s} at {@code frame}; one model, so one call at a time. */
    synchronized String render(String label, FrankaState s, FrankaFrame frame) {
        RobotState state = s.state();
        double[] pose = new double[16];
        double[] zero = new double[42];
        double[] body = new double[42];
        double[] mass = new double[49];
        double[] coriolis = new double[7];
        double[] gravity = new double[7];
        double[] q = new double[7];
        state.get(StateField.Q, q);
        try {
            model.pose(frame, state, pose);
            model.zeroJacobian(frame, state, zero);
            model.bodyJacobian(frame, state, body);
            model.mass(state, mass);
            model.coriolis(state, coriolis);
            model.gravity(state, gravity);
        } catch (IllegalArgumentException e) {
            throw new FrankaShellException(label + ": the robot state cannot be modelled: " + e.getMessage());
        }
        String f = frame.libfrankaName();
        StringBuilder out = new StringBuilder(label).append(", FCI v").append(s.version().number())
                .append(", frame ").append(f).append(" (-f joint1..joint7, flange, EE, K)");
        out.append("\nq:                        ").append(row(q, 0, 1, 7));
        out.append("\nm_total (kg):             ").append(StateReport.number(state.get(StateField.M_EE, 0)
                + state.get(StateField.M_LOAD, 0)));
        matrix(out, "pose(" + f + ")", pose, 4, 4);
        matrix(out, "zeroJacobian(" + f + ")", zero, 6, 7);
        matrix(out, "bodyJacobian(" + f + ")", body, 6, 7);
        matrix(out, "mass", mass, 7, 7);
        out.append("\ncoriolis (Nm):            ").append(row(coriolis, 0, 1, 7));
        out.append("\ngravity (Nm):             ").append(row(gravity, 0, 1, 7));
        return out.toString();
    }

    private static void matrix(StringBuilder out, String name, double[] columnMajor, int rows, int cols) {
        out.append('\n').append(name).append(':');
        for (int r = 0; r < rows; r++) {
            out.append("\n  ").append(row(columnMajor, r, rows, cols));
        }
    }

    /** Row {@code r} of a column-major matrix with {@code rows} rows. */
    private static String row(double[] m, int r, int rows, int cols) {
        StringBuilder b = new StringBuilder("[");
        for (int c = 0; c < cols; c++) {
            String v = String.format(java.util.Locale.ROOT, "%9.5f", m[rows * c + r]);
            b.append(c == 0 ? "" : " ").append(v.equals(" -0.00000") ? "  0.00000" : v);
        }
        return b.append(']').toString();
    }
}
