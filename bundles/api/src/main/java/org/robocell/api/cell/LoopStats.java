package org.robocell.api.cell;

/**
 * Statistics of one control loop, recorded without allocation on the loop and copied off it. Durations are in
 * nanoseconds; percentiles cover the cycles since the loop started or since the last {@code resetStats()}.
 *
 * @param robot             the robot the loop drives
 * @param clock             who owns the cycle
 * @param rate              the configured rate in Hz
 * @param running           whether the loop is cycling (a loop thread runs, or a test steps it)
 * @param cycles            cycles completed since the loop started
 * @param overruns          cycles whose execution took longer than the period (internal clock: deadlines missed)
 * @param period            time from one cycle's start to the next
 * @param execution         time from the start of a cycle to the end of its writes
 * @param lateness          how late the loop woke after its deadline (internal clock; zero for the others)
 * @param controllerErrors  controller updates that answered ERROR or threw
 * @param hardwareErrors    hardware reads or writes that answered ERROR/DEACTIVATE or threw
 * @param clampedCommands   command values the limit enforcement clamped to min/max
 * @param nonFiniteCommands NaN or infinite command values replaced before they reached a driver
 * @param switches          switches committed at a cycle boundary
 * @param lastError         the last error the loop caught, or null
 */
public record LoopStats(String robot, ClockKind clock, int rate, boolean running, long cycles, long overruns,
        Percentiles period, Percentiles execution, Percentiles lateness, long controllerErrors, long hardwareErrors,
        long clampedCommands, long nonFiniteCommands, long switches, String lastError) {

    /** A distribution of durations in nanoseconds. */
    public record Percentiles(long count, long p50, long p99, long p999, long max, double mean) {

        public static final Percentiles EMPTY = new Percentiles(0, 0, 0, 0, 0, 0.0);
    }
}
