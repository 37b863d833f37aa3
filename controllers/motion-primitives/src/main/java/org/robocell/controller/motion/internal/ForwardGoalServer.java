package org.robocell.controller.motion.internal;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.robocell.api.motion.ExecuteMotionPrimitiveSequence;
import org.robocell.api.motion.MotionFeedback;
import org.robocell.api.motion.MotionGoalHandle;
import org.robocell.api.motion.MotionInterfaces;
import org.robocell.api.motion.MotionPrimitive;

/**
 * The forward controller's goal input ({@code <controller>/motion_sequence}): checks a goal with ros2_controllers'
 * rules, queues its rows (between sequence markers when there is more than one primitive) and hands the goal to the
 * loop through one atomic reference, all on the submitting thread.
 */
final class ForwardGoalServer implements ExecuteMotionPrimitiveSequence {

    static final String NOT_RUNNING = "Can't accept new action goals. Controller is not running.";
    static final String BUSY = "Already has an active goal, rejecting new goal request.";
    static final String STOPPING = "Robot requested to stop. Discarding the new command.";

    private final String name;
    private final PrimitiveQueue queue;
    private final AtomicReference<MotionGoal> active;
    private final BooleanSupplier running;
    private final BooleanSupplier stopping;
    private final Runnable cancel;
    private final Supplier<Optional<MotionFeedback>> feedback;
    private final Supplier<Optional<String>> lastError;
    private final AtomicLong ids = new AtomicLong();

    ForwardGoalServer(String name, PrimitiveQueue queue, AtomicReference<MotionGoal> active, BooleanSupplier running,
            BooleanSupplier stopping, Runnable cancel, Supplier<Optional<MotionFeedback>> feedback,
            Supplier<Optional<String>> lastError) {
        this.name = name;
        this.queue = queue;
        this.active = active;
        this.running = running;
        this.stopping = stopping;
        this.cancel = cancel;
        this.feedback = feedback;
        this.lastError = lastError;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public synchronized MotionGoalHandle submit(List<MotionPrimitive> motions) {
        long id = ids.incrementAndGet();
        int n = motions == null ? 0 : motions.size();
        if (!running.getAsBoolean()) {
            return MotionGoal.rejected(id, n, NOT_RUNNING);
        }
        if (active.get() != null) {
            return MotionGoal.rejected(id, n, BUSY);
        }
        if (stopping.getAsBoolean()) {
            return MotionGoal.rejected(id, n, STOPPING);
        }
        String invalid = PrimitiveRows.invalid(motions, MotionInterfaces.JOINTS);
        if (invalid != null) {
            return MotionGoal.rejected(id, n, invalid);
        }
        int needed = n == 1 ? 1 : n + 2;
        int remaining = queue.remaining();
        if (needed > remaining) {
            return MotionGoal.rejected(id, n, n == 1
                    ? "Remaining queue capacity (" + remaining + ") is not enough for the requested 1 motion primitive."
                    : "Remaining queue capacity (" + remaining + ") is not enough for the requested " + n
                            + " motion primitives (+ start and stop marker).");
        }
        MotionGoal goal = MotionGoal.accepted(id, n, cancel, feedback);
        if (n > 1) {
            queue.push(PrimitiveRows.marker(MotionInterfaces.MOTION_SEQUENCE_START));
        }
        for (MotionPrimitive p : motions) {
            queue.push(PrimitiveRows.row(p));
        }
        if (n > 1) {
            queue.push(PrimitiveRows.marker(MotionInterfaces.MOTION_SEQUENCE_END));
        }
        active.set(goal);
        return goal;
    }

    @Override
    public Optional<MotionGoalHandle> activeGoal() {
        return Optional.ofNullable(active.get());
    }

    @Override
    public Optional<String> lastError() {
        return lastError.get();
    }

    @Override
    public String toString() {
        return "ExecuteMotionPrimitiveSequence[" + name + "]";
    }
}
