package org.robocell.driver.kuka.eac.emulator;

import java.net.InetAddress;

/**
 * How the emulated KR C5 micro runs.
 *
 * @param address         where it listens: gRPC and the real-time UDP socket (the controller's KONI address)
 * @param grpcPort        the control plane's port (49335 on a real controller); 0 picks a free one
 * @param clientPort      where it sends motion states on the client's address (44444 on a real controller)
 * @param cycleNanos      the interpolation cycle (4 ms)
 * @param replyWindowNanos how long after a motion state its control signal may arrive (2.5 ms on a real controller,
 *                        kuka_drivers' wiki "QoS profile configuration"); a later one counts as lost. Longer than
 *                        the cycle stretches the cycle, for loaded test machines
 * @param start           the joint positions at start, rad
 * @param stepped         true: no cycle thread, the caller runs each cycle ({@link EacControllerEmulator#sendState},
 *                        {@link EacControllerEmulator#judge}); false: a thread runs the cycle in real time
 * @param monitoringGroup where motion states go while monitoring runs (239.255.123.250:44446 on a real controller)
 * @param monitoringPort  see {@code monitoringGroup}
 */
public record EacEmulatorConfig(InetAddress address, int grpcPort, int clientPort, long cycleNanos,
        long replyWindowNanos, double[] start, boolean stepped, InetAddress monitoringGroup, int monitoringPort) {

    public static final int GRPC_PORT = 49335;
    public static final int CLIENT_PORT = 44444;
    public static final int MONITORING_PORT = 44446;

    public EacEmulatorConfig {
        if (start.length != LbrIisy3R760.JOINTS) {
            throw new IllegalArgumentException("start must be the " + LbrIisy3R760.JOINTS + " joint positions, not "
                    + start.length);
        }
        for (int j = 0; j < start.length; j++) {
            if (!LbrIisy3R760.withinLimits(j, start[j])) {
                throw new IllegalArgumentException("start position of joint_" + (j + 1) + " " + start[j]
                        + " rad is outside [" + LbrIisy3R760.lower(j) + ", " + LbrIisy3R760.upper(j) + "]");
            }
        }
        if (cycleNanos <= 0 || replyWindowNanos <= 0) {
            throw new IllegalArgumentException("cycle and reply window must be positive");
        }
        start = start.clone();
    }

    /** A real-time emulator on loopback, gRPC on a free port, sending to the client's port 44444. */
    public static EacEmulatorConfig loopback() {
        InetAddress lo = InetAddress.getLoopbackAddress();
        return new EacEmulatorConfig(lo, 0, CLIENT_PORT, 4_000_000L, 2_500_000L, LbrIisy3R760.CANDLE, false,
                lo, MONITORING_PORT);
    }

    public EacEmulatorConfig withGrpcPort(int port) {
        return new EacEmulatorConfig(address, port, clientPort, cycleNanos, replyWindowNanos, start, stepped,
                monitoringGroup, monitoringPort);
    }

    public EacEmulatorConfig withClientPort(int port) {
        return new EacEmulatorConfig(address, grpcPort, port, cycleNanos, replyWindowNanos, start, stepped,
                monitoringGroup, monitoringPort);
    }

    public EacEmulatorConfig withCycle(long cycle, long replyWindow) {
        return new EacEmulatorConfig(address, grpcPort, clientPort, cycle, replyWindow, start, stepped,
                monitoringGroup, monitoringPort);
    }

    public EacEmulatorConfig withStart(double[] positions) {
        return new EacEmulatorConfig(address, grpcPort, clientPort, cycleNanos, replyWindowNanos, positions, stepped,
                monitoringGroup, monitoringPort);
    }

    public EacEmulatorConfig withStepped(boolean s) {
        return new EacEmulatorConfig(address, grpcPort, clientPort, cycleNanos, replyWindowNanos, start, s,
                monitoringGroup, monitoringPort);
    }

    public EacEmulatorConfig withMonitoring(InetAddress group, int port) {
        return new EacEmulatorConfig(address, grpcPort, clientPort, cycleNanos, replyWindowNanos, start, stepped,
                group, port);
    }
}
