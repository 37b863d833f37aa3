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
import org.robocell.api.motion.MotionPrimitive;
import org.robocell.motion.MotionPlanner;
import org.robocell.motion.Plan;
import org.robocell.motion.PlanningException;

/**
 * The executor's own goal input ({@code <executor>/motion_sequence}), used when no controller is chained to it: the
 * goal is checked with the forward controller's rules (joint positions: exactly the robot's joints), planned on the
 * submitting thread from where the robot is held, and the plan handed to the loop through one atomic reference. A
 * primitive the planner refuses rejects the goal before any motion, with the planner's words.
 */
final class ExecutorGoalServer implements ExecuteMotionPrimitiveSequence {

    /** A planned goal on its way to the loop. */
    record Pending(MotionGoal goal, Plan plan) {
    }

    private final String name;
    private final MotionPlanner planner;
    private final int dof;
    private final AtomicReference<Pending> pending;
    private final AtomicReference<MotionGoal> active;
    private final BooleanSupplier running;
    private final BooleanSupplier chained;
    private final BooleanSupplier idle;
    private final Supplier<double[]> hold;
    private final Runnable cancel;
    private final Supplier<Optional<MotionFeedback>> feedback;
    private final Supplier<Optional<String>> lastError;
    private final AtomicLong ids = new AtomicLong();

    ExecutorGoalServer(String name, MotionPlanner planner, AtomicReference<Pending> pending,
            AtomicReference<MotionGoal> active, BooleanSupplier running, BooleanSupplier chained, BooleanSupplier idle,
            Supplier<double[]> hold, Runnable cancel, Supplier<Optional<MotionFeedback>> feedback,
            Supplier<Optional<String>> lastError) {
        this.name = name;
        this.planner = planner;
        this.dof = planner.jointNames().size();
        this.pending = pending;
        this.active = active;
        this.running = running;
        this.chained = chained;
        this.idle = idle;
        this.hold = hold;
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
            return MotionGoal.rejected(id, n, ForwardGoalServer.NOT_RUNNING);
        }
        if (chained.getAsBoolean()) {
            return MotionGoal.rejected(id, n, "This executor is chained: a preceding controller writes its"
                    + " motion_primitive references; send goals to that controller.");
        }
        if (active.get() != null || pending.get() != null) {
            return MotionGoal.rejected(id, n, ForwardGoalServer.BUSY);
        }
        if (!idle.getAsBoolean()) {
            return MotionGoal.rejected(id, n, "The executor is not ready for new primitives (it is stopping or"
                    + " executing primitives from its references).");
        }
        String invalid = PrimitiveRows.invalid(motions, dof);
        if (invalid == null) {
            for (int i = 0; i < n; i++) {
                MotionPrimitive m = motions.get(i);
                if (m.type() == org.robocell.api.motion.MotionInterfaces.LINEAR_JOINT
                        && m.jointPositions().length != dof) {
                    invalid = "Primitive " + i + " invalid: LINEAR_JOINT has " + m.jointPositions().length
                            + " joint positions; the robot has " + dof + " joints " + planner.jointNames() + ".";
                    break;
                }
            }
        }
        if (invalid != null) {
            return MotionGoal.rejected(id, n, invalid);
        }
        Plan plan;
        try {
            synchronized (planner) {
                plan = planner.plan(hold.get(), RowDecoder.fromGoal(motions));
            }
        } catch (PlanningException e) {
            return MotionGoal.rejected(id, n, e.getMessage());
        }
        MotionGoal goal = MotionGoal.accepted(id, n, cancel, feedback);
        active.set(goal);
        pending.set(new Pending(goal, plan));
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
