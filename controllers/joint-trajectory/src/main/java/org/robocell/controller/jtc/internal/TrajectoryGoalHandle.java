package org.robocell.controller.jtc.internal;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalResult;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.TrajectoryFeedback;
import org.robocell.controller.common.GoalWait;

/**
 * A goal's status, shared by the submitting thread and the control loop without locks: the end is set once, by
 * compare-and-set of a constant {@link Outcome}, so a cancel and the loop's success cannot both win.
 */
final class TrajectoryGoalHandle implements GoalHandle {

    private final long id;
    private final GoalResult rejection;
    private final Supplier<Optional<TrajectoryFeedback>> feedback;
    private final AtomicReference<Outcome> outcome = new AtomicReference<>();
    private volatile boolean executing;
    /** The joint that broke a tolerance, for the result message; written by the loop before the outcome. */
    private volatile String violatingJoint;

    private TrajectoryGoalHandle(long id, GoalResult rejection, Supplier<Optional<TrajectoryFeedback>> feedback) {
        this.id = id;
        this.rejection = rejection;
        this.feedback = feedback;
    }

    static TrajectoryGoalHandle accepted(long id, Supplier<Optional<TrajectoryFeedback>> feedback) {
        return new TrajectoryGoalHandle(id, null, feedback);
    }

    static TrajectoryGoalHandle rejected(long id, GoalResult rejection) {
        return new TrajectoryGoalHandle(id, rejection, Optional::empty);
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public GoalStatus status() {
        if (rejection != null) {
            return GoalStatus.REJECTED;
        }
        Outcome o = outcome.get();
        if (o != null) {
            return o.status;
        }
        return executing ? GoalStatus.EXECUTING : GoalStatus.ACCEPTED;
    }

    @Override
    public Optional<GoalResult> result() {
        if (rejection != null) {
            return Optional.of(rejection);
        }
        Outcome o = outcome.get();
        if (o == null) {
            return Optional.empty();
        }
        String joint = violatingJoint;
        boolean tolerance = o == Outcome.PATH_TOLERANCE_VIOLATED || o == Outcome.GOAL_TOLERANCE_VIOLATED;
        String message = joint == null || !tolerance ? o.message : o.message + " (joint " + joint + ")";
        return Optional.of(new GoalResult(o.status, o.code, message));
    }

    @Override
    public GoalResult awaitResult(Duration timeout) throws InterruptedException, TimeoutException {
        return GoalWait.awaitResult(this::result, this::status, timeout, "goal " + id);
    }

    @Override
    public boolean cancel() {
        return end(Outcome.CANCELED);
    }

    @Override
    public Optional<TrajectoryFeedback> feedback() {
        return status() == GoalStatus.EXECUTING ? feedback.get() : Optional.empty();
    }

    /** Ends the goal unless it has ended already; true when this call ended it. Allocation-free. */
    boolean end(Outcome o) {
        return rejection == null && outcome.compareAndSet(null, o);
    }

    /** Loop: ends the goal for a tolerance violated by {@code joint}. */
    boolean endViolated(Outcome o, String joint) {
        if (outcome.get() != null) {
            return false;
        }
        violatingJoint = joint;
        return end(o);
    }

    Outcome outcome() {
        return outcome.get();
    }

    boolean isOver() {
        return rejection != null || outcome.get() != null;
    }

    /** Loop: the goal's trajectory is now being followed. */
    void markExecuting() {
        executing = true;
    }

    @Override
    public String toString() {
        return "goal " + id + " " + status();
    }
}
