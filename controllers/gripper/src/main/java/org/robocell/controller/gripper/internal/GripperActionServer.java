package org.robocell.controller.gripper.internal;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.robocell.api.gripper.GoalHandle;
import org.robocell.api.gripper.GripperCommand;
import org.robocell.api.gripper.GripperFeedback;
import org.robocell.api.gripper.GripperGoal;

/**
 * The goal input of one configured controller: validates a goal, resolves its default limits and hands it to the
 * loop through one atomic reference, all on the submitting thread. The loop takes the newest goal with one
 * {@code getAndSet} and never waits or allocates; a goal replaced before the loop took it ends preempted.
 */
final class GripperActionServer implements GripperCommand {

    static final String NOT_RUNNING = "Can't accept new action goals. Controller is not running.";

    private final String name;
    private final GripperConfig config;
    private final AtomicReference<GripperGoalHandle> pending;
    private final BooleanSupplier active;
    private final Supplier<Optional<GripperFeedback>> feedback;
    private final AtomicLong ids = new AtomicLong();
    private GripperGoalHandle latest;

    GripperActionServer(String name, GripperConfig config, AtomicReference<GripperGoalHandle> pending,
            BooleanSupplier active, Supplier<Optional<GripperFeedback>> feedback) {
        this.name = name;
        this.config = config;
        this.pending = pending;
        this.active = active;
        this.feedback = feedback;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String joint() {
        return config.joint();
    }

    @Override
    public synchronized GoalHandle submit(GripperGoal goal) {
        long id = ids.incrementAndGet();
        if (!active.getAsBoolean()) {
            return GripperGoalHandle.rejected(id, goal, NOT_RUNNING);
        }
        if (goal == null) {
            return GripperGoalHandle.rejected(id, null, "The goal is missing.");
        }
        if (!Double.isFinite(goal.position())) {
            return GripperGoalHandle.rejected(id, goal, "The goal position must be a finite number, got "
                    + goal.position() + ".");
        }
        String invalid = invalidLimit("max effort", goal.maxEffort());
        if (invalid == null) {
            invalid = invalidLimit("max velocity", goal.maxVelocity());
        }
        if (invalid != null) {
            return GripperGoalHandle.rejected(id, goal, invalid);
        }
        GripperGoal resolved = new GripperGoal(goal.position(),
                Double.isNaN(goal.maxEffort()) ? config.maxEffort() : goal.maxEffort(),
                Double.isNaN(goal.maxVelocity()) ? config.maxVelocity() : goal.maxVelocity());
        GripperGoalHandle handle = GripperGoalHandle.accepted(id, resolved, feedback);
        GripperGoalHandle neverStarted = pending.getAndSet(handle);
        if (neverStarted != null) {
            neverStarted.end(Outcome.PREEMPTED);
        }
        if (latest != null) {
            latest.end(Outcome.PREEMPTED);
        }
        latest = handle;
        if (!active.getAsBoolean() && pending.compareAndSet(handle, null)) {
            handle.end(Outcome.DEACTIVATED);
        }
        return handle;
    }

    /** Null when {@code value} is NaN (use the default) or a finite number of at least 0, otherwise why not. */
    private static String invalidLimit(String what, double value) {
        if (Double.isNaN(value) || (value >= 0.0 && Double.isFinite(value))) {
            return null;
        }
        return "The goal's " + what + " must be a finite number of at least 0 (or NaN for the default), got " + value
                + ".";
    }

    @Override
    public String toString() {
        return "GripperCommand[" + name + "]";
    }
}
