package org.robocell.controller.common;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/** Waiting for an action goal's result (a trajectory, a gripper command) off the control loop, by polling each ms. */
public final class GoalWait {

    private GoalWait() {
    }

    /**
     * Polls {@code result} every millisecond until it is present and returns it.
     *
     * @param what   the goal, for the timeout's message ({@code "goal 3"})
     * @param status the goal's status now, for the timeout's message
     * @throws TimeoutException     when no result is there after {@code timeout}: "{@code <what> still <status> after
     *                              <timeout>}"
     * @throws InterruptedException when the waiting thread is interrupted
     */
    public static <R> R awaitResult(Supplier<Optional<R>> result, Supplier<?> status, Duration timeout, String what)
            throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<R> r = result.get();
            if (r.isPresent()) {
                return r.get();
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new TimeoutException(what + " still " + status.get() + " after " + timeout);
            }
            LockSupport.parkNanos(1_000_000L);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }
}
