package org.robocell.manager.internal;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;
import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.LoopStats;
import org.robocell.manager.DeadlineSchedule;

/**
 * Cycle statistics. The loop records into HdrHistogram {@link SingleWriterRecorder}s (wait-free, no allocation)
 * and bumps volatile counters it alone writes; readers take interval histograms off the loop and add them up.
 */
final class LoopStatistics {

    /** Durations above 10 s are recorded as 10 s. */
    private static final long HIGHEST = 10_000_000_000L;

    private final SingleWriterRecorder period = new SingleWriterRecorder(1, HIGHEST, 2);
    private final SingleWriterRecorder execution = new SingleWriterRecorder(1, HIGHEST, 2);
    private final SingleWriterRecorder lateness = new SingleWriterRecorder(1, HIGHEST, 2);
    private final SingleWriterRecorder robotWait = new SingleWriterRecorder(1, HIGHEST, 2);
    private final long periodNanos;
    private Histogram periodSum;
    private Histogram executionSum;
    private Histogram latenessSum;
    private Histogram robotWaitSum;
    private Histogram periodInterval;
    private Histogram executionInterval;
    private Histogram latenessInterval;
    private Histogram robotWaitInterval;

    volatile long cycles;
    /** The loop group running this loop's cycles, empty: a thread of its own (set by the loop runner). */
    volatile String loopGroup = "";
    volatile long overruns;
    volatile long controllerErrors;
    volatile long hardwareErrors;
    volatile long switches;
    volatile long loopErrors;
    volatile Throwable lastThrowable;
    /** The controller or hardware component the last error came from (formatted off the loop). */
    volatile Object lastErrorSource;
    private volatile String lastError;

    /**
     * The counters' values at the last reset: the loop alone writes the counters, so a reset off the loop does not
     * write them (it would lose the loop's increments) but remembers where they stood; snapshots count from there.
     */
    private long overrunsAtReset;
    private long switchesAtReset;
    private long controllerErrorsAtReset;
    private long hardwareErrorsAtReset;
    private long clampedAtReset;
    private long nonFiniteAtReset;

    LoopStatistics(long periodNanos) {
        this.periodNanos = periodNanos;
        resetHistograms();
    }

    /**
     * Real time: one cycle.
     *
     * @param executionNanos the cycle's own work: from its start to the end of its writes, without the wait for the
     *                       robot's packet
     * @param waitNanos      how long reads that wait for the robot blocked (hardware clock), else 0
     */
    void record(long cyclePeriod, long executionNanos, long latenessNanos, long waitNanos) {
        period.recordValue(clamp(cyclePeriod));
        execution.recordValue(clamp(executionNanos));
        lateness.recordValue(clamp(latenessNanos));
        if (waitNanos > 0) {
            robotWait.recordValue(clamp(waitNanos));
        }
        if (DeadlineSchedule.isOverrun(latenessNanos, executionNanos, periodNanos)) {
            overruns++;
        }
        cycles++;
    }

    private static long clamp(long v) {
        return v < 0 ? 0 : v > HIGHEST ? HIGHEST : v;
    }

    /** Real time: an error caught on the loop, from a controller or component (or null for the loop itself). */
    void error(Object source, Throwable t) {
        lastErrorSource = source;
        lastThrowable = t;
    }

    /**
     * Off the loop: every figure a snapshot shows starts afresh (percentiles, overruns, switches, errors, limited
     * commands, the last error), except the cycle counter, which numbers the cycles.
     *
     * @param clamped   the hardware's clamped-command count now
     * @param nonFinite the hardware's replaced non-finite command count now
     */
    synchronized void reset(long clamped, long nonFinite) {
        resetHistograms();
        overrunsAtReset = overruns;
        switchesAtReset = switches;
        controllerErrorsAtReset = controllerErrors;
        hardwareErrorsAtReset = hardwareErrors;
        clampedAtReset = clamped;
        nonFiniteAtReset = nonFinite;
        lastError();
        lastError = null;
    }

    synchronized void resetHistograms() {
        periodInterval = period.getIntervalHistogram(periodInterval);
        executionInterval = execution.getIntervalHistogram(executionInterval);
        latenessInterval = lateness.getIntervalHistogram(latenessInterval);
        robotWaitInterval = robotWait.getIntervalHistogram(robotWaitInterval);
        periodSum = new Histogram(1, HIGHEST, 2);
        executionSum = new Histogram(1, HIGHEST, 2);
        latenessSum = new Histogram(1, HIGHEST, 2);
        robotWaitSum = new Histogram(1, HIGHEST, 2);
    }

    synchronized LoopStats snapshot(String robot, ClockKind clock, int rate, boolean running, long clamped,
            long nonFinite) {
        periodInterval = period.getIntervalHistogram(periodInterval);
        executionInterval = execution.getIntervalHistogram(executionInterval);
        latenessInterval = lateness.getIntervalHistogram(latenessInterval);
        robotWaitInterval = robotWait.getIntervalHistogram(robotWaitInterval);
        periodSum.add(periodInterval);
        executionSum.add(executionInterval);
        latenessSum.add(latenessInterval);
        robotWaitSum.add(robotWaitInterval);
        return new LoopStats(robot, clock, rate, running, cycles, overruns - overrunsAtReset, percentiles(periodSum),
                percentiles(executionSum), percentiles(latenessSum), controllerErrors - controllerErrorsAtReset,
                hardwareErrors - hardwareErrorsAtReset, clamped - clampedAtReset, nonFinite - nonFiniteAtReset,
                switches - switchesAtReset, lastError(), percentiles(robotWaitSum), loopGroup);
    }

    String lastError() {
        Throwable t = lastThrowable;
        Object src = lastErrorSource;
        if (t != null || src != null) {
            lastThrowable = null;
            lastErrorSource = null;
            String who = src instanceof org.robocell.resources.internal.ManagedHardware hw ? "hardware component '" + hw.name() + "'"
                    : src instanceof ManagedController mc ? "controller '" + mc.name + "'" : "the loop";
            lastError = t != null ? who + " threw " + t : who + " answered ERROR";
        }
        return lastError;
    }

    private static LoopStats.Percentiles percentiles(Histogram h) {
        if (h.getTotalCount() == 0) {
            return LoopStats.Percentiles.EMPTY;
        }
        return new LoopStats.Percentiles(h.getTotalCount(), h.getValueAtPercentile(50), h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9), h.getMaxValue(), h.getMean());
    }
}
