package org.robocell.manager.internal;

import java.lang.System.Logger.Level;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

import org.robocell.api.cell.Reason;
import org.robocell.api.cell.SwitchResult;

/**
 * The one commit in flight between the manager and the loop: hands a {@link Commit} to the loop on the current plan,
 * lets the next operation in only once it has been answered ({@link #lockSettled}), and off the loop turns what the
 * loop recorded into the requester's answer, or times the commit out when the loop did not take it.
 */
final class CommitTracker {

    private static final System.Logger LOG = System.getLogger("org.robocell.manager");
    /** How long an operation waits for the commit before it, and the bound of a wait for a cycle boundary. */
    private static final long SETTLE_NANOS = 30_000_000_000L;

    private final ManagerState state;
    private volatile Commit inFlight;

    CommitTracker(ManagerState state) {
        this.state = state;
    }

    /** Under the lock: hands the commit to the loop with the current plan. */
    void submit(Commit c) {
        inFlight = c;
        state.loop.handOver(state.lastPlan.withCommit(c));
    }

    /** How long a commit waits on the wall clock when the loop is not cycling. */
    long wallBound(int cycles) {
        return Math.max(1_000_000_000L, 2L * cycles * state.loop.periodNanos());
    }

    /** Takes the operation lock once no commit is in flight (waiting for it, bounded). */
    void lockSettled() {
        long deadline = state.ticker.getAsLong() + SETTLE_NANOS;
        long realDeadline = System.nanoTime() + SETTLE_NANOS;
        while (true) {
            state.opLock.lock();
            Commit c = inFlight;
            if (c != null && c.future.isDone() && state.opLock.getHoldCount() == 1) {
                // answered: let go of it, so the controllers it switched (and their bundles' code) can be collected
                inFlight = null;
                c = null;
            }
            if (c == null || c.future.isDone() || state.opLock.getHoldCount() > 1) {
                return;
            }
            state.opLock.unlock();
            service();
            if (state.ticker.getAsLong() - deadline > 0 || System.nanoTime() - realDeadline > 0) {
                // give up waiting for the loop: fail the commit if it is still waiting
                if (state.loop.withdraw(c)) {
                    c.future.complete(SwitchResult.failed(Reason.TIMED_OUT,
                            "Switch controller timed out: the loop is not running"));
                }
            }
            if (!c.future.isDone()) {
                LockSupport.parkNanos(100_000);
            }
        }
    }

    void unlock() {
        state.opLock.unlock();
    }

    /**
     * Off the loop: completes a committed request, times out one the loop did not take. Allocates nothing when there
     * is nothing to do.
     */
    void service() {
        Commit c = inFlight;
        if (c == null || c.future.isDone()) {
            return;
        }
        if (c.done) {
            SwitchResult r = SwitchAnswers.of(c);
            if (!r.ok()) {
                LOG.log(Level.DEBUG, "robot {0}: {1}", state.robot(), r.message());
            }
            c.future.complete(r);
        } else if (!c.taken && timedOut(c) && state.loop.withdraw(c)) {
            String how = state.running && state.loop.cycles() > c.requestCycle
                    ? "Switch controller timed out after " + (state.loop.cycles() - c.requestCycle) + " cycles"
                    : "Switch controller timed out: the loop is not running";
            c.future.complete(SwitchResult.failed(Reason.TIMED_OUT, how));
        }
    }

    private boolean timedOut(Commit c) {
        return state.loop.cycles() - c.requestCycle >= c.timeoutCycles
                || state.ticker.getAsLong() - c.requestNanos >= c.wallBoundNanos;
    }

    /**
     * Waits for an answer, running {@code service} meanwhile: when no loop or service thread is cycling, the timeouts
     * still fire and the caller gets "timed out" instead of waiting forever.
     */
    <T> T await(CompletionStage<T> stage, Runnable service) {
        CompletableFuture<T> f = stage.toCompletableFuture();
        while (!f.isDone()) {
            service.run();
            try {
                return f.get(10, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // keep servicing
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for robot '" + state.robot() + "'", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
        return f.join();
    }
}
