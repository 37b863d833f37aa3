package org.robocell.controller.gripper.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import org.robocell.controller.common.ControllerBase;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.ControllerContext;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.Pid;
import org.robocell.api.gripper.GripperFeedback;
import org.robocell.controller.common.ChannelRegistrations;

/**
 * Moves one gripper joint to goals submitted through {@code <controller>/gripper_cmd} and publishes its state to
 * {@code <controller>/state} every update.
 * <p>
 * Every update writes the target: the goal position to {@code <joint>/position}, or a PID on the position error
 * (velocity error = −velocity) clamped to ±effort limit to {@code <joint>/effort}; the effort and velocity limits go
 * to their interfaces when configured. A goal succeeds once the joint is within {@code goal_tolerance} of it. While
 * it is short of the goal, moving faster than {@code stall_velocity_threshold} restarts the stall clock; when the
 * joint has not moved for longer than {@code stall_timeout} the goal ends stalled: ABORTED, or SUCCEEDED with
 * {@code allow_stalling}. After a goal ends, on its own or stalled, the target stays (a stalled gripper keeps
 * pressing with the goal's effort limit: that is a grasp). Cancel holds where the joint is, with the configured
 * limits; a new goal preempts the running one. Activation holds the measured position.
 * <p>
 * Without a velocity state interface (or while it reads NaN) the velocity is the position's change over the period.
 */
final class GripperActionController extends ControllerBase {

    /** The state channel's fields, each prefixed with {@code <joint>/}. */
    static final List<String> STATE_FIELDS = List.of("position", "velocity", "command/position", "command/effort",
            "max_effort", "max_velocity", "stalled", "reached_goal");

    private final String fixedCommandInterface;
    private final ChannelRegistrations registrations;

    private GripperConfig config;
    private Pid pid;
    private final AtomicReference<GripperGoalHandle> pending = new AtomicReference<>();
    private StateOutput stateOutput;
    private volatile boolean running;

    private CommandHandle command;
    private CommandHandle maxEffortCommand;
    private CommandHandle maxVelocityCommand;
    private StateHandle positionState;
    private StateHandle velocityState;

    private double target;
    private double maxEffort;
    private double maxVelocity;
    private double appliedEffort;
    private double previousPosition;
    private double lastMovementTime;
    private GripperGoalHandle activeGoal;

    /**
     * @param fixedCommandInterface {@code position} or {@code effort} when the type string fixes it, null when the
     *                              {@code command_interface} parameter chooses
     */
    GripperActionController(String fixedCommandInterface, ChannelRegistry channels) {
        this.fixedCommandInterface = fixedCommandInterface;
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    @Override
    public CallbackReturn onInit(ControllerContext context) {
        super.onInit(context);
        return CallbackReturn.SUCCESS;
    }


    /** What {@link GripperConfig#read} would refuse at configure for this type, and any key it does not read. */
    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, GripperConfig.NAMES, p -> GripperConfig.read(p, fixedCommandInterface));
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        GripperConfig c;
        try {
            c = GripperConfig.read(context().parameters(), fixedCommandInterface);
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        config = c;
        pid = new Pid(c.gains());
        return registerChannels();
    }

    private CallbackReturn registerChannels() {
        closeRegistrations();
        List<String> fields = new ArrayList<>();
        for (String f : STATE_FIELDS) {
            fields.add(config.joint() + "/" + f);
        }
        StateOutput out = new StateOutput(context().name() + "/state", fields);
        GripperActionServer server = new GripperActionServer(context().name() + "/gripper_cmd", config, pending,
                () -> running, () -> feedback(out));
        try {
            registrations.register(out, server);
        } catch (IllegalStateException e) {
            return fail(e.getMessage());
        }
        stateOutput = out;
        return CallbackReturn.SUCCESS;
    }

    private static Optional<GripperFeedback> feedback(StateOutput out) {
        StateOutput.Snapshot s = out.snapshot();
        if (s.publications() == 0) {
            return Optional.empty();
        }
        double[] v = s.values();
        return Optional.of(new GripperFeedback(v[0], v[3], v[6] != 0.0, v[7] != 0.0));
    }


    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.individual(config.commandInterfaces());
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return InterfaceConfiguration.individual(config.stateInterfaceNames());
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        String joint = config.joint();
        try {
            command = loans.command(config.commandInterface());
            maxEffortCommand = config.maxEffortInterface() == null ? null : loans.command(config.maxEffortInterface());
            maxVelocityCommand = config.maxVelocityInterface() == null ? null
                    : loans.command(config.maxVelocityInterface());
            positionState = loans.state(joint + "/" + GripperConfig.POSITION);
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        velocityState = null;
        for (StateHandle h : loans.states()) {
            if (h.name().equals(joint + "/" + GripperConfig.VELOCITY)) {
                velocityState = h;
            }
        }
        double position = positionState.get();
        if (!Double.isFinite(position)) {
            return fail("joint " + joint + " reports position " + position + "; there is no position to hold");
        }
        endPending(Outcome.DEACTIVATED);
        activeGoal = null;
        pid.reset();
        previousPosition = position;
        holdAt(position);
        running = true;
        clearError();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType update(double time, double period) {
        double position = positionState.get();
        double velocity = velocityState == null ? Double.NaN : velocityState.get();
        if (Double.isNaN(velocity)) {
            velocity = period > 0.0 ? (position - previousPosition) / period : 0.0;
        }
        previousPosition = position;

        GripperGoalHandle fresh = pending.getAndSet(null);
        if (fresh != null) {
            adopt(fresh, time, position);
        }
        GripperGoalHandle goal = activeGoal;
        if (goal != null && goal.isOver()) {
            activeGoal = null;
            if (goal.outcome() == Outcome.CANCELED) {
                holdAt(position);
            }
        }

        double error = target - position;
        writeCommands(error, velocity, period);
        boolean reached = Math.abs(error) < config.goalTolerance();
        boolean moving = Math.abs(velocity) > config.stallVelocityThreshold();
        goal = activeGoal;
        if (goal != null) {
            goal.record(position, appliedEffort);
            if (reached) {
                finish(goal, Outcome.REACHED, position);
            } else if (moving) {
                lastMovementTime = time;
            } else if (time - lastMovementTime > config.stallTimeout()) {
                finish(goal, config.allowStalling() ? Outcome.STALLED_ALLOWED : Outcome.STALLED, position);
            }
        }
        publish(position, velocity, !reached && !moving, reached);
        return ReturnType.OK;
    }

    private void adopt(GripperGoalHandle fresh, double time, double position) {
        if (activeGoal != null) {
            activeGoal.end(Outcome.PREEMPTED);
            activeGoal = null;
        }
        if (fresh.isOver()) {
            // canceled before the loop took it: whatever it replaced stops here too
            holdAt(position);
            return;
        }
        target = fresh.position();
        maxEffort = fresh.goal().maxEffort();
        maxVelocity = fresh.goal().maxVelocity();
        lastMovementTime = time;
        activeGoal = fresh;
        fresh.markExecuting();
    }

    /** The loop ends the goal; a cancel that won the race makes it hold instead. */
    private void finish(GripperGoalHandle goal, Outcome outcome, double position) {
        if (!goal.end(outcome) && goal.outcome() == Outcome.CANCELED) {
            holdAt(position);
        }
        activeGoal = null;
    }

    /** Stops where the joint is, with the configured limits. */
    private void holdAt(double position) {
        target = position;
        maxEffort = config.maxEffort();
        maxVelocity = config.maxVelocity();
    }

    private void writeCommands(double error, double velocity, double period) {
        if (config.commandsEffort()) {
            double u = pid.compute(error, -velocity, period);
            double limit = maxEffort;
            appliedEffort = u > limit ? limit : (u < -limit ? -limit : u);
            command.set(appliedEffort);
        } else {
            command.set(target);
            appliedEffort = maxEffort;
        }
        if (maxEffortCommand != null) {
            maxEffortCommand.set(maxEffort);
        }
        if (maxVelocityCommand != null) {
            maxVelocityCommand.set(maxVelocity);
        }
    }

    private void publish(double position, double velocity, boolean stalled, boolean reached) {
        double[] v = stateOutput.beginWrite();
        v[0] = position;
        v[1] = velocity;
        v[2] = target;
        v[3] = appliedEffort;
        v[4] = maxEffort;
        v[5] = maxVelocity;
        v[6] = stalled ? 1.0 : 0.0;
        v[7] = reached ? 1.0 : 0.0;
        stateOutput.endWrite();
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        running = false;
        if (activeGoal != null) {
            activeGoal.end(Outcome.DEACTIVATED);
            activeGoal = null;
        }
        endPending(Outcome.DEACTIVATED);
        if (config.commandsEffort()) {
            command.set(0.0);
        } else {
            command.set(positionState.get());
        }
        return CallbackReturn.SUCCESS;
    }

    private void endPending(Outcome outcome) {
        GripperGoalHandle stale = pending.getAndSet(null);
        if (stale != null) {
            stale.end(outcome);
        }
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        closeRegistrations();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        closeRegistrations();
        return CallbackReturn.SUCCESS;
    }

    private void closeRegistrations() {
        registrations.closeAll();
    }
}
