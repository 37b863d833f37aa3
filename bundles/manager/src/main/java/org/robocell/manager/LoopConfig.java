package org.robocell.manager;

import org.robocell.api.cell.ClockKind;

/**
 * How one robot loop runs.
 *
 * @param robot                              the robot's name (the {@code robocell.robot} service property)
 * @param rate                               loop rate in Hz
 * @param clock                              who owns the cycle
 * @param idle                               how the internal clock waits
 * @param slotCapacity                       interface slots of the loop (hardware and controller interfaces)
 * @param allowActivationOnInactiveHardware  whether controllers may be activated on INACTIVE hardware (KUKA-style
 *                                           cells activate controllers before the hardware)
 * @param defaultSwitchTimeoutCycles         cycles a switch may wait for the loop when the caller gives none
 */
public record LoopConfig(String robot, int rate, ClockKind clock, IdleStrategy idle, int slotCapacity,
        boolean allowActivationOnInactiveHardware, int defaultSwitchTimeoutCycles) {

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
    }

    /** A stepped loop for tests. */
    public static LoopConfig stepped(String robot, int rate, int slotCapacity) {
        return new LoopConfig(robot, rate, ClockKind.STEPPED, IdleStrategy.SLEEP, slotCapacity, false, rate);
    }
}
