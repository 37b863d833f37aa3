package org.robocell.controller.motion.internal;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.robocell.motion.MotionPlanner;
import org.robocell.motion.Plan;
import org.robocell.motion.PlanningException;
import org.robocell.motion.Primitive;

/**
 * Plans the primitives the executor received on its reference interfaces, off the loop: the loop fills the
 * preallocated rows, {@link #request}s (a volatile write and an unpark: no allocation), and later takes the
 * {@link Result} from one atomic reference. A request carries a generation: a result of an older one (the robot was
 * stopped meanwhile) is ignored by the loop.
 */
final class PlanningWorker {

    /** A sequence of up to the forward controller's queue size. */
    static final int MAX_ROWS = PrimitiveQueue.CAPACITY;

    /** What planning a request gave: a plan, or why there is none. */
    record Result(long generation, Plan plan, String error) {
    }

    final double[][] rows;
    private final double[] start;
    private final MotionPlanner planner;
    private final AtomicReference<Result> result = new AtomicReference<>();
    private final Thread thread;
    private volatile long requested;
    private volatile boolean busy;
    private volatile boolean closed;
    private int count;
    private long handled;

    PlanningWorker(String name, MotionPlanner planner, int dof) {
        this.planner = planner;
        this.rows = new double[MAX_ROWS][org.robocell.api.motion.MotionInterfaces.COMMANDS.size()];
        this.start = new double[dof];
        this.thread = new Thread(this::run, "robocell-motion-planner-" + name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Loop: plan {@code rowCount} rows from {@code from} (joint positions) as request {@code generation}. */
    void request(int rowCount, double[] from, long generation) {
        busy = true;
        count = rowCount;
        System.arraycopy(from, 0, start, 0, start.length);
        requested = generation;
        LockSupport.unpark(thread);
    }

    /** Loop: the newest result, once. */
    Result take() {
        return result.getAndSet(null);
    }

    /** Whether the rows are still being read: the loop must not collect new ones meanwhile. */
    boolean busy() {
        return busy;
    }

    void close() {
        closed = true;
        LockSupport.unpark(thread);
    }

    private void run() {
        while (!closed) {
            long r = requested;
            if (r == handled) {
                LockSupport.parkNanos(50_000_000L);
                continue;
            }
            handled = r;
            Result out;
            try {
                List<Primitive> primitives = RowDecoder.fromRows(rows, count, start.length);
                Plan plan;
                synchronized (planner) {
                    plan = planner.plan(start.clone(), primitives);
                }
                out = new Result(r, plan, null);
            } catch (PlanningException | IllegalArgumentException e) {
                out = new Result(r, null, e.getMessage());
            } catch (RuntimeException e) {
                out = new Result(r, null, "planning failed: " + e);
            }
            result.set(out);
            busy = false;
        }
    }
}
