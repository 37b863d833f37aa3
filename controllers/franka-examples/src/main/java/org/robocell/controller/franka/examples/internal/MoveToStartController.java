package org.robocell.controller.franka.examples.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.api.model.JointLimits;
import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.ControllerBase;

/**
 * franka_example_controllers' {@code MoveToStartExampleController}: from the measured joint positions at its first
 * update to {@code start_joint_configuration} on {@link JointMotionProfile} (upstream's {@code MotionGenerator},
 * speed factor 0.2), then holding the goal. With {@code command_interface: position} (the default; the default
 * cell's FR3 takes position commands) the profile is the command, run by FCI's joint position motion under the
 * robot's joint impedance; with {@code effort} the command is upstream's torque {@code k·(q_d − q) − d·dq_f}
 * ({@code dq_f} filtered with α = 0.99 as upstream), limited to the FR3's torques and to 1 Nm per millisecond of
 * change (libfranka's {@code kDeltaTauMax}). Upstream sends zero torque once the profile ends; this one keeps the
 * law on the goal so the arm holds it.
 * <p>
 * A measured value that is NaN or infinite holds: the last good position command, or zero torque (the robot holds
 * the arm against gravity itself), counted in {@code held_cycles}. {@code <name>/state}: {@code process_finished}
 * (1 when the profile has ended, upstream's parameter of that name), {@code goal_reached} (1 when moreover every
 * joint is within {@code goal_tolerance}), {@code trajectory_time}, {@code duration}, {@code held_cycles}, and per
 * joint {@code desired/<joint>} and {@code error/<joint>} (goal − measured).
 */
final class MoveToStartController extends ControllerBase {

    static final double[] FR3_TORQUE_LIMITS = { 87, 87, 87, 87, 12, 12, 12 };
    /** libfranka's {@code kDeltaTauMax} per 1 ms cycle ({@code examples/examples_common}, franka_ros2's impedance examples). */
    static final double TORQUE_RATE = 1000.0;
    static final int FIXED_FIELDS = 5;

    private static final int N = ArmSettings.JOINTS;

    private final ChannelRegistrations registrations;
    private final JointMotionProfile profile = new JointMotionProfile(N);

    private MoveToStartSettings settings;
    private List<String> commandNames = List.of();
    private List<String> stateNames = List.of();
    private StateOutput state;

    private final CommandHandle[] commands = new CommandHandle[N];
    private final StateHandle[] position = new StateHandle[N];
    private final StateHandle[] velocity = new StateHandle[N];
    private final double[] q = new double[N];
    private final double[] dq = new double[N];
    private final double[] dqFiltered = new double[N];
    private final double[] desired = new double[N];
    private final double[] lastCommand = new double[N];
    private boolean written;
    private boolean started;
    private boolean finished;
    private double startTime;
    private double trajectoryTime;
    private long held;

    MoveToStartController(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, MoveToStartSettings.NAMES, MoveToStartSettings::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        MoveToStartSettings s;
        try {
            s = MoveToStartSettings.read(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        for (int i = 0; i < N; i++) {
            String joint = s.arm().joints().get(i);
            Optional<JointLimits> limits = context().jointLimits(joint);
            double g = s.goal()[i];
            if (limits.isPresent() && (g < limits.get().lower() || g > limits.get().upper())) {
                return fail("start_joint_configuration[" + i + "] = " + g + " is outside " + joint + "'s range ["
                        + limits.get().lower() + ", " + limits.get().upper() + "] rad");
            }
        }
        settings = s;
        commandNames = s.arm().jointInterfaces(s.effort() ? "effort" : "position");
        List<String> states = new ArrayList<>();
        for (String joint : s.arm().joints()) {
            states.add(joint + "/position");
            states.add(joint + "/velocity");
        }
        stateNames = List.copyOf(states);
        List<String> fields = new ArrayList<>(List.of("process_finished", "goal_reached", "trajectory_time",
                "duration", "held_cycles"));
        for (String joint : s.arm().joints()) {
            fields.add("desired/" + joint);
        }
        for (String joint : s.arm().joints()) {
            fields.add("error/" + joint);
        }
        try {
            state = registrations.stateOutput(state, context().name() + "/state", fields);
        } catch (IllegalStateException e) {
            return fail(e.getMessage());
        }
        return CallbackReturn.SUCCESS;
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.individual(commandNames);
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return InterfaceConfiguration.individual(stateNames);
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        try {
            for (int i = 0; i < N; i++) {
                String joint = settings.arm().joints().get(i);
                commands[i] = loans.command(commandNames.get(i));
                position[i] = loans.state(joint + "/position");
                velocity[i] = loans.state(joint + "/velocity");
            }
        } catch (IllegalArgumentException e) {
            return fail(Fault.NO_MEASURED_STATE, e.getMessage());
        }
        started = false;
        finished = false;
        written = false;
        trajectoryTime = 0.0;
        held = 0;
        java.util.Arrays.fill(dqFiltered, 0.0);
        java.util.Arrays.fill(lastCommand, 0.0);
        java.util.Arrays.fill(desired, Double.NaN);
        clearError();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType update(double time, double period) {
        if (!measure()) {
            hold();
            return ReturnType.OK;
        }
        if (!started) {
            profile.plan(q, settings.goal(), settings.maxVelocity(), settings.speedFactor());
            startTime = time;
            started = true;
        }
        trajectoryTime = Math.max(0.0, time - startTime);
        finished = profile.desired(trajectoryTime, desired);
        if (settings.effort()) {
            writeTorques(period);
        } else {
            for (int i = 0; i < N; i++) {
                commands[i].set(desired[i]);
                lastCommand[i] = desired[i];
            }
        }
        written = true;
        publish();
        return ReturnType.OK;
    }

    private boolean measure() {
        for (int i = 0; i < N; i++) {
            q[i] = position[i].get();
            dq[i] = velocity[i].get();
            if (!Double.isFinite(q[i]) || !Double.isFinite(dq[i])) {
                return false;
            }
        }
        return true;
    }

    /** Upstream's law with the FR3's torque and torque-rate limits. */
    private void writeTorques(double period) {
        double step = TORQUE_RATE * (Double.isFinite(period) && period > 0 ? period : 1e-3);
        double[] k = settings.kGains();
        double[] d = settings.dGains();
        for (int i = 0; i < N; i++) {
            dqFiltered[i] = 0.01 * dqFiltered[i] + 0.99 * dq[i];
            double tau = k[i] * (desired[i] - q[i]) - d[i] * dqFiltered[i];
            tau = clamp(tau, lastCommand[i] - step, lastCommand[i] + step);
            tau = clamp(tau, -FR3_TORQUE_LIMITS[i], FR3_TORQUE_LIMITS[i]);
            commands[i].set(tau);
            lastCommand[i] = tau;
        }
    }

    private static double clamp(double v, double lo, double hi) {
        return v < lo ? lo : v > hi ? hi : v;
    }

    private void hold() {
        held++;
        if (settings.effort()) {
            for (int i = 0; i < N; i++) {
                commands[i].set(0.0);
                lastCommand[i] = 0.0;
            }
        } else if (written) {
            for (int i = 0; i < N; i++) {
                commands[i].set(lastCommand[i]);
            }
        }
        publish();
    }

    private void publish() {
        double[] out = state.beginWrite();
        double[] goal = settings.goal();
        boolean reached = finished;
        for (int i = 0; i < N; i++) {
            double error = goal[i] - q[i];
            out[FIXED_FIELDS + i] = desired[i];
            out[FIXED_FIELDS + N + i] = error;
            reached &= Math.abs(error) < settings.goalTolerance();
        }
        out[0] = finished ? 1.0 : 0.0;
        out[1] = reached ? 1.0 : 0.0;
        out[2] = trajectoryTime;
        out[3] = started ? profile.duration() : Double.NaN;
        out[4] = held;
        state.endWrite();
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        java.util.Arrays.fill(commands, null);
        java.util.Arrays.fill(position, null);
        java.util.Arrays.fill(velocity, null);
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
        state = null;
    }
}
