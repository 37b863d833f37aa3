package org.robocell.controller.franka.impedance.internal;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.CommandInput;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.api.model.JointLimits;
import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.ControllerBase;
import org.robocell.controller.franka.semantic.FrankaModelFrame;
import org.robocell.controller.franka.semantic.FrankaRobotModel;
import org.robocell.controller.franka.semantic.FrankaRobotState;
import org.robocell.controller.franka.semantic.FrankaSemanticComponent;
import org.robocell.controller.franka.semantic.FrankaStateField;
import org.robocell.controller.franka.semantic.MissingStateInterfaceException;

/**
 * {@code franka_example_controllers/JointImpedanceExampleController}: franka_ros2's joint impedance
 * (franka_example_controllers/src/joint_impedance_example_controller.cpp: {@code tau = k·(q_d − q) − d·dq_f} with
 * {@code dq_f = 0.01·dq_f + 0.99·dq}) plus franka_ros's Coriolis compensation and torque-rate saturation
 * (joint_impedance_example_controller.cpp: {@code + coriolis_factor·coriolis}, {@code saturateTorqueRate} against
 * {@code tau_J_d}). The goal {@code q_d} is the measured pose at activation; a command on
 * {@code <name>/desired_joint_positions} replaces it; with {@code example_motion} it is upstream's motion instead,
 * {@code q_d[3] = q_0[3] + π/8·(1 − cos(π/2.5·t))}.
 */
final class JointImpedanceController extends ControllerBase {

    static final String TYPE = "franka_example_controllers/JointImpedanceExampleController";
    /** franka_ros2's dq filter weight. */
    private static final double ALPHA = 0.99;
    private static final int N = FrankaArm.JOINTS;

    private final ChannelRegistrations registrations;
    private final TorqueOutput torques = new TorqueOutput();
    private JointImpedanceConfig config;
    private FrankaRobotState state;
    private FrankaRobotModel model;
    private CommandInput desired;
    private StateOutput status;

    private final double[] q = new double[N];
    private final double[] dq = new double[N];
    private final double[] dqFiltered = new double[N];
    private final double[] tauJD = new double[N];
    private final double[] coriolis = new double[N];
    private final double[] qInitial = new double[N];
    private final double[] qGoal = new double[N];
    private final double[] tau = new double[N];
    private double elapsed;

    JointImpedanceController(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, JointImpedanceConfig.NAMES, JointImpedanceConfig::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        ParameterCheck check = checkParameters(context().parameters());
        if (!check.ok()) {
            return fail(check.message());
        }
        config = JointImpedanceConfig.read(context().parameters());
        String arm = config.arm().armId();
        state = new FrankaRobotState(arm, EnumSet.of(FrankaStateField.Q, FrankaStateField.DQ,
                FrankaStateField.TAU_J_D));
        model = new FrankaRobotModel(arm, EnumSet.noneOf(FrankaModelFrame.class));
        List<String> fields = new ArrayList<>();
        List<String> statusFields = new ArrayList<>();
        for (String j : config.arm().joints()) {
            fields.add(j + "/position");
            statusFields.add("q_d/" + j);
        }
        for (String j : config.arm().joints()) {
            statusFields.add("tau_d/" + j);
        }
        statusFields.add("non_finite_inputs");
        desired = CommandInput.of(context().name() + "/desired_joint_positions", fields,
                CommandInput.ValueRule.FINITE);
        boundByJointLimits(desired, config.arm().joints());
        status = new StateOutput(context().name() + "/state", statusFields);
        registrations.closeAll();
        try {
            registrations.register(desired, status);
        } catch (IllegalStateException e) {
            registrations.closeAll();
            return fail(e.getMessage());
        }
        clearError();
        return CallbackReturn.SUCCESS;
    }

    private void boundByJointLimits(CommandInput input, List<String> joints) {
        double[] lower = new double[N];
        double[] upper = new double[N];
        boolean any = false;
        for (int i = 0; i < N; i++) {
            JointLimits l = context().jointLimits(joints.get(i)).orElse(JointLimits.NONE);
            lower[i] = l.lower();
            upper[i] = l.upper();
            any |= l.hasPositionLimits();
        }
        if (any) {
            input.bound(lower, upper);
        }
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.individual(config.arm().effortCommands());
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return InterfaceConfiguration.individual(FrankaSemanticComponent.interfaceNames(state, model));
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        try {
            state.bind(loans);
            model.bind(loans);
        } catch (MissingStateInterfaceException e) {
            state.release();
            return fail("Unable to activate controller '" + context().name() + "' since " + e.getMessage());
        }
        if (!state.q(q)) {
            state.release();
            model.release();
            return fail(Fault.NO_MEASURED_STATE, "no measured joint position to hold (" + config.arm().armId()
                    + "/q_* is not finite)");
        }
        torques.bind(loans, config.arm().effortCommands());
        System.arraycopy(q, 0, qInitial, 0, N);
        System.arraycopy(q, 0, qGoal, 0, N);
        java.util.Arrays.fill(dqFiltered, 0.0);
        elapsed = 0.0;
        desired.clear();
        clearError();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        state.release();
        model.release();
        torques.release();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType update(double time, double period) {
        double[] command = desired.poll();
        if (command != null) {
            System.arraycopy(command, 0, qGoal, 0, N);
        } else if (config.exampleMotion()) {
            elapsed += period;
            qGoal[3] = qInitial[3] + Math.PI / 8.0 * (1.0 - Math.cos(Math.PI / 2.5 * elapsed));
        }
        boolean finite = state.q(q) & state.dq(dq) & state.tauJD(tauJD) & model.coriolis(coriolis);
        if (!finite) {
            torques.hold(config.deltaTauMax());
        } else {
            double[] k = config.kGains();
            double[] d = config.dGains();
            double c = config.coriolisFactor();
            for (int i = 0; i < N; i++) {
                dqFiltered[i] = (1 - ALPHA) * dqFiltered[i] + ALPHA * dq[i];
                tau[i] = k[i] * (qGoal[i] - q[i]) - d[i] * dqFiltered[i] + c * coriolis[i];
            }
            torques.send(tau, tauJD, config.deltaTauMax());
        }
        publish();
        return ReturnType.OK;
    }

    private void publish() {
        double[] out = status.beginWrite();
        for (int i = 0; i < N; i++) {
            out[i] = qGoal[i];
            out[N + i] = torques.sent(i);
        }
        out[2 * N] = torques.nonFiniteCycles();
        status.endWrite();
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        registrations.closeAll();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        registrations.closeAll();
        return CallbackReturn.SUCCESS;
    }

    long nonFiniteCycles() {
        return torques.nonFiniteCycles();
    }
}
