package org.robocell.driver.franka.internal.hardware;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.franka.emulator.FrankaEmulatorConfig;
import org.robocell.driver.franka.emulator.FrankaRobotEmulator;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.testkit.DriverContext;

/**
 * Measures the FCI round trip on loopback: the driver, run by a minimal {@code read(); write();} loop on the main
 * thread (no controller manager), holding the FR3 in a joint position motion against the emulator on its own 1 kHz
 * thread. Round trip: the driver's receiving thread took the state off the socket → {@code write()} has handed the
 * command answering it to the kernel (the hand-over to the loop thread, its wake-up, {@code read}, libfranka's
 * filter and checks, encode, {@code send}). A sample is taken only when the state the loop answered is the newest the
 * receiver had (else the receive time would be a later state's). Not a test: timing is only recorded.
 * <p>
 * Arguments: {@code [protocolVersion=7] [cycles=20000] [warmupCycles=5000]}.
 */
public final class FciRoundTripHarness {

    private FciRoundTripHarness() {
    }

    public static void main(String[] args) throws Exception {
        ProtocolVersion version = ProtocolVersion.parse(args.length > 0 ? args[0] : "7");
        int cycles = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 5_000;
        Histogram roundTrip = new Histogram(10_000_000_000L, 3);
        try (FrankaRobotEmulator robot = FrankaRobotEmulator.start(FrankaEmulatorConfig.defaults(version)
                .withCommandPort(0))) {
            FrankaHardware driver = new FrankaHardware();
            DriverContext context = context(robot.commandPort());
            check(driver.onInit(context) == CallbackReturn.SUCCESS, driver);
            context.initialized();
            start(driver);
            int restarts = 0;
            long skipped = 0;
            long lostBefore = 0;
            long receivedBefore = robot.receivedCommands();
            for (int i = 0; i < warmup + cycles; i++) {
                if (driver.read(0, 1e-3) != ReturnType.OK) {
                    restarts += restart(driver, "read", i);
                    i--;
                    continue;
                }
                long receivedAt = driver.receiver().lastReceiveNanos();
                long answered = Math.round(context.stateValue("fr3/time") * 1000);
                boolean newest = driver.receiver().lastId() == answered;
                if (driver.write(0, 1e-3) != ReturnType.OK) {
                    restarts += restart(driver, "write", i);
                    i--;
                    continue;
                }
                long sentAt = System.nanoTime();
                if (i == warmup) {
                    lostBefore = (long) context.stateValue("fr3/lost_states");
                    receivedBefore = robot.receivedCommands();
                }
                if (i >= warmup) {
                    if (newest) {
                        roundTrip.recordValue(sentAt - receivedAt);
                    } else {
                        skipped++;
                    }
                }
            }
            System.out.printf("FCI round trip (FCI v%d), %d cycles after %d warm-up%n", version.number(), cycles,
                    warmup);
            System.out.printf("%-34s n=%d  p50=%.1f us  p99=%.1f us  p99.9=%.1f us  max=%.1f us%n",
                    "state received->command sent", roundTrip.getTotalCount(),
                    roundTrip.getValueAtPercentile(50) / 1e3, roundTrip.getValueAtPercentile(99) / 1e3,
                    roundTrip.getValueAtPercentile(99.9) / 1e3, roundTrip.getMaxValue() / 1e3);
            System.out.printf("not sampled (a newer state had come): %d; states the loop never answered: %d; commands"
                    + " the robot took: %d of %d cycles; success rate at the end: %.2f; motions restarted: %d;"
                    + " emulator overruns: %d%n", skipped, (long) context.stateValue("fr3/lost_states") - lostBefore,
                    robot.receivedCommands() - receivedBefore, cycles, context.stateValue(
                            "fr3/control_command_success_rate"), restarts, robot.overruns());
            driver.onShutdown(LifecycleState.ACTIVE);
        }
    }

    private static DriverContext context(int port) {
        Map<String, String> p = new HashMap<>();
        p.put("robot_ip", "127.0.0.1");
        p.put("command_port", String.valueOf(port));
        p.put("receive_timeout_ms", "1000");
        p.put("flight_log", System.getProperty("java.io.tmpdir") + "/fci-round-trip-ControlException.log");
        return new DriverContext(FrankaRig.info(p));
    }

    /** Configure, activate and start the joint position motion, holding where the robot is. */
    private static void start(FrankaHardware driver) {
        check(driver.onConfigure(LifecycleState.UNCONFIGURED) == CallbackReturn.SUCCESS, driver);
        check(driver.onActivate(LifecycleState.INACTIVE) == CallbackReturn.SUCCESS, driver);
        check(driver.prepareCommandModeSwitch(FrankaRig.names("position"), java.util.List.of()) == ReturnType.OK,
                driver);
        driver.performCommandModeSwitch(FrankaRig.names("position"), java.util.List.of());
    }

    /** The robot stopped the motion (a descheduled loop lost 20 commands): recover and go on, as an operator would. */
    private static int restart(FrankaHardware driver, String where, int cycle) throws IOException {
        System.out.printf("cycle %d: %s failed: %s; starting again%n", cycle, where, driver.lastError());
        driver.onError(LifecycleState.ACTIVE);
        start(driver);
        return 1;
    }

    private static void check(boolean ok, FrankaHardware driver) {
        if (!ok) {
            throw new IllegalStateException(driver.lastError());
        }
    }
}
