package org.robocell.driver.franka.emulator;

import java.net.InetAddress;
import java.util.Objects;

import org.robocell.driver.franka.protocol.ProtocolVersion;

/**
 * How the emulated FR3 runs.
 *
 * @param bindAddress the robot's address: TCP commands and UDP states use it (loopback by default)
 * @param commandPort the TCP command port: 1337 as on a robot (libfranka's is fixed), 0 for any free port
 * @param version     the FCI protocol version the robot speaks; a client of another version is refused at Connect
 * @param startQ      the joint positions the arm starts at, rad
 * @param cycleNanos  the state stream's period: 1 ms as on a robot
 * @param stepped     true: no thread, the owner calls {@link FrankaRobotEmulator#step()} (for tests)
 * @param margin      how far above the FR3's limits a motion may go before the robot stops it (0.05: 5 %)
 * @param lostCommandsLimit how many commands in a row a motion may lose before the robot stops it with
 *                    {@code communication_constraints_violation}: 20 on an FR3 (libfranka's
 *                    {@code docs/system_requirements.rst}); more only for a demonstration on a machine that pauses
 *                    (since 1.1)
 */
public record FrankaEmulatorConfig(InetAddress bindAddress, int commandPort, ProtocolVersion version,
        double[] startQ, long cycleNanos, boolean stepped, double margin, int lostCommandsLimit) {

    /** The FR3's: a motion that loses this many commands in a row is stopped. */
    public static final int FR3_LOST_COMMANDS_LIMIT = 20;

    /** The port of {@code research_interface::robot::kCommandPort}. */
    public static final int FCI_PORT = 1337;

    public FrankaEmulatorConfig {
        Objects.requireNonNull(bindAddress, "bindAddress");
        Objects.requireNonNull(version, "version");
        if (commandPort < 0 || commandPort > 65535) {
            throw new IllegalArgumentException("command port " + commandPort + " is not a TCP port (0..65535)");
        }
        if (startQ.length != 7) {
            throw new IllegalArgumentException("start joint positions must be 7 values, got " + startQ.length);
        }
        for (int i = 0; i < 7; i++) {
            if (!(startQ[i] >= Fr3Limits.Q_MIN[i] && startQ[i] <= Fr3Limits.Q_MAX[i])) {
                throw new IllegalArgumentException("start position of joint " + (i + 1) + " is " + startQ[i]
                        + ", outside the FR3's range [" + Fr3Limits.Q_MIN[i] + ", " + Fr3Limits.Q_MAX[i] + "]");
            }
        }
        if (cycleNanos < 100_000) {
            throw new IllegalArgumentException("the cycle must be at least 0.1 ms, got " + cycleNanos + " ns");
        }
        if (!(margin >= 0 && margin <= 1)) {
            throw new IllegalArgumentException("the limit margin must be between 0 and 1, got " + margin);
        }
        if (lostCommandsLimit < 1) {
            throw new IllegalArgumentException("the lost commands limit must be at least 1, got " + lostCommandsLimit);
        }
        startQ = startQ.clone();
    }

    /** A configuration with the FR3's lost-commands limit (as in 1.0). */
    public FrankaEmulatorConfig(InetAddress bindAddress, int commandPort, ProtocolVersion version, double[] startQ,
            long cycleNanos, boolean stepped, double margin) {
        this(bindAddress, commandPort, version, startQ, cycleNanos, stepped, margin, FR3_LOST_COMMANDS_LIMIT);
    }

    /** An FR3 of {@code version} on loopback port 1337, in libfranka's ready pose, 1 kHz, limits + 5 %. */
    public static FrankaEmulatorConfig defaults(ProtocolVersion version) {
        return new FrankaEmulatorConfig(InetAddress.getLoopbackAddress(), FCI_PORT, version, Fr3Defaults.READY.clone(),
                1_000_000L, false, 0.05);
    }

    /** libfranka's ready pose: (0, -π/4, 0, -3π/4, 0, π/2, π/4). */
    public static double[] readyPose() {
        return Fr3Defaults.READY.clone();
    }

    @Override
    public double[] startQ() {
        return startQ.clone();
    }

    public FrankaEmulatorConfig withCommandPort(int port) {
        return new FrankaEmulatorConfig(bindAddress, port, version, startQ, cycleNanos, stepped, margin,
                lostCommandsLimit);
    }

    public FrankaEmulatorConfig withBindAddress(InetAddress address) {
        return new FrankaEmulatorConfig(address, commandPort, version, startQ, cycleNanos, stepped, margin,
                lostCommandsLimit);
    }

    public FrankaEmulatorConfig withStartQ(double... q) {
        return new FrankaEmulatorConfig(bindAddress, commandPort, version, q, cycleNanos, stepped, margin,
                lostCommandsLimit);
    }

    public FrankaEmulatorConfig withCycleNanos(long nanos) {
        return new FrankaEmulatorConfig(bindAddress, commandPort, version, startQ, nanos, stepped, margin,
                lostCommandsLimit);
    }

    /** Without a thread: the owner calls {@link FrankaRobotEmulator#step()} for each cycle. */
    public FrankaEmulatorConfig withSteppedClock() {
        return new FrankaEmulatorConfig(bindAddress, commandPort, version, startQ, cycleNanos, true, margin,
                lostCommandsLimit);
    }

    public FrankaEmulatorConfig withMargin(double m) {
        return new FrankaEmulatorConfig(bindAddress, commandPort, version, startQ, cycleNanos, stepped, m,
                lostCommandsLimit);
    }

    /** @since 1.1 */
    public FrankaEmulatorConfig withLostCommandsLimit(int limit) {
        return new FrankaEmulatorConfig(bindAddress, commandPort, version, startQ, cycleNanos, stepped, margin, limit);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FrankaEmulatorConfig c && bindAddress.equals(c.bindAddress) && commandPort == c.commandPort
                && version == c.version && java.util.Arrays.equals(startQ, c.startQ) && cycleNanos == c.cycleNanos
                && stepped == c.stepped && margin == c.margin && lostCommandsLimit == c.lostCommandsLimit;
    }

    @Override
    public int hashCode() {
        return Objects.hash(bindAddress, commandPort, version, java.util.Arrays.hashCode(startQ), cycleNanos);
    }

    @Override
    public String toString() {
        return "FrankaEmulatorConfig[" + bindAddress.getHostAddress() + ":" + commandPort + ", " + version
                + ", start " + java.util.Arrays.toString(startQ) + ", cycle " + cycleNanos + " ns"
                + (stepped ? ", stepped" : "") + ", margin " + margin + "]";
    }
}
