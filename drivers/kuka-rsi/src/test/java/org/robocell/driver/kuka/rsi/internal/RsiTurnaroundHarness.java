package org.robocell.driver.kuka.rsi.internal;

import java.util.Map;

import org.HdrHistogram.Histogram;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * Measures the RSI reply turnaround on loopback: the driver, run by a minimal {@code read(); write();} loop on the
 * main thread, against the emulated robot.
 * <ul>
 * <li>driver turnaround: the datagram taken off the socket by {@code read()} → the reply handed to the kernel by
 * {@code write()} (parse, publish, build, send);</li>
 * <li>robot round trip: the emulator's send → the emulator finding the reply, on time replies only (the emulator
 * spins while it waits, so this is not quantised by its sleep).</li>
 * </ul>
 * Not a test: timing is machine-dependent and is only recorded, never asserted.
 * <p>
 * Arguments: {@code [cycleMicros=4000] [cycles=10000] [warmupCycles=2000]}.
 */
public final class RsiTurnaroundHarness {

    private RsiTurnaroundHarness() {
    }

    public static void main(String[] args) throws Exception {
        long cycleMicros = args.length > 0 ? Long.parseLong(args[0]) : 4000;
        int cycles = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 2_000;

        Histogram turnaround = new Histogram(10_000_000_000L, 3);
        Histogram roundTrip = new Histogram(10_000_000_000L, 3);
        try (RsiRig rig = new RsiRig(Map.of("receive_timeout_ms", "1000"))) {
            rig.active(c -> c.withCycleNanos(cycleMicros * 1000).withTimeoutCount(Integer.MAX_VALUE)
                    .withReplyPollNanos(0));
            KukaRsiHardware driver = rig.driver;
            long onTimeBefore = 0;
            long lateBefore = 0;
            for (int i = 0; i < warmup + cycles; i++) {
                if (driver.read(0, 0) != ReturnType.OK) {
                    throw new IllegalStateException("the robot went silent at cycle " + i);
                }
                // the previous cycle's reply has been judged by now: record its round trip if it was on time
                long onTime = rig.robot.onTimeReplies();
                long rtt = rig.robot.lastRoundTripNanos();
                boolean oneMoreOnTime = onTime == onTimeBefore + 1;
                onTimeBefore = onTime;
                if (driver.write(0, 0) != ReturnType.OK) {
                    throw new IllegalStateException("write failed at cycle " + i);
                }
                if (i == warmup) {
                    lateBefore = rig.robot.lateReplies();
                }
                if (i >= warmup) {
                    turnaround.recordValue(driver.lastSendNanos() - driver.lastReceiveNanos());
                    if (oneMoreOnTime && rtt > 0) {
                        roundTrip.recordValue(rtt);
                    }
                }
            }
            long late = rig.robot.lateReplies() - lateBefore;
            System.out.printf("RSI reply turnaround, emulator cycle %d us, %d cycles after %d warm-up%n", cycleMicros,
                    cycles, warmup);
            print("driver read->reply sent", turnaround);
            print("robot send->reply seen (on time)", roundTrip);
            System.out.printf("late replies (robot's Delay) during measurement: %d of %d (%.3f %%), stale skipped: %d%n",
                    late, cycles, 100.0 * late / cycles, rig.status("stale_packets"));
            if (rig.driver.onDeactivate(LifecycleState.ACTIVE) != CallbackReturn.SUCCESS) {
                throw new IllegalStateException("deactivate failed");
            }
        }
    }

    private static void print(String what, Histogram h) {
        System.out.printf("%-34s n=%d  p50=%.1f us  p99=%.1f us  p99.9=%.1f us  max=%.1f us%n", what,
                h.getTotalCount(), h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(99) / 1e3,
                h.getValueAtPercentile(99.9) / 1e3, h.getMaxValue() / 1e3);
    }
}
