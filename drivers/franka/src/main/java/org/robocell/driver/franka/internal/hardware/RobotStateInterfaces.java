package org.robocell.driver.franka.internal.hardware;

import java.util.function.BiFunction;

import org.robocell.api.hardware.StateInterfaceHandle;
import org.robocell.driver.franka.internal.model.LoadCombination;
import org.robocell.driver.franka.protocol.FrankaError;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;

/**
 * Every field of the robot's state that a controller reads, as double state interfaces under the arm id, named
 * by libfranka's field name ({@code franka::RobotState}, which franka_ros2's {@code FrankaRobotState} semantic
 * component hands out through a pointer): {@code fr3/q_0} … {@code fr3/q_6}, {@code fr3/O_T_EE_0} …
 * {@code fr3/O_T_EE_15} (column-major), {@code fr3/m_ee}, … one per value; the error and reflex flags as bitsets
 * ({@code fr3/errors}, {@code fr3/reflex_reason}: bit i = libfranka's i-th flag, exact in a double) and their
 * counts, the motion generator and controller modes, and the end effector and load combined as libfranka's
 * {@code RobotState} gives them ({@code m_total}, {@code F_x_Ctotal_*}, {@code I_total_*}). The accelerometers of
 * protocol 10 are left out. Copied from each state on the loop into preallocated handles: allocation-free.
 */
final class RobotStateInterfaces {

    /** The fields exported: every numeric one but the accelerometers, which only protocol 10 has. */
    static final StateField[] FIELDS = fields();

    private final StateInterfaceHandle[][] values = new StateInterfaceHandle[FIELDS.length][];
    private final StateInterfaceHandle errors;
    private final StateInterfaceHandle errorCount;
    private final StateInterfaceHandle reflexReason;
    private final StateInterfaceHandle reflexReasonCount;
    private final StateInterfaceHandle motionGeneratorMode;
    private final StateInterfaceHandle controllerMode;
    private final StateInterfaceHandle mTotal;
    private final StateInterfaceHandle[] fxCtotal = new StateInterfaceHandle[3];
    private final StateInterfaceHandle[] iTotal = new StateInterfaceHandle[9];
    private final LoadCombination total = new LoadCombination();
    private final double[] scratch = new double[16];

    /** Exports the interfaces through {@code export(name, shortName)}; during {@code onInit}. */
    RobotStateInterfaces(String armId, BiFunction<String, String, StateInterfaceHandle> export) {
        for (int f = 0; f < FIELDS.length; f++) {
            StateField field = FIELDS[f];
            values[f] = new StateInterfaceHandle[field.count()];
            for (int i = 0; i < field.count(); i++) {
                String n = name(field.wireName(), i, field.count());
                values[f][i] = export.apply(armId + "/" + n, n);
            }
        }
        errors = export.apply(armId + "/errors", "errors");
        errorCount = export.apply(armId + "/error_count", "error_count");
        reflexReason = export.apply(armId + "/reflex_reason", "reflex_reason");
        reflexReasonCount = export.apply(armId + "/reflex_reason_count", "reflex_reason_count");
        motionGeneratorMode = export.apply(armId + "/motion_generator_mode", "motion_generator_mode");
        controllerMode = export.apply(armId + "/controller_mode", "controller_mode");
        mTotal = export.apply(armId + "/m_total", "m_total");
        for (int i = 0; i < 3; i++) {
            fxCtotal[i] = export.apply(armId + "/F_x_Ctotal_" + i, "F_x_Ctotal_" + i);
        }
        for (int i = 0; i < 9; i++) {
            iTotal[i] = export.apply(armId + "/I_total_" + i, "I_total_" + i);
        }
    }

    /** {@code q_3}, or {@code m_ee} for a field of one value. */
    static String name(String field, int index, int count) {
        return count == 1 ? field : field + "_" + index;
    }

    /** Copies {@code s} into the interfaces. Real time, allocation-free. */
    void publish(RobotState s) {
        for (int f = 0; f < FIELDS.length; f++) {
            StateInterfaceHandle[] h = values[f];
            for (int i = 0; i < h.length; i++) {
                h[i].set(s.get(FIELDS[f], i));
            }
        }
        errors.set(bits(s.errors()));
        errorCount.set(count(s.errors()));
        reflexReason.set(bits(s.reflexReason()));
        reflexReasonCount.set(count(s.reflexReason()));
        motionGeneratorMode.set(s.motionGeneratorMode().ordinal());
        controllerMode.set(s.controllerMode().ordinal());
        total.combine(s, scratch);
        mTotal.set(total.mass);
        for (int i = 0; i < 3; i++) {
            fxCtotal[i].set(total.centerOfMass[i]);
        }
        for (int i = 0; i < 9; i++) {
            iTotal[i].set(total.inertia[i]);
        }
    }

    /** The flags as a bitset, flag i at bit i: 41 bits, exact in a double. */
    static double bits(boolean[] flags) {
        long b = 0;
        for (int i = 0; i < FrankaError.COUNT; i++) {
            if (flags[i]) {
                b |= 1L << i;
            }
        }
        return b;
    }

    private static int count(boolean[] flags) {
        int n = 0;
        for (boolean f : flags) {
            n += f ? 1 : 0;
        }
        return n;
    }

    private static StateField[] fields() {
        StateField[] all = StateField.values();
        int n = 0;
        for (StateField f : all) {
            n += f == StateField.ACCELEROMETER_TOP || f == StateField.ACCELEROMETER_BOTTOM ? 0 : 1;
        }
        StateField[] out = new StateField[n];
        int k = 0;
        for (StateField f : all) {
            if (f != StateField.ACCELEROMETER_TOP && f != StateField.ACCELEROMETER_BOTTOM) {
                out[k++] = f;
            }
        }
        return out;
    }
}
