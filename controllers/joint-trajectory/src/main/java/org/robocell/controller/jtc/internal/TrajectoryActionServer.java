package org.robocell.controller.jtc.internal;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

import org.robocell.api.model.JointLimits;
import org.robocell.api.trajectory.FollowJointTrajectory;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalResult;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.ResultCode;
import org.robocell.api.trajectory.TrajectoryFeedback;
import org.robocell.api.trajectory.TrajectoryGoal;

/**
 * The goal input of one configured controller: validates a goal, prepares its trajectory in a free buffer and hands
 * it to the loop, all on the submitting thread. Submissions are serialized among themselves (the one-writer rule of
 * the {@link GoalInbox}); the loop never waits for them.
 */
final class TrajectoryActionServer implements FollowJointTrajectory {

    static final String NOT_RUNNING = "Can't accept new action goals. Controller is not running.";

    private final String name;
    private final JtcConfig config;
    private final GoalInbox inbox;
    private final GoalValidator validator;
    private final ToleranceResolver tolerances;
    private final BooleanSupplier active;
    private final DoubleSupplier loopTime;
    private final Supplier<Optional<TrajectoryFeedback>> feedback;
    private final AtomicLong ids = new AtomicLong();
    private TrajectoryGoalHandle latest;

    TrajectoryActionServer(String name, JtcConfig config, GoalInbox inbox, BooleanSupplier active,
            DoubleSupplier loopTime, Supplier<Optional<TrajectoryFeedback>> feedback,
            Function<String, Optional<JointLimits>> limits) {
        this.name = name;
        this.config = config;
        this.inbox = inbox;
        this.validator = new GoalValidator(config, limits);
        this.tolerances = new ToleranceResolver(config);
        this.active = active;
        this.loopTime = loopTime;
        this.feedback = feedback;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<String> joints() {
        return config.joints();
    }

    @Override
    public synchronized GoalHandle submit(TrajectoryGoal goal) {
        long id = ids.incrementAndGet();
        if (!active.getAsBoolean()) {
            return TrajectoryGoalHandle.rejected(id, GoalValidator.reject(ResultCode.INVALID_GOAL, NOT_RUNNING));
        }
        if (goal == null || goal.trajectory() == null) {
            return TrajectoryGoalHandle.rejected(id,
                    GoalValidator.reject(ResultCode.INVALID_GOAL, "The goal holds no trajectory."));
        }
        JointTrajectory trajectory = goal.trajectory();
        double[] current = feedback.get().map(TrajectoryFeedback::actualPositions).orElse(null);
        GoalResult invalid = validator.validate(trajectory, loopTime.getAsDouble(), current);
        if (invalid != null) {
            return TrajectoryGoalHandle.rejected(id, invalid);
        }
        TrajectoryBuffer buffer = inbox.claim();
        if (buffer == null) {
            return TrajectoryGoalHandle.rejected(id, GoalValidator.reject(ResultCode.INVALID_GOAL,
                    "No trajectory buffer came free: the control loop seems stuck in a cycle."));
        }
        tolerances.resolve(goal, buffer);
        buffer.load(trajectory.startTime() == 0.0 ? Double.NaN : trajectory.startTime(), trajectory.points(),
                columns(trajectory.jointNames()));
        TrajectoryGoalHandle handle = TrajectoryGoalHandle.accepted(id, feedback);
        buffer.goal = handle;
        TrajectoryGoalHandle neverStarted = inbox.publish(buffer);
        if (neverStarted != null) {
            neverStarted.end(Outcome.PREEMPTED);
        }
        if (latest != null) {
            latest.end(Outcome.PREEMPTED);
        }
        latest = handle;
        if (!active.getAsBoolean() && inbox.withdraw(buffer)) {
            handle.end(Outcome.DEACTIVATED);
        }
        return handle;
    }

    private int[] columns(List<String> goalJoints) {
        int[] columns = new int[config.dof()];
        for (int j = 0; j < columns.length; j++) {
            columns[j] = goalJoints.indexOf(config.joints().get(j));
        }
        return columns;
    }

    @Override
    public String toString() {
        return "FollowJointTrajectory[" + name + "]";
    }
}
