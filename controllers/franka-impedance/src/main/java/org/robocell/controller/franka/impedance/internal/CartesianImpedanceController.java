package org.robocell.controller.franka.impedance.internal;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

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
import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.ControllerBase;
import org.robocell.controller.franka.semantic.FrankaModelFrame;
import org.robocell.controller.franka.semantic.FrankaRobotModel;
import org.robocell.controller.franka.semantic.FrankaRobotState;
import org.robocell.controller.franka.semantic.FrankaSemanticComponent;
import org.robocell.controller.franka.semantic.FrankaStateField;
import org.robocell.controller.franka.semantic.MissingStateInterfaceException;
import org.robocell.controller.franka.semantic.Quaternions;

/**
 * {@code franka_example_controllers/CartesianImpedanceExampleController}: franka_ros's Cartesian impedance with
 * nullspace stiffness ({@link CartesianImpedanceLaw}) on the seven {@code effort} commands, torque-rate saturated.
 * The equilibrium starts at the measured end-effector pose and the nullspace goal at the measured q; the stiffness
 * ({@code controller:set}, live) and the equilibrium ({@code <name>/equilibrium_pose}: x y z qx qy qz qw) are
 * targets the controller moves toward by {@code filter_params} per millisecond, as upstream.
 */
final class CartesianImpedanceController extends ControllerBase {

    static final String TYPE = "franka_example_controllers/CartesianImpedanceExampleController";
    /** How far from 1 the norm of an equilibrium quaternion may be. */
    static final double UNIT_TOLERANCE = 1e-3;
    private static final int N = FrankaArm.JOINTS;
    private static final List<String> POSE_FIELDS = List.of("x", "y", "z", "qx", "qy", "qz", "qw");
    private static final List<String> AXES = List.of("x", "y", "z", "rx", "ry", "rz");

    private final ChannelRegistrations registrations;
    private final TorqueOutput torques = new TorqueOutput();
    private final CartesianImpedanceLaw law = new CartesianImpedanceLaw();
    private final AtomicReference<Compliance> pendingCompliance = new AtomicReference<>();
    private volatile CartesianImpedanceConfig config;
    private FrankaRobotState state;
    private FrankaRobotModel model;
    private CommandInput equilibrium;
    private StateOutput status;

    private final double[] q = new double[N];
    private final double[] dq = new double[N];
    private final double[] tauJD = new double[N];
    private final double[] coriolis = new double[N];
    private final double[] pose = new double[16];
    private final double[] jacobian = new double[42];
    private final double[] tau = new double[N];
    private final double[] scratch = new double[7];
    private double filter;
    /** The period {@link #filter} was computed for. */
    private double filterPeriod;

    CartesianImpedanceController(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, CartesianImpedanceConfig.NAMES, CartesianImpedanceConfig::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        ParameterCheck check = checkParameters(context().parameters());
        if (!check.ok()) {
            return fail(check.message());
        }
        CartesianImpedanceConfig c = CartesianImpedanceConfig.read(context().parameters());
        config = c;
        String arm = c.arm().armId();
        state = new FrankaRobotState(arm, EnumSet.of(FrankaStateField.Q, FrankaStateField.DQ,
                FrankaStateField.TAU_J_D, FrankaStateField.O_T_EE));
        model = new FrankaRobotModel(arm, EnumSet.of(FrankaModelFrame.END_EFFECTOR));
        equilibrium = CommandInput.of(context().name() + "/equilibrium_pose", POSE_FIELDS,
                CommandInput.ValueRule.FINITE, CartesianImpedanceController::unitQuaternion,
                "a position and a unit quaternion (x y z qx qy qz qw, |q| within " + UNIT_TOLERANCE + " of 1)");
        status = new StateOutput(context().name() + "/state", statusFields(c.arm()));
        registrations.closeAll();
        try {
            registrations.register(equilibrium, status);
        } catch (IllegalStateException e) {
            registrations.closeAll();
            return fail(e.getMessage());
        }
        clearError();
        return CallbackReturn.SUCCESS;
    }

    static boolean unitQuaternion(double[] pose) {
        return Math.abs(Quaternions.norm(pose[3], pose[4], pose[5], pose[6]) - 1.0) <= UNIT_TOLERANCE;
    }

    private static List<String> statusFields(FrankaArm arm) {
        List<String> fields = new ArrayList<>();
        for (String f : POSE_FIELDS) {
            fields.add("equilibrium/" + f);
        }
        for (String a : AXES) {
            fields.add("error/" + a);
        }
        fields.add("stiffness/translational");
        fields.add("stiffness/rotational");
        fields.add("stiffness/nullspace");
        for (String j : arm.joints()) {
            fields.add("tau_d/" + j);
        }
        fields.add("non_finite_inputs");
        return fields;
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
    public Set<String> liveParameters() {
        return CartesianImpedanceConfig.LIVE;
    }

    /** Off the loop: a new stiffness target from the next update on; refused (nothing changes) when out of range. */
    @Override
    public boolean onParametersChanged(Parameters parameters) {
        Compliance c;
        try {
            c = Compliance.read(parameters);
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
            return false;
        }
        pendingCompliance.set(c);
        return true;
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        CartesianImpedanceConfig c = config;
        try {
            state.bind(loans);
            model.bind(loans);
        } catch (MissingStateInterfaceException e) {
            state.release();
            return fail("Unable to activate controller '" + context().name() + "' since " + e.getMessage());
        }
        if (!state.q(q) || !state.O_T_EE(pose)) {
            state.release();
            model.release();
            return fail(Fault.NO_MEASURED_STATE, "no measured pose to hold (" + c.arm().armId()
                    + "/q_* or O_T_EE_* is not finite)");
        }
        torques.bind(loans, c.arm().effortCommands());
        Compliance latest = pendingCompliance.getAndSet(null);
        law.start(pose, q, latest != null ? latest : c.compliance());
        filterPeriod = Double.NaN;
        equilibrium.clear();
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
        Compliance c = pendingCompliance.getAndSet(null);
        if (c != null) {
            law.setCompliance(c);
        }
        double[] target = equilibrium.poll();
        if (target != null) {
            law.setEquilibrium(target[0], target[1], target[2], target[3], target[4], target[5], target[6]);
        }
        boolean finite = state.q(q) & state.dq(dq) & state.tauJD(tauJD) & state.O_T_EE(pose)
                & model.coriolis(coriolis) & model.zeroJacobian(FrankaModelFrame.END_EFFECTOR, jacobian);
        if (!finite) {
            torques.hold(config.deltaTauMax());
        } else {
            if (period != filterPeriod) {
                // upstream filters once per 1 kHz cycle: the same share per millisecond at any period
                filter = 1.0 - Math.pow(1.0 - config.filterParams(), period / 1e-3);
                filterPeriod = period;
            }
            law.compute(q, dq, pose, jacobian, coriolis, tau, filter);
            torques.send(tau, tauJD, config.deltaTauMax());
        }
        publish();
        return ReturnType.OK;
    }

    private void publish() {
        double[] out = status.beginWrite();
        law.equilibrium(scratch);
        System.arraycopy(scratch, 0, out, 0, 7);
        law.error(scratch);
        System.arraycopy(scratch, 0, out, 7, 6);
        out[13] = law.translationalStiffness();
        out[14] = law.rotationalStiffness();
        out[15] = law.nullspaceStiffness();
        for (int i = 0; i < N; i++) {
            out[16 + i] = torques.sent(i);
        }
        out[16 + N] = torques.nonFiniteCycles();
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

    CartesianImpedanceLaw law() {
        return law;
    }
}
