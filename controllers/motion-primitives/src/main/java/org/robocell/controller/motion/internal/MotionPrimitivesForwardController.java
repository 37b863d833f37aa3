package org.robocell.controller.motion.internal;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.ControllerContext;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.io.Channel;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.api.motion.ExecuteMotionPrimitiveSequence;
import org.robocell.api.motion.ExecutionState;
import org.robocell.api.motion.MotionFeedback;
import org.robocell.api.motion.MotionInterfaces;
import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.ControllerBase;

/**
 * ros2_controllers' motion_primitives_forward_controller: claims {@code <tf_prefix>motion_primitive/<field>} (the 25
 * command interfaces in order), reads {@code execution_status} and {@code ready_for_new_primitive}, and forwards the
 * queued primitives of goals from {@code <controller>/motion_sequence} one per update while the robot is READY.
 * <p>
 * Every update: a cancel writes NaN to every command, then STOP_MOTION, and drops the queue; SUCCESS after EXECUTING
 * ends the goal SUCCEEDED; STOPPED ends it CANCELED and, after a stop this controller asked for, writes RESET_STOP;
 * an unknown status (or NaN) answers ERROR. RoboCell ends a goal ABORTED when the robot reports ERROR after EXECUTING
 * (ros2_controllers only logs it, and the goal never ends).
 */
final class MotionPrimitivesForwardController extends ControllerBase {

    private final ChannelRegistrations registrations;
    private final PrimitiveQueue queue = new PrimitiveQueue();
    private final AtomicReference<MotionGoal> active = new AtomicReference<>();
    private final AtomicBoolean cancelRequested = new AtomicBoolean();
    private volatile boolean robotStopRequested;
    private volatile boolean running;
    private volatile int lastStatus = ExecutionState.IDLE.value;
    private volatile int sent;

    private ForwardConfig config;
    private ExecuteMotionPrimitiveSequence server;
    private CommandHandle[] commands;
    private StateHandle status;
    private StateHandle ready;
    private boolean wasExecuting;
    private final ChannelRegistry channels;

    MotionPrimitivesForwardController(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
        this.channels = channels;
    }

    @Override
    public CallbackReturn onInit(ControllerContext context) {
        super.onInit(context);
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, ForwardConfig.NAMES, ForwardConfig::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        try {
            config = ForwardConfig.read(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        registrations.closeAll();
        server = new ForwardGoalServer(context().name() + "/motion_sequence", queue, active, () -> running,
                () -> robotStopRequested || cancelRequested.get(), this::requestCancel, this::feedback,
                this::executorError);
        try {
            registrations.register(server);
        } catch (IllegalStateException e) {
            return fail(e.getMessage());
        }
        return CallbackReturn.SUCCESS;
    }

    /** The executor's words for its last ERROR, when the robot is RoboCell's executor (its channel says). */
    private Optional<String> executorError() {
        String executorChannel = config.tfPrefix() + MotionInterfaces.PREFIX + "/motion_sequence";
        Optional<Channel> c = channels.find(executorChannel);
        if (c.isPresent() && c.get() instanceof ExecuteMotionPrimitiveSequence e && e != server) {
            return e.lastError();
        }
        return Optional.empty();
    }

    private Optional<MotionFeedback> feedback() {
        MotionGoal goal = active.get();
        return Optional.of(new MotionFeedback(ExecutionState.of(lastStatus), sent, goal == null ? 0 : goal.primitives(),
                -1, Double.NaN));
    }

    private void requestCancel() {
        cancelRequested.set(true);
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.individual(MotionInterfaces.commandNames(config.tfPrefix()));
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return InterfaceConfiguration.individual(MotionInterfaces.stateNames(config.tfPrefix()));
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        List<String> names = MotionInterfaces.stateNames(config.tfPrefix());
        try {
            commands = new CommandHandle[MotionInterfaces.COMMANDS.size()];
            List<String> commandNames = MotionInterfaces.commandNames(config.tfPrefix());
            for (int i = 0; i < commands.length; i++) {
                commands[i] = loans.command(commandNames.get(i));
            }
            status = loans.state(names.get(0));
            ready = loans.state(names.get(1));
        } catch (IllegalArgumentException e) {
            return fail(Fault.CONFIGURATION, e.getMessage());
        }
        resetCommands();
        endGoal(Outcome.DEACTIVATED);
        queue.drain();
        cancelRequested.set(false);
        robotStopRequested = false;
        wasExecuting = false;
        running = true;
        clearError();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType update(double time, double period) {
        if (cancelRequested.getAndSet(false)) {
            resetCommands();
            commands[MotionInterfaces.MOTION_TYPE].set(MotionInterfaces.STOP_MOTION);
            queue.drain();
            robotStopRequested = true;
        }
        ExecutionState state = ExecutionState.of(status.get());
        if (state == null) {
            return ReturnType.ERROR;
        }
        lastStatus = state.value;
        MotionGoal goal = active.get();
        switch (state) {
            case EXECUTING -> {
                wasExecuting = true;
                if (goal != null) {
                    goal.markExecuting();
                }
            }
            case SUCCESS -> {
                if (goal != null && wasExecuting) {
                    finish(goal, Outcome.SUCCEEDED);
                }
                wasExecuting = false;
            }
            case STOPPING -> wasExecuting = false;
            case STOPPED -> {
                wasExecuting = false;
                if (goal != null) {
                    finish(goal, Outcome.CANCELED);
                }
                if (robotStopRequested) {
                    resetCommands();
                    commands[MotionInterfaces.MOTION_TYPE].set(MotionInterfaces.RESET_STOP);
                    robotStopRequested = false;
                }
            }
            case ERROR -> {
                if (goal != null && wasExecuting) {
                    finish(goal, Outcome.FAILED);
                    queue.drain();
                }
                wasExecuting = false;
            }
            default -> {
                // IDLE
            }
        }
        double readyValue = ready.get();
        if (!(readyValue > -0.5 && readyValue < 1.5)) {
            return ReturnType.ERROR;
        }
        if (Math.round(readyValue) == MotionInterfaces.READY && !cancelRequested.get()) {
            double[] row = queue.pop();
            if (row != null) {
                for (int i = 0; i < row.length; i++) {
                    commands[i].set(row[i]);
                }
                if (!PrimitiveRows.isMarker(row[MotionInterfaces.MOTION_TYPE])) {
                    sent++;
                }
            }
        }
        return ReturnType.OK;
    }

    /** Ends the goal and frees the server for the next. */
    private void finish(MotionGoal goal, Outcome outcome) {
        goal.end(outcome);
        active.compareAndSet(goal, null);
        sent = 0;
    }

    private void endGoal(Outcome outcome) {
        MotionGoal goal = active.getAndSet(null);
        if (goal != null) {
            goal.end(outcome);
        }
        sent = 0;
    }

    private void resetCommands() {
        for (CommandHandle c : commands) {
            c.set(Double.NaN);
        }
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        running = false;
        endGoal(Outcome.DEACTIVATED);
        queue.drain();
        resetCommands();
        return CallbackReturn.SUCCESS;
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
}
