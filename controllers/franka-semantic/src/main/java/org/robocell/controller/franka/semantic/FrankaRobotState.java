package org.robocell.controller.franka.semantic;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.robocell.api.controller.Loans;
import org.robocell.controller.franka.semantic.internal.HandleBlock;

/**
 * franka_semantic_components' {@code FrankaRobotState} ({@code franka_ros2}: {@code
 * franka_semantic_components/include/franka_semantic_components/franka_robot_state.hpp}): the robot's
 * {@code franka::RobotState} as a controller reads it. Upstream passes a pointer to the whole state through one
 * interface; here every value is a state interface of its own ({@code fr3/q_0}, {@code fr3/O_T_EE_12}, ...), so the
 * component is built with the fields it reads (every {@link FrankaStateField} by default).
 * <p>
 * Built at configure, named in the controller's {@code stateInterfaceConfiguration} ({@link #interfaceNames}),
 * {@link #bind bound} at activation; then each getter copies into an array the caller owns (of at least the field's
 * size) and answers whether every value was finite: allocation-free, lock-free. Reading a field the component was
 * not built with, or before binding, is a programming error ({@link IllegalStateException}).
 */
public final class FrankaRobotState implements FrankaSemanticComponent {

    private static final FrankaStateField[] ALL = FrankaStateField.values();

    private final String armId;
    private final EnumSet<FrankaStateField> fields;
    private final int[] offset = new int[ALL.length];
    private final List<String> names;
    private final HandleBlock block;

    /** Every field of the state, under {@code armId} ({@code fr3}). */
    public FrankaRobotState(String armId) {
        this(armId, EnumSet.allOf(FrankaStateField.class));
    }

    /** The given fields only, under {@code armId}: fewer loans for a controller that reads a few. */
    public FrankaRobotState(String armId, Set<FrankaStateField> fields) {
        if (armId == null || armId.isBlank()) {
            throw new IllegalArgumentException("arm_id must not be empty");
        }
        this.armId = armId;
        this.fields = fields.isEmpty() ? EnumSet.noneOf(FrankaStateField.class) : EnumSet.copyOf(fields);
        List<String> list = new ArrayList<>();
        for (FrankaStateField f : ALL) {
            offset[f.ordinal()] = -1;
            if (this.fields.contains(f)) {
                offset[f.ordinal()] = list.size();
                for (int i = 0; i < f.size(); i++) {
                    list.add(f.interfaceName(armId, i));
                }
            }
        }
        this.names = List.copyOf(list);
        this.block = new HandleBlock(names);
    }

    public String armId() {
        return armId;
    }

    /** The fields it was built with. */
    public Set<FrankaStateField> fields() {
        return EnumSet.copyOf(fields);
    }

    @Override
    public List<String> interfaceNames() {
        return names;
    }

    @Override
    public void bind(Loans loans) {
        block.bind(loans);
    }

    @Override
    public void release() {
        block.release();
    }

    @Override
    public boolean bound() {
        return block.bound();
    }

    /** Copies {@code field} into {@code out}; whether every value was finite. */
    public boolean read(FrankaStateField field, double[] out) {
        return block.read(offsetOf(field), field.size(), out);
    }

    /** Value {@code index} of {@code field} ({@code value(O_T_EE, 12)} is x). */
    public double value(FrankaStateField field, int index) {
        if (index < 0 || index >= field.size()) {
            throw new IndexOutOfBoundsException(field.libfrankaName() + " has " + field.size() + " values");
        }
        return block.value(offsetOf(field) + index);
    }

    /** {@code q}: the measured joint positions (rad), 7. */
    public boolean q(double[] out) {
        return read(FrankaStateField.Q, out);
    }

    /** {@code dq}: the measured joint velocities (rad/s), 7. */
    public boolean dq(double[] out) {
        return read(FrankaStateField.DQ, out);
    }

    /** {@code q_d}: the desired joint positions (rad), 7. */
    public boolean qD(double[] out) {
        return read(FrankaStateField.Q_D, out);
    }

    /** {@code tau_J}: the measured link-side torques (Nm), 7. */
    public boolean tauJ(double[] out) {
        return read(FrankaStateField.TAU_J, out);
    }

    /** {@code tau_J_d}: the desired torques without gravity (Nm), 7. */
    public boolean tauJD(double[] out) {
        return read(FrankaStateField.TAU_J_D, out);
    }

    /** {@code dtau_J}: the derivative of the measured torques (Nm/s), 7. */
    public boolean dtauJ(double[] out) {
        return read(FrankaStateField.DTAU_J, out);
    }

    /** {@code tau_ext_hat_filtered}: the filtered external torque estimate (Nm), 7. */
    public boolean tauExtHatFiltered(double[] out) {
        return read(FrankaStateField.TAU_EXT_HAT_FILTERED, out);
    }

    /** {@code O_T_EE}: the measured end-effector pose in the base frame, 4x4 column-major, 16. */
    public boolean O_T_EE(double[] out) {
        return read(FrankaStateField.O_T_EE, out);
    }

    /** {@code O_T_EE_d}: the last desired end-effector pose, 4x4 column-major, 16. */
    public boolean O_T_EE_d(double[] out) {
        return read(FrankaStateField.O_T_EE_D, out);
    }

    /** {@code F_T_EE}: the end-effector frame in the flange frame, 4x4 column-major, 16. */
    public boolean F_T_EE(double[] out) {
        return read(FrankaStateField.F_T_EE, out);
    }

    /** {@code EE_T_K}: the stiffness frame in the end-effector frame, 4x4 column-major, 16. */
    public boolean EE_T_K(double[] out) {
        return read(FrankaStateField.EE_T_K, out);
    }

    /** {@code O_F_ext_hat_K}: the external wrench on the stiffness frame, in the base frame (N, Nm), 6. */
    public boolean O_F_ext_hat_K(double[] out) {
        return read(FrankaStateField.O_F_EXT_HAT_K, out);
    }

    /** {@code K_F_ext_hat_K}: the external wrench on the stiffness frame, in the stiffness frame (N, Nm), 6. */
    public boolean K_F_ext_hat_K(double[] out) {
        return read(FrankaStateField.K_F_EXT_HAT_K, out);
    }

    /** {@code elbow}: joint 3's position and the sign of joint 4's flip, 2. */
    public boolean elbow(double[] out) {
        return read(FrankaStateField.ELBOW, out);
    }

    /** {@code robot_mode}; {@link FrankaRobotMode#OTHER} when the value is NaN or unknown. */
    public FrankaRobotMode robotMode() {
        return FrankaRobotMode.of(block.value(offsetOf(FrankaStateField.ROBOT_MODE)));
    }

    /**
     * {@code current_errors} as a bitset (bit i = libfranka's i-th error flag, 41 bits); 0 when none is set, -1 when
     * the value is not a whole number (NaN).
     */
    public long errors() {
        return bits(block.value(offsetOf(FrankaStateField.ERRORS)));
    }

    /** {@code last_motion_errors} as a bitset, as {@link #errors}. */
    public long reflexReason() {
        return bits(block.value(offsetOf(FrankaStateField.REFLEX_REASON)));
    }

    /** {@code control_command_success_rate}, 0 to 1. */
    public double controlCommandSuccessRate() {
        return block.value(offsetOf(FrankaStateField.CONTROL_COMMAND_SUCCESS_RATE));
    }

    /** {@code time}: the robot's clock (s). */
    public double time() {
        return block.value(offsetOf(FrankaStateField.TIME));
    }

    private static long bits(double v) {
        return v >= 0 && v == Math.rint(v) && v < 0x1p53 ? (long) v : -1L;
    }

    private int offsetOf(FrankaStateField field) {
        int o = offset[field.ordinal()];
        if (o < 0) {
            throw new IllegalStateException(field.libfrankaName() + " is not among the fields this " + armId
                    + " robot state was built with");
        }
        return o;
    }
}
