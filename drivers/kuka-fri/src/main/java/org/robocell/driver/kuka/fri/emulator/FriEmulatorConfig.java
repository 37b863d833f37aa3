package org.robocell.driver.kuka.fri.emulator;

import java.net.InetAddress;
import java.net.InetSocketAddress;

import org.robocell.driver.kuka.fri.protocol.FriCommandMode;
import org.robocell.driver.kuka.fri.protocol.FriVersion;

/**
 * How the emulated robot runs its FRI session: what the Sunrise application configures on a real one
 * ({@code IFriConfiguration}: client address and port, send period, receive multiplier; the overlay's client command
 * mode) plus the emulator's own pacing and start pose.
 *
 * @param client               where the monitoring messages go (the client's IP and FRI port, 30200 by default)
 * @param bindAddress          the controller's own address
 * @param version              the message layout
 * @param sendPeriodMs         ms between monitoring messages, 1 to 100
 * @param receiveMultiplier    the client answers every this many messages
 * @param commandMode          the overlay's client command mode; {@link FriCommandMode#NO_COMMAND_MODE}: the
 *                             application only monitors
 * @param startJoints          the seven joint positions (rad) at start
 * @param qualityWindow        how many expected replies the connection quality is rated over
 * @param commandingWaitCycles cycles in COMMANDING_WAIT (the overlay synchronising) before COMMANDING_ACTIVE
 * @param recommand            after commanding stopped for bad quality, start it again once the quality is back
 * @param cycleNanos           the real time between messages when running on its own thread (tests run faster)
 */
public record FriEmulatorConfig(InetSocketAddress client, InetAddress bindAddress, FriVersion version,
        int sendPeriodMs, int receiveMultiplier, FriCommandMode commandMode, double[] startJoints, int qualityWindow,
        int commandingWaitCycles, boolean recommand, long cycleNanos) {

    /** the home pose of lbr_fri_ros2_stack's demos, slightly bent so that no joint sits at a singularity */
    static final double[] DEFAULT_START = { 0, 0.3, 0, -1.2, 0, 1.0, 0 };

    public FriEmulatorConfig {
        if (sendPeriodMs < 1 || sendPeriodMs > 100) {
            throw new IllegalArgumentException("send_period_ms " + sendPeriodMs + " is not between 1 and 100");
        }
        if (receiveMultiplier < 1 || receiveMultiplier > 100) {
            throw new IllegalArgumentException("receive_multiplier " + receiveMultiplier
                    + " is not between 1 and 100");
        }
        if (startJoints.length != LbrIiwa14.JOINTS) {
            throw new IllegalArgumentException("start_joints has " + startJoints.length
                    + " values, the LBR iiwa 14 has 7 joints");
        }
        for (int i = 0; i < startJoints.length; i++) {
            if (!(Math.abs(startJoints[i]) <= LbrIiwa14.positionLimit(i))) {
                throw new IllegalArgumentException("start_joints: A" + (i + 1) + " = " + startJoints[i]
                        + " rad is beyond its limit of " + LbrIiwa14.positionLimit(i) + " rad");
            }
        }
        if (version == FriVersion.V1 && commandMode == FriCommandMode.CARTESIAN_POSE) {
            throw new IllegalArgumentException("client command mode CARTESIAN_POSE needs FRI 2.x");
        }
        if (qualityWindow < 4 || qualityWindow > 1000) {
            throw new IllegalArgumentException("quality window " + qualityWindow + " is not between 4 and 1000");
        }
        if (commandingWaitCycles < 1) {
            throw new IllegalArgumentException("commanding wait " + commandingWaitCycles + " cycles: at least 1");
        }
        if (cycleNanos <= 0) {
            throw new IllegalArgumentException("cycle " + cycleNanos + " ns is not positive");
        }
        startJoints = startJoints.clone();
    }

    /** FRI 1.x, 5 ms, every message answered, joint position overlay, on loopback. */
    public static FriEmulatorConfig defaults(InetSocketAddress client) {
        return new FriEmulatorConfig(client, InetAddress.getLoopbackAddress(), FriVersion.V1, 5, 1,
                FriCommandMode.POSITION, DEFAULT_START, 50, 10, true, 5_000_000L);
    }

    @Override
    public double[] startJoints() {
        return startJoints.clone();
    }

    public FriEmulatorConfig withVersion(FriVersion v) {
        return new FriEmulatorConfig(client, bindAddress, v, sendPeriodMs, receiveMultiplier, commandMode,
                startJoints, qualityWindow, commandingWaitCycles, recommand, cycleNanos);
    }

    /** Also paces the thread at the same period. */
    public FriEmulatorConfig withSendPeriodMs(int ms) {
        return new FriEmulatorConfig(client, bindAddress, version, ms, receiveMultiplier, commandMode, startJoints,
                qualityWindow, commandingWaitCycles, recommand, ms * 1_000_000L);
    }

    public FriEmulatorConfig withReceiveMultiplier(int m) {
        return new FriEmulatorConfig(client, bindAddress, version, sendPeriodMs, m, commandMode, startJoints,
                qualityWindow, commandingWaitCycles, recommand, cycleNanos);
    }

    public FriEmulatorConfig withCommandMode(FriCommandMode mode) {
        return new FriEmulatorConfig(client, bindAddress, version, sendPeriodMs, receiveMultiplier, mode,
                startJoints, qualityWindow, commandingWaitCycles, recommand, cycleNanos);
    }

    public FriEmulatorConfig withStartJoints(double... q) {
        return new FriEmulatorConfig(client, bindAddress, version, sendPeriodMs, receiveMultiplier, commandMode, q,
                qualityWindow, commandingWaitCycles, recommand, cycleNanos);
    }

    public FriEmulatorConfig withRecommand(boolean again) {
        return new FriEmulatorConfig(client, bindAddress, version, sendPeriodMs, receiveMultiplier, commandMode,
                startJoints, qualityWindow, commandingWaitCycles, again, cycleNanos);
    }

    public FriEmulatorConfig withCycleNanos(long nanos) {
        return new FriEmulatorConfig(client, bindAddress, version, sendPeriodMs, receiveMultiplier, commandMode,
                startJoints, qualityWindow, commandingWaitCycles, recommand, nanos);
    }

    /**
     * Rates the connection over {@code replies} expected replies (4..1000; 50 by default): a longer window lets a
     * test on a loaded machine lose a few replies in a row without the robot stopping the overlay.
     *
     * @since 1.2
     */
    public FriEmulatorConfig withQualityWindow(int replies) {
        return new FriEmulatorConfig(client, bindAddress, version, sendPeriodMs, receiveMultiplier, commandMode,
                startJoints, replies, commandingWaitCycles, recommand, cycleNanos);
    }

    public FriEmulatorConfig withBindAddress(InetAddress address) {
        return new FriEmulatorConfig(client, address, version, sendPeriodMs, receiveMultiplier, commandMode,
                startJoints, qualityWindow, commandingWaitCycles, recommand, cycleNanos);
    }
}
