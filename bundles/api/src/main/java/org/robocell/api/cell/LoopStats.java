package org.robocell.api.cell;

/**
 * Statistics of one control loop, recorded without allocation on the loop and copied off it. Durations are in
 * nanoseconds; percentiles and counts cover the cycles since the loop started or since the last
 * {@code resetStats()}, except {@code cycles}, which numbers the cycles and is never reset.
 *
 * @param robot             the robot the loop drives
 * @param clock             who owns the cycle
 * @param rate              the configured rate in Hz
 * @param running           whether the loop is cycling (a loop thread runs, or a test steps it)
 * @param cycles            cycles completed since the loop started
 * @param overruns          cycles whose work ended after the next cycle's deadline: wake-up lateness plus execution
 *                          longer than the period
 * @param period            time from one cycle's start to the next
 * @param execution         the cycle's own work: from its start to the end of its writes, without the time its reads
 *                          waited for the robot
 * @param lateness          how late the loop woke after its deadline (internal clock; zero for the others)
 * @param controllerErrors  controller updates that answered ERROR or threw
 * @param hardwareErrors    hardware reads or writes that answered ERROR/DEACTIVATE or threw
 * @param clampedCommands   command values the limit enforcement clamped to min/max
 * @param nonFiniteCommands NaN or infinite command values replaced before they reached a driver
 * @param switches          switches committed at a cycle boundary
 * @param lastError         the last error the loop caught, or null
 * @param robotWait         hardware clock: how long each cycle's reads waited for the robot's packet (since 1.4)
 * @param loopGroup         the loop group whose one thread runs this loop's cycles with other robots', or empty when
 *                          the loop has a thread of its own (since 1.8)
 */
public record LoopStats(String robot, ClockKind clock, int rate, boolean running, long cycles, long overruns,
        Percentiles period, Percentiles execution, Percentiles lateness, long controllerErrors, long hardwareErrors,
        long clampedCommands, long nonFiniteCommands, long switches, String lastError, Percentiles robotWait,
        String loopGroup) {

    public LoopStats {
        robotWait = robotWait == null ? Percentiles.EMPTY : robotWait;
        loopGroup = loopGroup == null ? "" : loopGroup;
    }

    /** Statistics of a loop on a thread of its own. */
    public LoopStats(String robot, ClockKind clock, int rate, boolean running, long cycles, long overruns,
            Percentiles period, Percentiles execution, Percentiles lateness, long controllerErrors,
            long hardwareErrors, long clampedCommands, long nonFiniteCommands, long switches, String lastError,
            Percentiles robotWait) {
        this(robot, clock, rate, running, cycles, overruns, period, execution, lateness, controllerErrors,
                hardwareErrors, clampedCommands, nonFiniteCommands, switches, lastError, robotWait, "");
    }

    /** Statistics of a loop whose robot owns no cycle (no wait for it). */
    public LoopStats(String robot, ClockKind clock, int rate, boolean running, long cycles, long overruns,
            Percentiles period, Percentiles execution, Percentiles lateness, long controllerErrors,
            long hardwareErrors, long clampedCommands, long nonFiniteCommands, long switches, String lastError) {
        this(robot, clock, rate, running, cycles, overruns, period, execution, lateness, controllerErrors,
                hardwareErrors, clampedCommands, nonFiniteCommands, switches, lastError, Percentiles.EMPTY);
    }

    /** A distribution of durations in nanoseconds. */
    public record Percentiles(long count, long p50, long p99, long p999, long max, double mean) {

        public static final Percentiles EMPTY = new Percentiles(0, 0, 0, 0, 0, 0.0);
    }
}
