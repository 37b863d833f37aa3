package org.robocell.manager;

import java.util.List;

import org.robocell.api.cell.ClockKind;

/**
 * How one robot loop runs.
 * <p>
 * The real-time settings are applied by the loop thread itself when it starts, before its first cycle, through
 * {@link org.robocell.manager.realtime.RealTime}; a setting that cannot be applied (no permission, no JNA, a CPU
 * that is not there) is logged once and the loop runs without it. A stepped loop has no thread and ignores them.
 *
 * @param robot                              the robot's name (the {@code robocell.robot} service property)
 * @param rate                               loop rate in Hz
 * @param clock                              who owns the cycle
 * @param idle                               how the internal clock waits
 * @param slotCapacity                       interface slots of the loop (hardware and controller interfaces)
 * @param allowActivationOnInactiveHardware  whether controllers may be activated on INACTIVE hardware (KUKA-style
 *                                           cells activate controllers before the hardware)
 * @param defaultSwitchTimeoutCycles         cycles a switch may wait for the loop when the caller gives none
 * @param threadPriority                     SCHED_FIFO priority of the loop thread, 1..99; 0 leaves the scheduler
 *                                           alone (since 1.2)
 * @param cpuAffinity                        CPUs the loop thread is pinned to; empty: any CPU (since 1.2)
 * @param lockMemory                         mlockall (current and future pages) when the loop thread starts
 *                                           (since 1.2)
 * @param executionBudgetNanos               how long one controller update, or one hardware read or write, may
 *                                           take; 0 or less: one loop period (since 2.0)
 * @param budgetOverruns                     overruns of the budget in a row after which the controller or
 *                                           component is taken out as failed; 0 or less: 3 (since 2.0)
 * @param loopGroup                          the loop group whose one thread runs this loop's cycles with those of the
 *                                           other robots of the group (internal clock, same rate); empty: a loop
 *                                           thread of its own. The first robot of a group sets its idle strategy and
 *                                           real-time settings (since 2.3)
 */
public record LoopConfig(String robot, int rate, ClockKind clock, IdleStrategy idle, int slotCapacity,
        boolean allowActivationOnInactiveHardware, int defaultSwitchTimeoutCycles, int threadPriority,
        List<Integer> cpuAffinity, boolean lockMemory, long executionBudgetNanos, int budgetOverruns,
        String loopGroup) {

    /** Overruns in a row that take a controller or component out when the configuration gives no number. */
    public static final int DEFAULT_BUDGET_OVERRUNS = 3;

    /** A loop on a thread of its own. */
    public LoopConfig(String robot, int rate, ClockKind clock, IdleStrategy idle, int slotCapacity,
            boolean allowActivationOnInactiveHardware, int defaultSwitchTimeoutCycles, int threadPriority,
            List<Integer> cpuAffinity, boolean lockMemory, long executionBudgetNanos, int budgetOverruns) {
        this(robot, rate, clock, idle, slotCapacity, allowActivationOnInactiveHardware, defaultSwitchTimeoutCycles,
                threadPriority, cpuAffinity, lockMemory, executionBudgetNanos, budgetOverruns, "");
    }

    /** A loop with the scheduler, CPUs and memory left alone. */
    public LoopConfig(String robot, int rate, ClockKind clock, IdleStrategy idle, int slotCapacity,
            boolean allowActivationOnInactiveHardware, int defaultSwitchTimeoutCycles) {
        this(robot, rate, clock, idle, slotCapacity, allowActivationOnInactiveHardware, defaultSwitchTimeoutCycles, 0,
                List.of(), false, 0, 0);
    }

    /** A loop with the default execution budget. */
    public LoopConfig(String robot, int rate, ClockKind clock, IdleStrategy idle, int slotCapacity,
            boolean allowActivationOnInactiveHardware, int defaultSwitchTimeoutCycles, int threadPriority,
            List<Integer> cpuAffinity, boolean lockMemory) {
        this(robot, rate, clock, idle, slotCapacity, allowActivationOnInactiveHardware, defaultSwitchTimeoutCycles,
                threadPriority, cpuAffinity, lockMemory, 0, 0);
    }

    public LoopConfig {
        if (robot == null || robot.isBlank()) {
            throw new IllegalArgumentException("a robot loop needs a robot name");
        }
        if (rate <= 0 || rate > 1_000_000) {
            throw new IllegalArgumentException("robot '" + robot + "': rate must be 1..1000000 Hz, got " + rate);
        }
        if (slotCapacity <= 0) {
            throw new IllegalArgumentException("robot '" + robot + "': slot capacity must be positive, got " + slotCapacity);
        }
        clock = clock == null ? ClockKind.INTERNAL : clock;
        idle = idle == null ? IdleStrategy.SLEEP_THEN_SPIN : idle;
        if (defaultSwitchTimeoutCycles <= 0) {
            defaultSwitchTimeoutCycles = rate;
        }
        if (threadPriority < 0 || threadPriority > 99) {
            throw new IllegalArgumentException("robot '" + robot + "': thread priority must be 0 (default scheduling)"
                    + " or a SCHED_FIFO priority 1..99, got " + threadPriority);
        }
        if (executionBudgetNanos <= 0) {
            executionBudgetNanos = 1_000_000_000L / rate;
        }
        if (budgetOverruns <= 0) {
            budgetOverruns = DEFAULT_BUDGET_OVERRUNS;
        }
        cpuAffinity = cpuAffinity == null ? List.of() : List.copyOf(cpuAffinity);
        loopGroup = loopGroup == null ? "" : loopGroup.trim();
        for (int cpu : cpuAffinity) {
            if (cpu < 0) {
                throw new IllegalArgumentException("robot '" + robot + "': CPU numbers start at 0, got " + cpu);
            }
        }
    }

    /**
     * This configuration with the loop thread's real-time settings.
     *
     * @since 1.2
     */
    public LoopConfig withRealTime(int threadPriority, List<Integer> cpuAffinity, boolean lockMemory) {
        return new LoopConfig(robot, rate, clock, idle, slotCapacity, allowActivationOnInactiveHardware,
                defaultSwitchTimeoutCycles, threadPriority, cpuAffinity, lockMemory, executionBudgetNanos,
                budgetOverruns, loopGroup);
    }

    /**
     * This configuration with another execution budget.
     *
     * @since 2.0
     */
    public LoopConfig withBudget(long executionBudgetNanos, int budgetOverruns) {
        return new LoopConfig(robot, rate, clock, idle, slotCapacity, allowActivationOnInactiveHardware,
                defaultSwitchTimeoutCycles, threadPriority, cpuAffinity, lockMemory, executionBudgetNanos,
                budgetOverruns, loopGroup);
    }

    /**
     * This configuration in the loop group {@code group} (empty: a loop thread of its own).
     *
     * @since 2.3
     */
    public LoopConfig inGroup(String group) {
        return new LoopConfig(robot, rate, clock, idle, slotCapacity, allowActivationOnInactiveHardware,
                defaultSwitchTimeoutCycles, threadPriority, cpuAffinity, lockMemory, executionBudgetNanos,
                budgetOverruns, group);
    }

    /**
     * Whether any real-time setting is asked for.
     *
     * @since 1.2
     */
    public boolean realTime() {
        return threadPriority > 0 || !cpuAffinity.isEmpty() || lockMemory;
    }

    /** A stepped loop for tests. */
    public static LoopConfig stepped(String robot, int rate, int slotCapacity) {
        return new LoopConfig(robot, rate, ClockKind.STEPPED, IdleStrategy.SLEEP, slotCapacity, false, rate);
    }
}
