package org.robocell.jitter;

import org.HdrHistogram.Histogram;
import org.robocell.manager.DeadlineSchedule;
import org.robocell.manager.IdleStrategy;

/**
 * Several loops of the same rate on <b>one</b> thread: loop {@code k}'s deadlines are {@code k × period / n} after
 * loop 0's, and the thread waits (with the {@link IdleStrategy}) for whichever deadline comes next, runs that loop's
 * body and records its lateness. One thread waits, parks and spins for all of them instead of one per loop: with
 * {@link IdleStrategy#SLEEP_THEN_SPIN} and n loops on their own threads, n threads spin near their deadlines; here
 * one does. Each loop keeps its own {@link DeadlineSchedule} (its own re-phasing) and its own histograms.
 * <p>
 * Only for loops whose cycle never blocks (internal clock, a driver that does not wait for a packet in read): a
 * cycle that waited would make every other loop of the group late. Per cycle it allocates nothing.
 *
 * @since 2.1
 */
public final class PhasedLoopGroup {

    private static final long HIGHEST = 10_000_000_000L;

    private final long period;
    private final IdleStrategy idle;
    private final PeriodicLoop.Body[] bodies;
    private final DeadlineSchedule[] schedules;
    private final Histogram[] lateness;
    private final Histogram[] execution;
    private final long[] cycles;
    private final long[] overruns;
    private volatile boolean stop;
    private long allocatedAtRecordStart = -1;
    private long allocatedAtEnd = -1;
    private long recordedCycles;

    public PhasedLoopGroup(long periodNanos, IdleStrategy idle, PeriodicLoop.Body... bodies) {
        if (periodNanos <= 0) {
            throw new IllegalArgumentException("period must be positive, got " + periodNanos + " ns");
        }
        if (bodies.length == 0) {
            throw new IllegalArgumentException("a group needs at least one loop");
        }
        this.period = periodNanos;
        this.idle = idle == null ? IdleStrategy.SLEEP_THEN_SPIN : idle;
        this.bodies = bodies.clone();
        int n = bodies.length;
        schedules = new DeadlineSchedule[n];
        lateness = new Histogram[n];
        execution = new Histogram[n];
        cycles = new long[n];
        overruns = new long[n];
        for (int k = 0; k < n; k++) {
            schedules[k] = new DeadlineSchedule(period);
            lateness[k] = new Histogram(1, HIGHEST, 3);
            execution[k] = new Histogram(1, HIGHEST, 3);
        }
    }

    /** The offset of loop {@code k}'s deadlines after loop 0's: its share of the period. */
    public long phase(int k) {
        return k * period / bodies.length;
    }

    /**
     * Runs on the calling thread from {@code firstDeadline} (loop 0's); cycles whose deadline is before
     * {@code recordFrom} are not recorded; returns once every loop's next deadline is at or after {@code end}.
     */
    public void run(long firstDeadline, long recordFrom, long end) {
        int n = bodies.length;
        for (int k = 0; k < n; k++) {
            schedules[k].start(firstDeadline + phase(k));
        }
        boolean recording = false;
        while (!stop) {
            int k = earliest();
            long next = schedules[k].next();
            if (next - end >= 0) {
                break;
            }
            boolean record = next - recordFrom >= 0;
            if (record && !recording) {
                recording = true;
                allocatedAtRecordStart = ThreadAllocation.bytes();
            }
            long now = idle.idleUntil(next);
            long late = now - next;
            bodies[k].cycle(now);
            long after = System.nanoTime();
            if (record) {
                long exec = after - now;
                lateness[k].recordValue(clamp(late));
                execution[k].recordValue(clamp(exec));
                if (DeadlineSchedule.isOverrun(late, exec, period)) {
                    overruns[k]++;
                }
                cycles[k]++;
                recordedCycles++;
            }
            schedules[k].advance(after);
        }
        allocatedAtEnd = recording ? ThreadAllocation.bytes() : -1;
    }

    /** The loop whose deadline comes first (the lowest index on a tie); a scan, no allocation. */
    private int earliest() {
        int best = 0;
        long bestNext = schedules[0].next();
        for (int k = 1; k < schedules.length; k++) {
            long next = schedules[k].next();
            if (next - bestNext < 0) {
                best = k;
                bestNext = next;
            }
        }
        return best;
    }

    private static long clamp(long v) {
        return v < 0 ? 0 : Math.min(v, HIGHEST);
    }

    /** Asks a running group to return after its current cycle. */
    public void stop() {
        stop = true;
    }

    public int size() {
        return bodies.length;
    }

    /** Read after {@link #run} returned. */
    public Histogram lateness(int k) {
        return lateness[k];
    }

    /** Read after {@link #run} returned. */
    public Histogram execution(int k) {
        return execution[k];
    }

    public long cycles(int k) {
        return cycles[k];
    }

    public long overruns(int k) {
        return overruns[k];
    }

    public long rephases(int k) {
        return schedules[k].rephases();
    }

    /** Bytes the thread allocated per recorded cycle (all loops together); -1 when unknown or nothing recorded. */
    public double allocatedBytesPerCycle() {
        if (allocatedAtRecordStart < 0 || allocatedAtEnd < 0 || recordedCycles == 0) {
            return -1;
        }
        return (double) (allocatedAtEnd - allocatedAtRecordStart) / recordedCycles;
    }
}
