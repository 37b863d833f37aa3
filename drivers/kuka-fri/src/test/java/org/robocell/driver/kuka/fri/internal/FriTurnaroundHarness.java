package org.robocell.driver.kuka.fri.internal;

import java.util.Map;

import org.HdrHistogram.Histogram;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.kuka.fri.emulator.FriRobotEmulator;

/**
 * Measures the FRI reply turnaround on loopback: the driver, run by a minimal {@code read(); write();} loop on the
 * main thread, against the emulated LBR iiwa 14 on its own thread. Driver turnaround: the monitoring message taken
 * off the socket by {@code read()} → the command handed to the kernel by {@code write()} (decode, publish, encode,
 * send). Not a test: timing is machine-dependent and is only recorded, never asserted.
 * <p>
 * Arguments: {@code [sendPeriodMs=4] [cycles=10000] [warmupCycles=2000]}.
 */
public final class FriTurnaroundHarness {

    private FriTurnaroundHarness() {
    }

    public static void main(String[] args) throws Exception {
        int periodMs = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        int cycles = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 2_000;
        Histogram turnaround = new Histogram(10_000_000_000L, 3);
        try (FriRig rig = new FriRig(Map.of("receive_timeout_ms", "1000")).configured()) {
            rig.robot = FriRobotEmulator.start(rig.emulatorDefaults().withSendPeriodMs(periodMs));
            if (rig.driver.onActivate(LifecycleState.INACTIVE) != CallbackReturn.SUCCESS) {
                throw new IllegalStateException(rig.driver.lastError());
            }
            KukaFriHardware driver = rig.driver;
            long missedBefore = 0;
            long stopsBefore = 0;
            int reactivations = 0;
            for (int i = 0; i < warmup + cycles; i++) {
                if (driver.read(0, 0) != ReturnType.OK || driver.write(0, 0) != ReturnType.OK) {
                    // the robot stopped the overlay (the loop was descheduled too long): start again, as an
                    // operator would, and go on measuring
                    driver.onDeactivate(LifecycleState.ACTIVE);
                    if (driver.onActivate(LifecycleState.INACTIVE) != CallbackReturn.SUCCESS) {
                        throw new IllegalStateException("cycle " + i + ": " + driver.lastError());
                    }
                    reactivations++;
                    i--;
                    continue;
                }
                if (i == warmup) {
                    missedBefore = rig.robot.missedReplies();
                    stopsBefore = rig.robot.stops();
                }
                if (i >= warmup) {
                    turnaround.recordValue(driver.lastSendNanos() - driver.lastReceiveNanos());
                }
            }
            System.out.printf("FRI reply turnaround, send period %d ms, %d cycles after %d warm-up%n", periodMs, cycles,
                    warmup);
            System.out.printf("%-34s n=%d  p50=%.1f us  p99=%.1f us  p99.9=%.1f us  max=%.1f us%n",
                    "driver read->command sent", turnaround.getTotalCount(), turnaround.getValueAtPercentile(50) / 1e3,
                    turnaround.getValueAtPercentile(99) / 1e3, turnaround.getValueAtPercentile(99.9) / 1e3,
                    turnaround.getMaxValue() / 1e3);
            System.out.printf("missing replies as the robot judged them: %d of %d, overlay stops: %d (reactivated %d"
                    + " times), stale skipped: %d, emulator overruns: %d%n", rig.robot.missedReplies() - missedBefore,
                    cycles, rig.robot.stops() - stopsBefore, reactivations, rig.status("stale_packets"),
                    rig.robot.overruns());
            rig.driver.onDeactivate(LifecycleState.ACTIVE);
        }
    }
}
