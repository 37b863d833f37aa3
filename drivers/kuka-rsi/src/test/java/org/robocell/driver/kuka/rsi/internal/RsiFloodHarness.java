package org.robocell.driver.kuka.rsi.internal;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * The RSI driver's deadline under a datagram flood on its port: the driver, run by a minimal
 * {@code read(); write();} loop on the main thread, against the emulated robot at its real 4 ms cycle, while a
 * second socket on loopback (another port of the robot's own address) sends to the driver's port as fast as one
 * thread can. Three phases of the same session, each {@code cycles} robot cycles long:
 * <ul>
 * <li>{@code quiet}: no flood;</li>
 * <li>{@code garbage}: 512 random bytes per datagram;</li>
 * <li>{@code replay}: a well-formed robot datagram with the session's first IPOC and another A1, over and over (a
 * captured datagram replayed from a second socket).</li>
 * </ul>
 * For each it reports the late replies as the robot judged them (the emulator's {@code <Delay>} count), the robot's
 * round trip of on-time replies (send → reply seen), the driver's own turnaround ({@code read()} took the datagram
 * → {@code write()} sent the reply), the reads that failed, the cycles in which {@code joint_a1} showed anything but
 * the robot's axis (nobody commands it, so the robot holds its start pose) and the driver's counters.
 * <p>
 * Not a test: timing is machine-dependent and is only recorded, never asserted. The emulator polls for the reply
 * every 50 µs (it does not spin), so that on a two-core machine the flood thread and the driver get a core each.
 * <p>
 * Arguments: {@code [cycles=2500] [configuration ...]}: each configuration is a comma-separated list of driver
 * parameters ({@code -} for the defaults) and is run in turn with a fresh driver and robot, e.g.
 * {@code 2500 - connect_to_robot=false connect_to_robot=false,receive_buffer_bytes=16384}. The driver always gets
 * {@code robot_address=127.0.0.1} (the flood comes from the robot's IP, another port) and a 1 s receive timeout.
 */
public final class RsiFloodHarness {

    private static final long CYCLE_NANOS = 4_000_000L;
    private static final int WARMUP_CYCLES = 1000;
    private static final int SETTLE_CYCLES = 250;
    private static final String[] COUNTERS = { "foreign_packets", "malformed_packets", "old_ipoc_packets",
            "ipoc_jump_packets", "stale_packets", "missed_packets", "drain_limits" };

    private RsiFloodHarness() {
    }

    enum Flood { QUIET, GARBAGE, REPLAY }

    record Phase(Flood flood, long sent, double seconds, long cycles, long late, Histogram roundTrip,
            Histogram turnaround, long readErrors, long wrongState, Map<String, Long> counters) {
    }

    public static void main(String[] args) throws Exception {
        int cycles = args.length > 0 ? Integer.parseInt(args[0]) : 2500;
        List<String> configs = args.length > 1 ? List.of(args).subList(1, args.length) : List.of("-");
        double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        List<String> report = new ArrayList<>();
        for (String config : configs) {
            Map<String, String> params = new TreeMap<>();
            params.put("receive_timeout_ms", "1000");
            params.put("robot_address", "127.0.0.1");
            for (String kv : config.split(",")) {
                if (kv.contains("=")) {
                    params.put(kv.substring(0, kv.indexOf('=')).trim(), kv.substring(kv.indexOf('=') + 1).trim());
                }
            }
            report.add(run(cycles, params));
        }
        System.out.printf("RSI under a datagram flood: emulator cycle 4 ms, %d cycles per phase after %d warm-up;"
                + " load average %.2f before, %.2f after%n", cycles, WARMUP_CYCLES, loadBefore,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        report.forEach(System.out::print);
    }

    /** One configuration of the driver through the three phases; the lines of its report. */
    private static String run(int cycles, Map<String, String> params) throws Exception {
        List<Phase> phases = new ArrayList<>();
        int receiveBuffer;
        try (RsiRig rig = new RsiRig(params)) {
            rig.active(c -> c.withCycleNanos(CYCLE_NANOS).withTimeoutCount(Integer.MAX_VALUE));
            receiveBuffer = rig.driver.receiveBufferBytes();
            run(rig, WARMUP_CYCLES, null);
            for (Flood flood : Flood.values()) {
                phases.add(phase(rig, flood, cycles));
                run(rig, SETTLE_CYCLES, null);
            }
            if (rig.driver.onDeactivate(LifecycleState.ACTIVE) != CallbackReturn.SUCCESS) {
                throw new IllegalStateException("deactivate failed");
            }
        }
        StringBuilder out = new StringBuilder();
        out.append(String.format("%ndriver parameters %s, SO_RCVBUF granted %d bytes%n", params, receiveBuffer));
        out.append(String.format("%-8s %10s %12s %14s %22s %22s %6s %6s  %s%n", "phase", "flood", "flood rate",
                "late replies", "robot RTT p50/p99 us", "driver p50/p99 us", "errors", "wrong", "driver counters"));
        for (Phase p : phases) {
            out.append(String.format("%-8s %10d %10.0f/s %8d/%-5d %10.1f/%-10.1f %10.1f/%-10.1f %6d %6d  %s%n",
                    p.flood().name().toLowerCase(), p.sent(), p.sent() / p.seconds(), p.late(), p.cycles(),
                    p.roundTrip().getValueAtPercentile(50) / 1e3, p.roundTrip().getValueAtPercentile(99) / 1e3,
                    p.turnaround().getValueAtPercentile(50) / 1e3, p.turnaround().getValueAtPercentile(99) / 1e3,
                    p.readErrors(), p.wrongState(), p.counters()));
        }
        return out.toString();
    }

    private static Phase phase(RsiRig rig, Flood flood, int cycles) throws Exception {
        Flooder flooder = flood == Flood.QUIET ? null : new Flooder(payload(flood), rig.driver.listenPort());
        if (flooder != null) {
            flooder.start();
            while (flooder.sent.get() < 10_000) {
                Thread.onSpinWait();
            }
        }
        Map<String, Long> before = counters(rig);
        long lateBefore = rig.robot.lateReplies();
        long start = System.nanoTime();
        long sentBefore = flooder == null ? 0 : flooder.sent.get();
        Histogram roundTrip = new Histogram(10_000_000_000L, 3);
        Histogram turnaround = new Histogram(10_000_000_000L, 3);
        long[] problems = run(rig, cycles, new Histogram[] { roundTrip, turnaround });
        long sent = flooder == null ? 0 : flooder.sent.get() - sentBefore;
        double seconds = (System.nanoTime() - start) / 1e9;
        if (flooder != null) {
            flooder.interrupt();
            flooder.join();
        }
        Map<String, Long> after = counters(rig);
        after.replaceAll((k, v) -> v - before.get(k));
        return new Phase(flood, sent, seconds, cycles, rig.robot.lateReplies() - lateBefore, roundTrip, turnaround,
                problems[0], problems[1], after);
    }

    /** @return read errors and cycles whose joint_a1 was not the robot's (start) axis */
    private static long[] run(RsiRig rig, int cycles, Histogram[] record) {
        KukaRsiHardware driver = rig.driver;
        double a1 = Math.toRadians(rig.robot.config().startAxesDegrees()[0]);
        long errors = 0;
        long wrong = 0;
        long onTimeBefore = rig.robot.onTimeReplies();
        long target = rig.robot.cycles() + cycles;
        while (rig.robot.cycles() < target) {
            if (driver.read(0, 0) != ReturnType.OK) {
                errors++;
                continue;
            }
            if (rig.state("joint_a1/position") != a1) {
                wrong++;
            }
            long onTime = rig.robot.onTimeReplies();
            long rtt = rig.robot.lastRoundTripNanos();
            boolean oneMoreOnTime = onTime == onTimeBefore + 1;
            onTimeBefore = onTime;
            driver.write(0, 0);
            if (record != null) {
                record[1].recordValue(Math.max(0, driver.lastSendNanos() - driver.lastReceiveNanos()));
                if (oneMoreOnTime && rtt > 0) {
                    record[0].recordValue(rtt);
                }
            }
        }
        return new long[] { errors, wrong };
    }

    private static Map<String, Long> counters(RsiRig rig) {
        Map<String, Long> m = new java.util.LinkedHashMap<>();
        for (String c : COUNTERS) {
            // counters a version of the driver does not have are left out
            if (rig.context.hasStateInterface("rsi/" + c)) {
                m.put(c, rig.status(c));
            }
        }
        return m;
    }

    private static byte[] payload(Flood flood) {
        if (flood == Flood.GARBAGE) {
            byte[] junk = new byte[512];
            new Random(42).nextBytes(junk);
            return junk;
        }
        return ("<Rob Type=\"KUKA\"><RIst X=\"445.0000\" Y=\"0.0000\" Z=\"810.0000\" A=\"0.0000\" B=\"90.0000\""
                + " C=\"0.0000\"/><AIPos A1=\"45.0000\" A2=\"-90.0000\" A3=\"90.0000\" A4=\"0.0000\" A5=\"90.0000\""
                + " A6=\"0.0000\"/><Delay D=\"0\"/><IPOC>3393226</IPOC></Rob>").getBytes(StandardCharsets.US_ASCII);
    }

    /** Sends one datagram over and over, as fast as a blocking send on loopback goes, until interrupted. */
    private static final class Flooder extends Thread {
        final AtomicLong sent = new AtomicLong();
        private final byte[] payload;
        private final InetSocketAddress target;

        Flooder(byte[] payload, int port) {
            super("rsi-flood");
            setDaemon(true);
            this.payload = payload;
            this.target = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        }

        @Override
        public void run() {
            try (DatagramChannel channel = DatagramChannel.open()) {
                channel.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
                ByteBuffer buffer = ByteBuffer.allocateDirect(payload.length);
                buffer.put(payload).flip();
                long n = 0;
                while (!isInterrupted()) {
                    buffer.rewind();
                    try {
                        channel.send(buffer, target);
                    } catch (IOException e) {
                        if (isInterrupted()) {
                            break;
                        }
                    }
                    if ((++n & 255) == 0) {
                        sent.set(n);
                    }
                }
                sent.set(n);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
