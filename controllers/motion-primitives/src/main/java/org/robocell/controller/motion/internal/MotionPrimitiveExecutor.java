package org.robocell.controller.motion.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.robocell.api.controller.ChainableController;
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
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.api.model.JointLimits;
import org.robocell.api.model.RobotModel;
import org.robocell.api.motion.ExecutionState;
import org.robocell.api.motion.MotionFeedback;
import org.robocell.api.motion.MotionInterfaces;
import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.ControllerBase;
import org.robocell.motion.MotionPlanner;
import org.robocell.motion.PlannerSettings;

/**
 * Executes motion primitives on a robot's joint position interfaces, so that any robot of the cell runs primitives.
 * <p>
 * It exports the motion primitive interfaces as its own: references {@code <name>/<field>} (the 25 command values)
 * and states {@code <name>/execution_status}, {@code <name>/ready_for_new_primitive}. Named
 * {@code <tf_prefix>motion_primitive}, it is what a motion_primitives_forward_controller with that {@code tf_prefix}
 * claims, and the forward controller cannot tell it from a robot that executes primitives itself: it takes a
 * primitive (or a sequence between MOTION_SEQUENCE_START and MOTION_SEQUENCE_END) when READY, reports EXECUTING, plans
 * it off the loop, runs it, reports SUCCESS (or ERROR when it cannot be planned); STOP_MOTION brakes along the path
 * (STOPPING, then STOPPED) and RESET_STOP makes it IDLE again. Unchained, its own {@code <name>/motion_sequence}
 * takes goals directly, planned on the submitting thread. {@code <name>/state} publishes its status every update.
 */
final class MotionPrimitiveExecutor extends ControllerBase implements ChainableController {

    static final List<String> STATE_FIELDS = List.of("execution_status", "ready_for_new_primitive", "primitive",
            "primitives", "progress");

    /** Why the loop itself went to ERROR: constants, so that the loop reports without allocating. */
    enum LoopError {
        NONE(null),
        UNKNOWN_TYPE("a primitive arrived with an unknown motion_type"),
        SEQUENCE_TOO_LONG("a sequence had more primitives than the executor holds (1024)");

        final String text;

        LoopError(String text) {
            this.text = text;
        }
    }

    private final ChannelRegistry channels;
    private final RobotModels robots;
    private final ChannelRegistrations registrations;
    private final AtomicReference<ExecutorGoalServer.Pending> pending = new AtomicReference<>();
    private final AtomicReference<MotionGoal> ownGoal = new AtomicReference<>();
    private final AtomicBoolean cancelOwn = new AtomicBoolean();

    private ExecutorConfig config;
    private MotionPlanner planner;
    private PlanningWorker worker;
    private PlanRunner runner;
    private StateOutput stateOutput;
    private List<String> joints;
    private double[] acceleration;
    private volatile boolean running;
    private volatile boolean chained;
    private volatile ExecutionState state = ExecutionState.IDLE;
    private volatile boolean ready = true;
    private volatile String plannerError;
    private volatile LoopError loopError = LoopError.NONE;
    private volatile double unknownType = Double.NaN;
    private volatile double[] heldSnapshot;

    private CommandHandle[] commands;
    private StateHandle[] positions;
    private CommandHandle[] references;
    private CommandHandle statusOut;
    private CommandHandle readyOut;
    private double[] hold;
    private double[] q;
    private boolean collecting;
    private int collected;
    private long generation;
    private MotionGoal executingGoal;

    MotionPrimitiveExecutor(ChannelRegistry channels, RobotModels robots) {
        this.channels = channels;
        this.robots = robots;
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    @Override
    public CallbackReturn onInit(ControllerContext context) {
        super.onInit(context);
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, ExecutorConfig.NAMES, ExecutorConfig::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        closeAll();
        try {
            config = ExecutorConfig.read(context().parameters());
            RobotModel robot = robots.choose(config.robot(), context().robot(), context().name());
            int rate = context().parameters().getInt("update_rate", 0);
            double period = 1.0 / (rate > 0 ? rate : context().loopRate());
            PlannerSettings settings = config.settings().withSampleTime(period);
            planner = MotionPlanner.create(robot, settings, context()::jointLimits);
            MotionPlanner workerPlanner = MotionPlanner.create(robot, settings, context()::jointLimits);
            joints = planner.jointNames();
            acceleration = new double[joints.size()];
            for (int j = 0; j < acceleration.length; j++) {
                Optional<JointLimits> l = context().jointLimits(joints.get(j));
                acceleration[j] = l.isPresent() && l.get().hasAccelerationLimits() ? l.get().acceleration()
                        : settings.defaultJointAcceleration();
            }
            worker = new PlanningWorker(context().name().replace('/', '-'), workerPlanner, joints.size());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        runner = new PlanRunner(acceleration);
        hold = new double[joints.size()];
        q = new double[joints.size()];
        List<String> fields = new ArrayList<>(STATE_FIELDS);
        for (String j : joints) {
            fields.add(j + "/position");
        }
        stateOutput = new StateOutput(context().name() + "/state", fields);
        ExecutorGoalServer server = new ExecutorGoalServer(context().name() + "/motion_sequence", planner, pending,
                ownGoal, () -> running, () -> chained, () -> ready && !collecting && state != ExecutionState.STOPPED
                        && state != ExecutionState.STOPPING,
                () -> heldSnapshot.clone(), () -> cancelOwn.set(true), this::feedback, this::lastExecutionError);
        try {
            registrations.register(server, stateOutput);
        } catch (IllegalStateException e) {
            closeAll();
            return fail(e.getMessage());
        }
        return CallbackReturn.SUCCESS;
    }

    /** The executor's last error in words: its own or the planner's. Off the loop. */
    Optional<String> lastExecutionError() {
        LoopError e = loopError;
        if (e == LoopError.UNKNOWN_TYPE) {
            return Optional.of(e.text + " (" + unknownType + ")");
        }
        if (e != LoopError.NONE) {
            return Optional.of(e.text);
        }
        return Optional.ofNullable(plannerError);
    }

    private Optional<MotionFeedback> feedback() {
        StateOutput.Snapshot s = stateOutput.snapshot();
        if (s.publications() == 0) {
            return Optional.empty();
        }
        double[] v = s.values();
        MotionGoal goal = ownGoal.get();
        int n = goal == null ? (int) v[3] : goal.primitives();
        return Optional.of(new MotionFeedback(ExecutionState.of(v[0]), n, n, (int) v[2], v[4]));
    }

    @Override
    public List<String> exportReferenceInterfaces() {
        List<String> names = new ArrayList<>();
        for (String f : MotionInterfaces.COMMANDS) {
            names.add(context().name() + "/" + f);
        }
        return names;
    }

    @Override
    public List<String> exportStateInterfaces() {
        List<String> names = new ArrayList<>();
        for (String f : MotionInterfaces.STATES) {
            names.add(context().name() + "/" + f);
        }
        return names;
    }

    @Override
    public boolean onSetChainedMode(boolean chainedMode) {
        chained = chainedMode;
        return true;
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.individual(joints.stream().map(j -> j + "/position").toList());
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return InterfaceConfiguration.individual(joints.stream().map(j -> j + "/position").toList());
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        int n = joints.size();
        commands = new CommandHandle[n];
        positions = new StateHandle[n];
        try {
            for (int j = 0; j < n; j++) {
                commands[j] = loans.command(joints.get(j) + "/position");
                positions[j] = loans.state(joints.get(j) + "/position");
            }
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        List<CommandHandle> refs = loans.references();
        List<CommandHandle> exported = loans.exportedStates();
        if (refs.size() != MotionInterfaces.COMMANDS.size() || exported.size() != MotionInterfaces.STATES.size()) {
            return fail("the manager lent " + refs.size() + " references and " + exported.size()
                    + " exported states; the executor exports 25 and 2");
        }
        references = refs.toArray(CommandHandle[]::new);
        statusOut = exported.get(0);
        readyOut = exported.get(1);
        for (int j = 0; j < n; j++) {
            double p = positions[j].get();
            if (!Double.isFinite(p)) {
                return fail(Fault.NO_MEASURED_STATE, "joint " + joints.get(j) + " reports position " + p
                        + "; there is no position to hold");
            }
            hold[j] = p;
        }
        heldSnapshot = hold.clone();
        for (CommandHandle r : references) {
            r.set(Double.NaN);
        }
        generation++;
        runner.abandon();
        collecting = false;
        collected = 0;
        endOwnGoal(Outcome.DEACTIVATED);
        pending.set(null);
        cancelOwn.set(false);
        state = ExecutionState.IDLE;
        ready = true;
        loopError = LoopError.NONE;
        writeStates();
        running = true;
        clearError();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType updateReferenceFromInputs(double time, double period) {
        // unchained, goals arrive through the own goal input, already planned
        ExecutorGoalServer.Pending p = pending.getAndSet(null);
        if (p != null) {
            if (p.goal().isOver()) {
                endOwnGoal(Outcome.CANCELED);
            } else {
                executingGoal = p.goal();
                p.goal().markExecuting();
                runner.start(p.plan());
                state = ExecutionState.EXECUTING;
                ready = false;
            }
        }
        if (cancelOwn.getAndSet(false) && executingGoal != null) {
            runner.stop(period);
            state = ExecutionState.STOPPING;
        }
        return ReturnType.OK;
    }

    @Override
    public ReturnType updateAndWriteCommands(double time, double period) {
        double type = references[MotionInterfaces.MOTION_TYPE].get();
        if (!Double.isNaN(type)) {
            take(type, period);
        }
        PlanningWorker.Result r = worker.take();
        if (r != null && r.generation() == generation && state == ExecutionState.EXECUTING) {
            if (r.plan() != null) {
                plannerError = null;
                runner.start(r.plan());
            } else {
                plannerError = r.error();
                state = ExecutionState.ERROR;
                ready = true;
            }
        }
        PlanRunner.Phase phase = runner.step(period, q);
        switch (phase) {
            case RUNNING, STOPPING -> System.arraycopy(q, 0, hold, 0, hold.length);
            case DONE -> {
                System.arraycopy(q, 0, hold, 0, hold.length);
                state = ExecutionState.SUCCESS;
                ready = true;
                endOwnGoal(Outcome.SUCCEEDED);
            }
            case STOPPED -> {
                System.arraycopy(q, 0, hold, 0, hold.length);
                if (executingGoal != null) {
                    // an own goal: nobody sends RESET_STOP, the executor is ready again at once
                    endOwnGoal(Outcome.CANCELED);
                    state = ExecutionState.IDLE;
                    ready = true;
                } else {
                    state = ExecutionState.STOPPED;
                }
            }
            default -> {
                // holding
            }
        }
        for (int j = 0; j < commands.length; j++) {
            commands[j].set(hold[j]);
        }
        writeStates();
        publish();
        return ReturnType.OK;
    }

    /** A value arrived in motion_type: consume the references and act on it. */
    private void take(double type, double period) {
        int t = (int) Math.round(type);
        boolean stopped = state == ExecutionState.STOPPED || state == ExecutionState.STOPPING;
        if (t == MotionInterfaces.STOP_MOTION) {
            generation++;
            collecting = false;
            state = runner.stop(period) ? ExecutionState.STOPPING : ExecutionState.STOPPED;
            ready = false;
        } else if (t == MotionInterfaces.RESET_STOP) {
            if (state == ExecutionState.STOPPED) {
                state = ExecutionState.IDLE;
                ready = !worker.busy();
            }
        } else if (!stopped && ready) {
            takePrimitive(t);
        }
        for (CommandHandle r : references) {
            r.set(Double.NaN);
        }
    }

    private void takePrimitive(int t) {
        switch (t) {
            case MotionInterfaces.MOTION_SEQUENCE_START -> {
                collecting = true;
                collected = 0;
                state = ExecutionState.EXECUTING;
            }
            case MotionInterfaces.MOTION_SEQUENCE_END -> {
                if (!collecting) {
                    return;
                }
                collecting = false;
                if (collected == 0) {
                    state = ExecutionState.SUCCESS;
                } else {
                    requestPlan();
                }
            }
            case MotionInterfaces.LINEAR_JOINT, MotionInterfaces.LINEAR_CARTESIAN,
                    MotionInterfaces.CIRCULAR_CARTESIAN -> {
                if (collected >= PlanningWorker.MAX_ROWS) {
                    loopError = LoopError.SEQUENCE_TOO_LONG;
                    collecting = false;
                    state = ExecutionState.ERROR;
                    return;
                }
                double[] row = worker.rows[collected++];
                for (int i = 0; i < row.length; i++) {
                    row[i] = references[i].get();
                }
                state = ExecutionState.EXECUTING;
                if (!collecting) {
                    requestPlan();
                }
            }
            default -> {
                unknownType = t;
                loopError = LoopError.UNKNOWN_TYPE;
                collecting = false;
                state = ExecutionState.ERROR;
            }
        }
    }

    private void requestPlan() {
        loopError = LoopError.NONE;
        ready = false;
        worker.request(collected, hold, ++generation);
        collected = 0;
    }

    private void writeStates() {
        statusOut.set(state.value);
        readyOut.set(ready && !collectingBlocked() ? MotionInterfaces.READY : MotionInterfaces.NOT_READY);
    }

    /** While the worker still reads the rows of an abandoned request, new rows must wait. */
    private boolean collectingBlocked() {
        return worker.busy() && !runner.moving() && state != ExecutionState.EXECUTING;
    }

    private void publish() {
        double[] v = stateOutput.beginWrite();
        v[0] = state.value;
        v[1] = ready ? 1.0 : 0.0;
        v[2] = runner.primitive();
        v[3] = runner.primitives();
        v[4] = runner.progress();
        System.arraycopy(hold, 0, v, STATE_FIELDS.size(), hold.length);
        stateOutput.endWrite();
        heldSnapshotUpdate();
    }

    /** The position a new own goal is planned from; refreshed only when idle, so the loop allocates nothing. */
    private void heldSnapshotUpdate() {
        // written by the loop, read by submitters: a plain copy into an array only the loop writes
        double[] snapshot = heldSnapshot;
        if (!runner.moving()) {
            System.arraycopy(hold, 0, snapshot, 0, hold.length);
        }
    }

    private void endOwnGoal(Outcome outcome) {
        MotionGoal goal = ownGoal.get();
        executingGoal = null;
        if (goal != null) {
            goal.end(outcome);
            ownGoal.compareAndSet(goal, null);
        }
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        running = false;
        generation++;
        runner.abandon();
        endOwnGoal(Outcome.DEACTIVATED);
        ExecutorGoalServer.Pending p = pending.getAndSet(null);
        if (p != null) {
            p.goal().end(Outcome.DEACTIVATED);
        }
        for (int j = 0; j < commands.length; j++) {
            commands[j].set(positions[j].get());
        }
        state = ExecutionState.IDLE;
        ready = true;
        writeStates();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        closeAll();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        closeAll();
        return CallbackReturn.SUCCESS;
    }

    private void closeAll() {
        registrations.closeAll();
        if (worker != null) {
            worker.close();
            worker = null;
        }
    }
}
