package org.robocell.driver.franka.shell.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.robocell.driver.franka.api.FrankaState;
import org.robocell.driver.franka.protocol.FrankaError;
import org.robocell.driver.franka.protocol.RobotMode;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;

/** A robot state as {@code franka:state} prints it: one {@code name: value} line per field, libfranka's names. */
final class StateReport {

    /** Fields shown by default, in the order libfranka's {@code operator<<(RobotState)} prints the ones it has. */
    private static final StateField[] SHOWN = { StateField.O_T_EE, StateField.O_T_EE_D, StateField.F_T_EE,
        StateField.NE_T_EE, StateField.EE_T_K, StateField.M_EE, StateField.M_LOAD, StateField.F_X_CLOAD,
        StateField.I_LOAD, StateField.ELBOW, StateField.TAU_J, StateField.TAU_J_D, StateField.DTAU_J, StateField.Q,
        StateField.Q_D, StateField.DQ, StateField.DQ_D, StateField.DDQ_D, StateField.JOINT_CONTACT,
        StateField.CARTESIAN_CONTACT, StateField.JOINT_COLLISION, StateField.CARTESIAN_COLLISION,
        StateField.TAU_EXT_HAT_FILTERED, StateField.O_F_EXT_HAT_K, StateField.K_F_EXT_HAT_K, StateField.O_DP_EE_D,
        StateField.O_T_EE_C, StateField.O_DP_EE_C, StateField.THETA, StateField.DTHETA };

    private StateReport() {
    }

    static String render(String label, FrankaState s, String filter) {
        RobotState state = s.state();
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] { "robot_mode", name(state.robotMode()) });
        lines.add(new String[] { "current_errors", FrankaError.describe(state.errors()) });
        lines.add(new String[] { "last_motion_errors", FrankaError.describe(state.reflexReason()) });
        lines.add(new String[] { "control_command_success_rate", number(state.controlCommandSuccessRate()) });
        lines.add(new String[] { "time", number(state.messageId() * 1e-3) + " s" });
        lines.add(new String[] { "position (O_T_EE)", "x " + number(state.get(StateField.O_T_EE, 12)) + "  y "
                + number(state.get(StateField.O_T_EE, 13)) + "  z " + number(state.get(StateField.O_T_EE, 14))
                + "  (m)" });
        for (StateField f : SHOWN) {
            double[] v = new double[f.count()];
            state.get(f, v);
            lines.add(new String[] { f.wireName(), array(v) });
        }
        StringBuilder out = new StringBuilder(label + ", FCI v" + s.version().number()
                + (s.connected() ? "" : " (read on a connection of its own: the component is not connected)"));
        List<String[]> shown = lines.stream().filter(l -> filter.isEmpty() || l[0].contains(filter)).toList();
        int width = shown.stream().mapToInt(l -> l[0].length()).max().orElse(0);
        for (String[] l : shown) {
            out.append('\n').append(l[0]).append(':').append(" ".repeat(width - l[0].length() + 2)).append(l[1]);
        }
        if (shown.isEmpty()) {
            throw new FrankaShellException("no field of the robot state contains '" + filter + "' (robot_mode,"
                    + " current_errors, last_motion_errors, control_command_success_rate, q, tau_J, O_T_EE, ...)");
        }
        return out.toString();
    }

    /** libfranka's spelling: {@code Move}, {@code Reflex}, {@code AutomaticErrorRecovery}. */
    static String name(RobotMode mode) {
        StringBuilder b = new StringBuilder();
        for (String part : mode.name().split("_")) {
            b.append(part.charAt(0)).append(part.substring(1).toLowerCase(Locale.ROOT));
        }
        return b.toString();
    }

    private static String array(double[] v) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            b.append(i == 0 ? "" : ", ").append(number(v[i]));
        }
        return b.append(']').toString();
    }

    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.6g", v).replaceAll("(\\.[0-9]*?)0+($|e)", "$1$2").replace(".e", "e")
                .replaceAll("\\.$", "");
    }
}
