package org.robocell.controller.motion.internal;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.robocell.api.motion.GoalStatus;
import org.robocell.api.motion.MotionFeedback;
import org.robocell.api.motion.MotionGoalHandle;
import org.robocell.api.motion.MotionResult;
import org.robocell.api.motion.ResultCode;
import org.robocell.controller.common.GoalWait;

/**
 * A goal shared by the submitting thread and the control loop without locks. The end is set once, by compare-and-set
 * of a constant {@link Outcome} (or, off the loop, of a failure with its own words), so two ends cannot both win.
 */
final class MotionGoal implements MotionGoalHandle {

    private final long id;
    private final int primitives;
    private final MotionResult rejection;
    private final Runnable cancel;
    private final Supplier<Optional<MotionFeedback>> feedback;
    private final AtomicReference<Outcome> outcome = new AtomicReference<>();
    private volatile String detail;
    private volatile boolean executing;

    private MotionGoal(long id, int primitives, MotionResult rejection, Runnable cancel,
            Supplier<Optional<MotionFeedback>> feedback) {
        this.id = id;
        this.primitives = primitives;
        this.rejection = rejection;
        this.cancel = cancel;
        this.feedback = feedback;
    }

    static MotionGoal accepted(long id, int primitives, Runnable cancel, Supplier<Optional<MotionFeedback>> feedback) {
        return new MotionGoal(id, primitives, null, cancel, feedback);
    }

    static MotionGoal rejected(long id, int primitives, String reason) {
        return new MotionGoal(id, primitives, new MotionResult(GoalStatus.REJECTED, ResultCode.INVALID_GOAL, reason),
                () -> {
                }, Optional::empty);
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public int primitives() {
        return primitives;
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
    public Optional<MotionResult> result() {
        if (rejection != null) {
            return Optional.of(rejection);
        }
        Outcome o = outcome.get();
        if (o == null) {
            return Optional.empty();
        }
        String why = detail;
        return Optional.of(new MotionResult(o.status, o.code, why == null ? o.message : o.message + " " + why));
    }

    @Override
    public MotionResult awaitResult(Duration timeout) throws InterruptedException, TimeoutException {
        return GoalWait.awaitResult(this::result, this::status, timeout, "motion goal " + id);
    }

    @Override
    public boolean cancel() {
        if (isOver()) {
            return false;
        }
        cancel.run();
        return true;
    }

    @Override
    public Optional<MotionFeedback> feedback() {
        return status() == GoalStatus.EXECUTING ? feedback.get() : Optional.empty();
    }

    /** Ends the goal unless it has ended already; true when this call ended it. Allocation-free. */
    boolean end(Outcome o) {
        return rejection == null && outcome.compareAndSet(null, o);
    }

    /** Off the loop: words to add to the result's message (the executor's planning error). */
    void explain(String why) {
        detail = why;
    }

    boolean isOver() {
        return rejection != null || outcome.get() != null;
    }

    /** Loop: the robot is executing the goal now. */
    void markExecuting() {
        executing = true;
    }

    @Override
    public String toString() {
        return "motion goal " + id + " (" + primitives + " primitives) " + status();
    }
}
