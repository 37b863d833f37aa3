package org.robocell.api.io;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * A latest-value mailbox of doubles from any thread to the control loop. Writers offer a new command (copied, so
 * the caller may reuse its array); the loop polls the newest one without blocking or allocating. Commands the loop
 * has not polled yet are replaced, never queued: a controller always acts on the newest command.
 */
public final class CommandInput implements Channel {

    private final String name;
    private final Predicate<double[]> acceptance;
    private final AtomicReference<double[]> latest = new AtomicReference<>();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();

    /** A mailbox that accepts every command. */
    public CommandInput(String name) {
        this(name, values -> true);
    }

    /** A mailbox that drops (and counts) commands for which {@code acceptance} answers false. */
    public CommandInput(String name, Predicate<double[]> acceptance) {
        this.name = Objects.requireNonNull(name, "name");
        this.acceptance = Objects.requireNonNull(acceptance, "acceptance");
    }

    /** A mailbox that drops commands holding NaN or an infinity. */
    public static CommandInput finiteOnly(String name) {
        return new CommandInput(name, CommandInput::allFinite);
    }

    public static boolean allFinite(double[] values) {
        for (double v : values) {
            if (!Double.isFinite(v)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String name() {
        return name;
    }

    /** Any thread: hands over a copy of {@code values}; false when the command was dropped. */
    public boolean offer(double... values) {
        double[] copy = Arrays.copyOf(values, values.length);
        if (!acceptance.test(copy)) {
            rejected.incrementAndGet();
            return false;
        }
        latest.set(copy);
        accepted.incrementAndGet();
        return true;
    }

    /** Loop: the newest command offered since the previous poll, or null. The array must not be modified. */
    public double[] poll() {
        return latest.getAndSet(null);
    }

    /** Forgets a command not yet polled, e.g. on activation so that a stale command does not move the robot. */
    public void clear() {
        latest.set(null);
    }

    public long acceptedCount() {
        return accepted.get();
    }

    public long rejectedCount() {
        return rejected.get();
    }

    @Override
    public String toString() {
        return "CommandInput[" + name + "]";
    }
}
