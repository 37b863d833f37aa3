package org.robocell.jitter;

import org.HdrHistogram.Histogram;
import org.robocell.manager.DeadlineSchedule;
import org.robocell.manager.IdleStrategy;

/**
 * A loop to absolute deadlines with the very code of the manager's internal clock ({@code LoopRunner}): the
 * {@link IdleStrategy} waits for the {@link DeadlineSchedule}'s next deadline, the body runs, the schedule advances
 * (re-phasing instead of bursting when more than a period behind). Both loops of a harness run this very class; only
 * the body differs, so the difference between them is the framework's cost.
 * <p>
 * Per cycle it records, without allocating, the wake-up lateness (woke − deadline) and the execution time (body
 * start → body end) into HdrHistograms (1 ns .. 10 s, 3 significant digits), and counts overruns: cycles that ended
 * after the next cycle's deadline ({@link DeadlineSchedule#isOverrun}: the runtime's own definition), i.e. a write that
 * came too late.
 */
public final class PeriodicLoop {

    /** One cycle's work; {@code nowNanos} is the wake-up time ({@link System#nanoTime()}). */
    @FunctionalInterface
    public interface Body {
        void cycle(long nowNanos);
    }

    private static final long HIGHEST = 10_000_000_000L;

    private final long period;
    private final IdleStrategy idle;
    private final Body body;
    private final Histogram lateness = new Histogram(1, HIGHEST, 3);
    private final Histogram execution = new Histogram(1, HIGHEST, 3);
    private volatile boolean stop;
    private long cycles;
    private long overruns;
    private long rephases;
    private long allocatedAtRecordStart = -1;
    private long allocatedAtEnd = -1;

    public PeriodicLoop(long periodNanos, IdleStrategy idle, Body body) {
        if (periodNanos <= 0) {
            throw new IllegalArgumentException("period must be positive, got " + periodNanos + " ns");
        }
        this.period = periodNanos;
        this.idle = idle == null ? IdleStrategy.SLEEP_THEN_SPIN : idle;
        this.body = body;
    }

    /**
     * Runs on the calling thread: cycles from {@code firstDeadline}; cycles whose deadline is before
     * {@code recordFrom} are not recorded (warm-up); returns at the first deadline at or after {@code end}.
     */
    public void run(long firstDeadline, long recordFrom, long end) {
        DeadlineSchedule schedule = new DeadlineSchedule(period);
        schedule.start(firstDeadline);
        boolean recording = false;
        while (!stop && schedule.next() - end < 0) {
            long next = schedule.next();
            if (!recording && next - recordFrom >= 0) {
                recording = true;
                allocatedAtRecordStart = ThreadAllocation.bytes();
            }
            long now = idle.idleUntil(next);
            long late = now - next;
            body.cycle(now);
            long after = System.nanoTime();
            if (next - recordFrom >= 0) {
                long exec = after - now;
                lateness.recordValue(clamp(late));
                execution.recordValue(clamp(exec));
                if (DeadlineSchedule.isOverrun(late, exec, period)) {
                    overruns++;
                }
                cycles++;
            }
            if (schedule.advance(after)) {
                rephases++;
            }
        }
        allocatedAtEnd = recording ? ThreadAllocation.bytes() : -1;
    }

    /**
     * Bytes the loop thread allocated per recorded cycle (body, timing and recording), from HotSpot's per-thread
     * counter; -1 when the JVM does not say or nothing was recorded.
     */
    public double allocatedBytesPerCycle() {
        if (allocatedAtRecordStart < 0 || allocatedAtEnd < 0 || cycles == 0) {
            return -1;
        }
        return (double) (allocatedAtEnd - allocatedAtRecordStart) / cycles;
    }

    /** Asks a running loop to return after its current cycle. */
    public void stop() {
        stop = true;
    }

    private static long clamp(long v) {
        return v < 0 ? 0 : Math.min(v, HIGHEST);
    }

    /** Read after {@link #run} returned. */
    public Histogram lateness() {
        return lateness;
    }

    /** Read after {@link #run} returned. */
    public Histogram execution() {
        return execution;
    }

    public long cycles() {
        return cycles;
    }

    public long overruns() {
        return overruns;
    }

    public long rephases() {
        return rephases;
    }

    public long periodNanos() {
        return period;
    }
}
