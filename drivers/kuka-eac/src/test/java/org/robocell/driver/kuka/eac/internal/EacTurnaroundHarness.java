package org.robocell.driver.kuka.eac.internal;

import java.util.Map;

import org.HdrHistogram.Histogram;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * Measures the EAC reply turnaround on loopback: the driver, run by a minimal {@code read(); write();} loop on the
 * main thread, against the emulated controller running its real-time cycle on its own thread.
 * <ul>
 * <li>driver turnaround: the motion state taken off the socket by {@code read()} → the control signal handed to
 * the kernel by {@code write()} (decode, publish, encode, send);</li>
 * <li>controller round trip: the emulator's send → the emulator finding the control signal with that IPOC.</li>
 * </ul>
 * When the controller ends control because its QoS profile was exceeded (a descheduled loop), the harness activates
 * again and goes on, and counts it. Not a test: timing is machine-dependent and is only recorded, never asserted.
 * <p>
 * Arguments: {@code [cycleMicros=4000] [cycles=10000] [warmupCycles=2000] [replyWindowMicros=2500]}.
 */
public final class EacTurnaroundHarness {

    private EacTurnaroundHarness() {
    }

    public static void main(String[] args) throws Exception {
        long cycleMicros = args.length > 0 ? Long.parseLong(args[0]) : 4000;
        int cycles = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 2_000;
        long windowMicros = args.length > 3 ? Long.parseLong(args[3]) : 2500;

        Histogram turnaround = new Histogram(10_000_000_000L, 3);
        Histogram roundTrip = new Histogram(10_000_000_000L, 3);
        // QoS: the most losses a controller accepts per second (25 in 1 s, 5 in a row), so that a descheduled cycle
        // is measured, not fatal
        try (EacRig rig = new EacRig(false, Map.of("receive_timeout_ms", "1000", "consequent_lost_packets", "5",
                "lost_packets_in_timeframe", "25", "timeframe_ms", "1000"),
                c -> c.withCycle(cycleMicros * 1000, windowMicros * 1000)).configured()) {
            KukaEacHardware driver = rig.driver;
            if (driver.onActivate(LifecycleState.INACTIVE) != CallbackReturn.SUCCESS) {
                throw new IllegalStateException(driver.lastError());
            }
            long acceptedBefore = 0;
            long lostBefore = 0;
            int restarts = 0;
            for (int i = 0; i < warmup + cycles; i++) {
                if (driver.read(0, 0) != ReturnType.OK) {
                    if (!driver.controllerEnded()) {
                        throw new IllegalStateException("cycle " + i + ": " + driver.lastError());
                    }
                    // the controller ended control (QoS): a new session, as a cell would activate again
                    System.out.println("cycle " + i + ": " + driver.lastError() + "; activating again");
                    restarts++;
                    if (driver.onActivate(LifecycleState.INACTIVE) != CallbackReturn.SUCCESS) {
                        throw new IllegalStateException(driver.lastError());
                    }
                    acceptedBefore = rig.controller.repliesAccepted();
                    continue;
                }
                long accepted = rig.controller.repliesAccepted();
                long rtt = rig.controller.lastRoundTripNanos();
                boolean oneMore = accepted == acceptedBefore + 1;
                acceptedBefore = accepted;
                if (driver.write(0, 0) != ReturnType.OK) {
                    throw new IllegalStateException("write failed at cycle " + i);
                }
                if (i == warmup) {
                    lostBefore = rig.controller.lostReplies();
                }
                if (i >= warmup) {
                    turnaround.recordValue(driver.lastSendNanos() - driver.lastReceiveNanos());
                    if (oneMore && rtt > 0) {
                        roundTrip.recordValue(rtt);
                    }
                }
            }
            long lost = rig.controller.lostReplies() - lostBefore;
            System.out.printf("EAC reply turnaround, emulator cycle %d us, reply window %d us, %d cycles after %d"
                    + " warm-up%n", cycleMicros, windowMicros, cycles, warmup);
            print("driver read->reply sent", turnaround);
            print("controller send->reply seen", roundTrip);
            System.out.printf("lost replies (controller's QoS count) during measurement: %d of %d (%.3f %%), stale"
                    + " skipped: %d, sessions ended by the QoS profile and started again: %d%n", lost, cycles,
                    100.0 * lost / cycles, driver.counter(EacStatus.STALE_PACKETS), restarts);
            if (driver.onDeactivate(LifecycleState.ACTIVE) != CallbackReturn.SUCCESS) {
                throw new IllegalStateException("deactivate failed");
            }
        }
    }

    private static void print(String what, Histogram h) {
        System.out.printf("%-30s n=%d  p50=%.1f us  p99=%.1f us  p99.9=%.1f us  max=%.1f us%n", what,
                h.getTotalCount(), h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(99) / 1e3,
                h.getValueAtPercentile(99.9) / 1e3, h.getMaxValue() / 1e3);
    }
}
