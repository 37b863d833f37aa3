package org.robocell.controller.franka.broadcaster.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.ControllerBase;
import org.robocell.controller.franka.semantic.FrankaRobotState;
import org.robocell.controller.franka.semantic.FrankaStateField;
import org.robocell.controller.franka.semantic.MissingStateInterfaceException;

/**
 * franka_robot_state_broadcaster's {@code FrankaRobotStateBroadcaster}: the Franka driver's whole robot state, read
 * through franka_semantic_components' {@link FrankaRobotState}, on {@code <name>/robot_state} every update, one field
 * per state interface and named as it ({@code fr3/q_0}, {@code fr3/O_T_EE_12}, {@code fr3/robot_mode}, …; upstream's
 * {@code franka_msgs/FrankaRobotState} on {@code ~/robot_state}), values as the interfaces hold them (NaN passes).
 * Upstream's convenience topics, every {@code convenience_publish_rate}-th of a second:
 * {@code measured_joint_states} and {@code desired_joint_states} ({@code <joint>/position|velocity|effort} from
 * {@code q, dq, tau_J} and {@code q_d, dq_d, tau_J_d}), {@code external_joint_torques} ({@code <joint>/effort} from
 * {@code tau_ext_hat_filtered}), {@code external_wrench_in_base_frame} ({@code O_F_ext_hat_K}) and
 * {@code external_wrench_in_stiffness_frame} ({@code K_F_ext_hat_K}) as {@code force.x … torque.z},
 * {@code current_pose} ({@code O_T_EE}) and {@code last_desired_pose} ({@code O_T_EE_d}) as position and quaternion,
 * {@code desired_end_effector_twist} ({@code O_dP_EE_d}) as {@code linear.x … angular.z}. Allocation-free.
 */
final class FrankaRobotStateBroadcaster extends ControllerBase {

    static final String[] WRENCH = { "force.x", "force.y", "force.z", "torque.x", "torque.y", "torque.z" };
    static final String[] TWIST = { "linear.x", "linear.y", "linear.z", "angular.x", "angular.y", "angular.z" };
    private static final FrankaStateField[] ALL = FrankaStateField.values();

    private final ChannelRegistrations registrations;

    private BroadcasterSettings settings;
    private FrankaRobotState state;
    private int divider = 1;
    private long cycle;
    private final double[] scratch = new double[16];
    private final double[] q = new double[7];
    private final double[] dq = new double[7];
    private final double[] tau = new double[7];

    private StateOutput robotState;
    private StateOutput measuredJoints;
    private StateOutput desiredJoints;
    private StateOutput externalTorques;
    private StateOutput wrenchBase;
    private StateOutput wrenchStiffness;
    private StateOutput currentPose;
    private StateOutput desiredPose;
    private StateOutput desiredTwist;

    FrankaRobotStateBroadcaster(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, BroadcasterSettings.NAMES, BroadcasterSettings::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        BroadcasterSettings s;
        try {
            s = BroadcasterSettings.read(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        settings = s;
        state = new FrankaRobotState(s.armId());
        divider = s.convenienceDivider(context().loopRate());
        String name = context().name();
        List<StateOutput> outputs = List.of(
                new StateOutput(name + "/robot_state", state.interfaceNames()),
                new StateOutput(name + "/measured_joint_states", jointFields(s.joints(), true)),
                new StateOutput(name + "/desired_joint_states", jointFields(s.joints(), true)),
                new StateOutput(name + "/external_joint_torques", jointFields(s.joints(), false)),
                new StateOutput(name + "/external_wrench_in_base_frame", List.of(WRENCH)),
                new StateOutput(name + "/external_wrench_in_stiffness_frame", List.of(WRENCH)),
                new StateOutput(name + "/current_pose", List.of(Poses.FIELDS)),
                new StateOutput(name + "/last_desired_pose", List.of(Poses.FIELDS)),
                new StateOutput(name + "/desired_end_effector_twist", List.of(TWIST)));
        if (robotState != null) {
            reshape(robotState, outputs.get(0));
            reshape(measuredJoints, outputs.get(1));
            reshape(desiredJoints, outputs.get(2));
            reshape(externalTorques, outputs.get(3));
            return CallbackReturn.SUCCESS;
        }
        try {
            registrations.register(outputs.toArray(StateOutput[]::new));
        } catch (IllegalStateException e) {
            release();
            return fail(e.getMessage());
        }
        robotState = outputs.get(0);
        measuredJoints = outputs.get(1);
        desiredJoints = outputs.get(2);
        externalTorques = outputs.get(3);
        wrenchBase = outputs.get(4);
        wrenchStiffness = outputs.get(5);
        currentPose = outputs.get(6);
        desiredPose = outputs.get(7);
        desiredTwist = outputs.get(8);
        return CallbackReturn.SUCCESS;
    }

    private static void reshape(StateOutput existing, StateOutput wanted) {
        if (!existing.fields().equals(wanted.fields())) {
            existing.reshape(wanted.fields());
        }
    }

    private static List<String> jointFields(List<String> joints, boolean all) {
        List<String> fields = new ArrayList<>();
        for (String j : joints) {
            if (all) {
                fields.add(j + "/position");
                fields.add(j + "/velocity");
            }
            fields.add(j + "/effort");
        }
        return fields;
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.NONE;
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return state == null ? InterfaceConfiguration.NONE : InterfaceConfiguration.individual(state.interfaceNames());
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        try {
            state.bind(loans);
        } catch (MissingStateInterfaceException e) {
            return fail(Fault.NO_MEASURED_STATE, "Unable to activate controller '" + context().name() + "' since "
                    + e.getMessage());
        }
        cycle = 0;
        clearError();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType update(double time, double period) {
        double[] all = robotState.beginWrite();
        int at = 0;
        for (FrankaStateField f : ALL) {
            state.read(f, scratch);
            System.arraycopy(scratch, 0, all, at, f.size());
            at += f.size();
        }
        robotState.endWrite();
        if (cycle++ % divider == 0) {
            joints(measuredJoints, FrankaStateField.Q, FrankaStateField.DQ, FrankaStateField.TAU_J);
            joints(desiredJoints, FrankaStateField.Q_D, FrankaStateField.DQ_D, FrankaStateField.TAU_J_D);
            copy(externalTorques, FrankaStateField.TAU_EXT_HAT_FILTERED);
            copy(wrenchBase, FrankaStateField.O_F_EXT_HAT_K);
            copy(wrenchStiffness, FrankaStateField.K_F_EXT_HAT_K);
            copy(desiredTwist, FrankaStateField.O_DP_EE_D);
            pose(currentPose, FrankaStateField.O_T_EE);
            pose(desiredPose, FrankaStateField.O_T_EE_D);
        }
        return ReturnType.OK;
    }

    private void joints(StateOutput out, FrankaStateField position, FrankaStateField velocity,
            FrankaStateField effort) {
        state.read(position, q);
        state.read(velocity, dq);
        state.read(effort, tau);
        double[] v = out.beginWrite();
        for (int j = 0; j < 7; j++) {
            v[3 * j] = q[j];
            v[3 * j + 1] = dq[j];
            v[3 * j + 2] = tau[j];
        }
        out.endWrite();
    }

    private void copy(StateOutput out, FrankaStateField field) {
        state.read(field, scratch);
        double[] v = out.beginWrite();
        System.arraycopy(scratch, 0, v, 0, field.size());
        out.endWrite();
    }

    private void pose(StateOutput out, FrankaStateField field) {
        state.read(field, scratch);
        double[] v = out.beginWrite();
        Poses.toPose(scratch, v, 0);
        out.endWrite();
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        state.release();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        release();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        release();
        return CallbackReturn.SUCCESS;
    }

    private void release() {
        registrations.closeAll();
        robotState = null;
    }
}
