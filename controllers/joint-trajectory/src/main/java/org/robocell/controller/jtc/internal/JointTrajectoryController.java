package org.robocell.controller.jtc.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

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
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.Pid;
import org.robocell.api.trajectory.TrajectoryFeedback;
import org.robocell.controller.common.ChannelRegistrations;

/**
 * Follows joint trajectories submitted through {@code <controller>/follow_joint_trajectory} and publishes desired,
 * actual and error state to {@code <controller>/state} every update. Goals are validated and prepared off the loop;
 * the loop takes a prepared buffer, fits the segment from where the joints are, samples, checks the path and goal
 * tolerances and ends goals, all without allocating. When no goal runs it holds position.
 */
final class JointTrajectoryController extends ControllerBase {

    /** Per joint in the state channel: desired position, velocity, acceleration, actual position, velocity, error. */
    static final String[] STATE_FIELDS = { "desired/position", "desired/velocity", "desired/acceleration",
            "actual/position", "actual/velocity", "error/position", "error/velocity" };

    private final ChannelRegistrations registrations;

    private JtcConfig config;
    private GoalInbox inbox;
    private TrajectoryExecution execution;
    private StateOutput stateOutput;
    private Pid[] pids;
    private boolean closedLoop;
    private double[] ffVelocityScale;
    private String[] jointNames;
    private volatile boolean running;
    private volatile double loopTime;

    private CommandHandle[] positionCommand;
    private CommandHandle[] velocityCommand;
    private CommandHandle[] accelerationCommand;
    private CommandHandle[] effortCommand;
    private StateHandle[] positionState;
    private StateHandle[] velocityState;
    private StateHandle[] accelerationState;

    private double[] desiredPosition;
    private double[] desiredVelocity;
    private double[] desiredAcceleration;
    private double[] desiredEffort;
    private double[] actualPosition;
    private double[] actualVelocity;
    private double[] actualAcceleration;
    private double[] errorPosition;
    private double[] errorVelocity;
    private double[] errorAcceleration;
    private TrajectoryGoalHandle activeGoal;

    JointTrajectoryController(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    @Override
    public CallbackReturn onInit(ControllerContext context) {
        super.onInit(context);
        return CallbackReturn.SUCCESS;
    }

    /** What {@link JtcConfig#read} would refuse at configure, and any key it does not read. */
    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, JtcConfig.NAMES, JtcConfig::read);
    }


    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        JtcConfig c;
        try {
            c = JtcConfig.read(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        int n = c.dof();
        config = c;
        jointNames = c.joints().toArray(new String[0]);
        inbox = new GoalInbox(n, c.maxPoints());
        execution = new TrajectoryExecution(n, c.interpolate());
        closedLoop = c.usesPid();
        ffVelocityScale = c.ffVelocityScale().clone();
        pids = new Pid[n];
        for (int j = 0; j < n; j++) {
            pids[j] = new Pid(c.gains()[j]);
        }
        desiredPosition = new double[n];
        desiredVelocity = new double[n];
        desiredAcceleration = new double[n];
        desiredEffort = new double[n];
        actualPosition = new double[n];
        actualVelocity = new double[n];
        actualAcceleration = new double[n];
        errorPosition = new double[n];
        errorVelocity = new double[n];
        errorAcceleration = new double[n];
        return registerChannels();
    }

    private CallbackReturn registerChannels() {
        closeRegistrations();
        List<String> fields = new ArrayList<>();
        for (String joint : jointNames) {
            for (String f : STATE_FIELDS) {
                fields.add(joint + "/" + f);
            }
        }
        stateOutput = new StateOutput(context().name() + "/state", fields);
        StateOutput out = stateOutput;
        TrajectoryActionServer server = new TrajectoryActionServer(context().name() + "/follow_joint_trajectory",
                config, inbox, () -> running, () -> loopTime, () -> feedback(out), context()::jointLimits);
        try {
            registrations.register(stateOutput, server);
        } catch (IllegalStateException e) {
            return fail(e.getMessage());
        }
        return CallbackReturn.SUCCESS;
    }

    private Optional<TrajectoryFeedback> feedback(StateOutput out) {
        StateOutput.Snapshot s = out.snapshot();
        if (s.publications() == 0) {
            return Optional.empty();
        }
        int n = jointNames.length;
        int w = STATE_FIELDS.length;
        double[][] columns = new double[w][n];
        for (int j = 0; j < n; j++) {
            for (int f = 0; f < w; f++) {
                columns[f][j] = s.values()[j * w + f];
            }
        }
        return Optional.of(new TrajectoryFeedback(List.of(jointNames), columns[0], columns[1], columns[2],
                columns[3], columns[4], columns[5], columns[6]));
    }

    /** {@code <command joint>/<interface>}: the joints' own, or a following controller's references. */
    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        List<String> names = new ArrayList<>();
        for (String joint : config.commandJoints()) {
            for (String i : config.commandInterfaces()) {
                names.add(joint + "/" + i);
            }
        }
        return InterfaceConfiguration.individual(names);
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return InterfaceConfiguration.individual(crossProduct(config.stateInterfaces()));
    }

    private List<String> crossProduct(List<String> interfaces) {
        List<String> names = new ArrayList<>();
        for (String joint : jointNames) {
            for (String i : interfaces) {
                names.add(joint + "/" + i);
            }
        }
        return names;
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        try {
            positionCommand = commands(loans, JtcConfig.POSITION);
            velocityCommand = commands(loans, JtcConfig.VELOCITY);
            accelerationCommand = commands(loans, JtcConfig.ACCELERATION);
            effortCommand = commands(loans, JtcConfig.EFFORT);
            positionState = states(loans, JtcConfig.POSITION);
            velocityState = states(loans, JtcConfig.VELOCITY);
            accelerationState = states(loans, JtcConfig.ACCELERATION);
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        Arrays.fill(desiredVelocity, 0.0);
        Arrays.fill(desiredAcceleration, 0.0);
        Arrays.fill(desiredEffort, 0.0);
        readActual();
        for (int j = 0; j < jointNames.length; j++) {
            if (!Double.isFinite(actualPosition[j])) {
                return fail(Fault.NO_MEASURED_STATE, "joint " + jointNames[j] + " reports position "
                        + actualPosition[j] + "; there is no position to hold");
            }
        }
        abortPending();
        for (Pid pid : pids) {
            pid.reset();
        }
        System.arraycopy(actualPosition, 0, desiredPosition, 0, desiredPosition.length);
        inbox.release(execution.hold(actualPosition, desiredEffort));
        activeGoal = null;
        running = true;
        clearError();
        return CallbackReturn.SUCCESS;
    }

    private CommandHandle[] commands(Loans loans, String interfaceName) {
        if (!config.commands(interfaceName)) {
            return null;
        }
        CommandHandle[] handles = new CommandHandle[jointNames.length];
        for (int j = 0; j < handles.length; j++) {
            handles[j] = loans.command(config.commandJoints().get(j) + "/" + interfaceName);
        }
        return handles;
    }

    private StateHandle[] states(Loans loans, String interfaceName) {
        if (!config.reads(interfaceName)) {
            return null;
        }
        StateHandle[] handles = new StateHandle[jointNames.length];
        for (int j = 0; j < handles.length; j++) {
            handles[j] = loans.state(jointNames[j] + "/" + interfaceName);
        }
        return handles;
    }

    @Override
    public ReturnType update(double time, double period) {
        loopTime = time;
        readActual();
        TrajectoryBuffer fresh = inbox.take();
        if (fresh != null) {
            adopt(fresh, time);
        }
        TrajectoryGoalHandle goal = activeGoal;
        if (goal != null && goal.isOver()) {
            activeGoal = null;
            if (goal.outcome() == Outcome.CANCELED) {
                holdActual();
            }
        }
        execution.sample(time, desiredPosition, desiredVelocity, desiredAcceleration, desiredEffort);
        for (int j = 0; j < jointNames.length; j++) {
            errorPosition[j] = desiredPosition[j] - actualPosition[j];
            errorVelocity[j] = desiredVelocity[j] - actualVelocity[j];
            errorAcceleration[j] = desiredAcceleration[j] - actualAcceleration[j];
        }
        if (activeGoal != null) {
            checkTolerances(time);
        }
        writeCommands(period);
        publishState();
        return ReturnType.OK;
    }

    private void readActual() {
        for (int j = 0; j < jointNames.length; j++) {
            actualPosition[j] = positionState[j].get();
            actualVelocity[j] = velocityState == null ? desiredVelocity[j] : velocityState[j].get();
            actualAcceleration[j] = accelerationState == null ? desiredAcceleration[j] : accelerationState[j].get();
        }
    }

    private void adopt(TrajectoryBuffer fresh, double time) {
        TrajectoryGoalHandle goal = fresh.goal;
        TrajectoryGoalHandle previous = activeGoal;
        if (previous != null) {
            previous.end(Outcome.PREEMPTED);
        }
        if (!goal.isOver() && !Double.isNaN(fresh.startTime) && fresh.startTime + fresh.lastTime() <= time) {
            goal.end(Outcome.ENDED_BEFORE_START);
        }
        if (goal.isOver()) {
            // canceled or too late before it started; the goal it replaced is preempted either way: stop here
            inbox.release(fresh);
            holdActual();
            activeGoal = null;
            return;
        }
        boolean fromDesired = config.interpolateFromDesiredState();
        double[] startPosition = fromDesired ? desiredPosition : actualPosition;
        double[] startVelocity = fromDesired ? desiredVelocity : actualVelocity;
        double[] startAcceleration = fromDesired ? desiredAcceleration : actualAcceleration;
        inbox.release(execution.follow(fresh, time, startPosition, startVelocity, startAcceleration));
        activeGoal = goal;
        goal.markExecuting();
    }

    private void checkTolerances(double time) {
        TrajectoryBuffer b = execution.trajectory();
        double tau = execution.trajectoryTime(time);
        if (tau < b.lastTime()) {
            int joint = firstViolation(b.pathPosition, b.pathVelocity, b.pathAcceleration);
            if (joint >= 0) {
                activeGoal.endViolated(Outcome.PATH_TOLERANCE_VIOLATED, jointNames[joint]);
                activeGoal = null;
                holdActual();
            }
            return;
        }
        int joint = firstViolation(b.goalPosition, b.goalVelocity, b.goalAcceleration);
        if (joint < 0) {
            activeGoal.end(Outcome.SUCCEEDED);
            activeGoal = null;
            inbox.release(execution.hold(desiredPosition, desiredEffort));
            Arrays.fill(desiredVelocity, 0.0);
            Arrays.fill(desiredAcceleration, 0.0);
        } else if (b.goalTime > 0.0 && tau - b.lastTime() > b.goalTime) {
            activeGoal.endViolated(Outcome.GOAL_TOLERANCE_VIOLATED, jointNames[joint]);
            activeGoal = null;
            holdActual();
        }
    }

    /** The first joint whose error exceeds a checked (positive) tolerance, or −1. */
    private int firstViolation(double[] position, double[] velocity, double[] acceleration) {
        for (int j = 0; j < jointNames.length; j++) {
            if (exceeds(errorPosition[j], position[j])
                    || (velocityState != null && exceeds(errorVelocity[j], velocity[j]))
                    || (accelerationState != null && exceeds(errorAcceleration[j], acceleration[j]))) {
                return j;
            }
        }
        return -1;
    }

    private static boolean exceeds(double error, double tolerance) {
        return tolerance > 0.0 && !(Math.abs(error) <= tolerance);
    }

    /** Stops where the joints are: desired becomes the measured position at rest, effort feed-forward kept. */
    private void holdActual() {
        inbox.release(execution.hold(actualPosition, desiredEffort));
        for (int j = 0; j < jointNames.length; j++) {
            desiredPosition[j] = actualPosition[j];
            desiredVelocity[j] = 0.0;
            desiredAcceleration[j] = 0.0;
            errorPosition[j] = 0.0;
            errorVelocity[j] = -actualVelocity[j];
        }
    }

    private void writeCommands(double period) {
        boolean pid = closedLoop;
        double[] ff = ffVelocityScale;
        for (int j = 0; j < jointNames.length; j++) {
            if (positionCommand != null) {
                positionCommand[j].set(desiredPosition[j]);
            }
            if (accelerationCommand != null) {
                accelerationCommand[j].set(desiredAcceleration[j]);
            }
            if (pid) {
                double u = ff[j] * desiredVelocity[j] + pids[j].compute(errorPosition[j], errorVelocity[j], period);
                if (velocityCommand != null) {
                    velocityCommand[j].set(u);
                } else {
                    effortCommand[j].set(u + desiredEffort[j]);
                }
            } else {
                if (velocityCommand != null) {
                    velocityCommand[j].set(desiredVelocity[j]);
                }
                if (effortCommand != null) {
                    effortCommand[j].set(desiredEffort[j]);
                }
            }
        }
    }

    private void publishState() {
        double[] v = stateOutput.beginWrite();
        int w = STATE_FIELDS.length;
        for (int j = 0; j < jointNames.length; j++) {
            int at = j * w;
            v[at] = desiredPosition[j];
            v[at + 1] = desiredVelocity[j];
            v[at + 2] = desiredAcceleration[j];
            v[at + 3] = actualPosition[j];
            v[at + 4] = actualVelocity[j];
            v[at + 5] = errorPosition[j];
            v[at + 6] = errorVelocity[j];
        }
        stateOutput.endWrite();
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        running = false;
        if (activeGoal != null) {
            activeGoal.end(Outcome.DEACTIVATED);
            activeGoal = null;
        }
        abortPending();
        readActual();
        inbox.release(execution.hold(actualPosition, desiredEffort));
        for (int j = 0; j < jointNames.length; j++) {
            if (positionCommand != null) {
                positionCommand[j].set(actualPosition[j]);
            }
            setIfClaimed(velocityCommand, j);
            setIfClaimed(accelerationCommand, j);
            setIfClaimed(effortCommand, j);
        }
        return CallbackReturn.SUCCESS;
    }

    private static void setIfClaimed(CommandHandle[] handles, int j) {
        if (handles != null) {
            handles[j].set(0.0);
        }
    }

    private void abortPending() {
        TrajectoryBuffer stale = inbox.take();
        if (stale != null) {
            stale.goal.end(Outcome.DEACTIVATED);
            inbox.release(stale);
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
