package org.robocell.controller.gripper.internal;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.robocell.api.gripper.GoalHandle;
import org.robocell.api.gripper.GoalResult;
import org.robocell.api.gripper.GoalStatus;
import org.robocell.api.gripper.GripperFeedback;
import org.robocell.api.gripper.GripperGoal;
import org.robocell.controller.common.GoalWait;

/**
 * A goal and its status, shared by the submitting thread and the control loop without locks. The goal's values are
 * final, resolved at submission; the end is set once, by compare-and-set of a constant {@link Outcome}, so a cancel
 * and the loop's success cannot both win.
 */
final class GripperGoalHandle implements GoalHandle {

    private final long id;
    private final GripperGoal goal;
    private final GoalResult rejection;
    private final Supplier<Optional<GripperFeedback>> feedback;
    private final AtomicReference<Outcome> outcome = new AtomicReference<>();
    private volatile boolean executing;
    /** Written by the loop in every cycle the goal executes, read for the result. */
    private volatile double lastPosition = Double.NaN;
    private volatile double lastEffort = Double.NaN;

    private GripperGoalHandle(long id, GripperGoal goal, GoalResult rejection,
            Supplier<Optional<GripperFeedback>> feedback) {
        this.id = id;
        this.goal = goal;
        this.rejection = rejection;
        this.feedback = feedback;
    }

    static GripperGoalHandle accepted(long id, GripperGoal resolved, Supplier<Optional<GripperFeedback>> feedback) {
        return new GripperGoalHandle(id, resolved, null, feedback);
    }

    static GripperGoalHandle rejected(long id, GripperGoal goal, String reason) {
        return new GripperGoalHandle(id, goal,
                new GoalResult(GoalStatus.REJECTED, Double.NaN, Double.NaN, false, false, reason), Optional::empty);
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public GripperGoal goal() {
        return goal;
    }

    /** Loop: the goal's position, without the record accessor's indirection. */
    double position() {
        return goal.position();
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
        return Optional.of(new GoalResult(o.status, lastPosition, lastEffort, o.stalled, o.reachedGoal, o.message));
    }

    @Override
    public GoalResult awaitResult(Duration timeout) throws InterruptedException, TimeoutException {
        return GoalWait.awaitResult(this::result, this::status, timeout, "gripper goal " + id);
    }

    @Override
    public boolean cancel() {
        return end(Outcome.CANCELED);
    }

    @Override
    public Optional<GripperFeedback> feedback() {
        return status() == GoalStatus.EXECUTING ? feedback.get() : Optional.empty();
    }

    /** Ends the goal unless it has ended already; true when this call ended it. Allocation-free. */
    boolean end(Outcome o) {
        return rejection == null && outcome.compareAndSet(null, o);
    }

    Outcome outcome() {
        return outcome.get();
    }

    boolean isOver() {
        return rejection != null || outcome.get() != null;
    }

    /** Loop: the goal is now being pursued. */
    void markExecuting() {
        executing = true;
    }

    /** Loop: what the result reports if the goal ends now. */
    void record(double position, double effort) {
        lastPosition = position;
        lastEffort = effort;
    }

    @Override
    public String toString() {
        return "gripper goal " + id + " " + goal + " " + status();
    }
}
