package org.robocell.driver.franka.gripper.emulator;

import java.net.InetAddress;

import org.robocell.driver.franka.gripper.protocol.GripperCodec;

/**
 * What the emulated Hand is.
 *
 * @param bindAddress    where it listens
 * @param commandPort    TCP port of the command channel, 1338 as on the Hand; 0 for a free one
 * @param maxWidth       the opening a homing measures, m: 0.08 with the FR3 hand's standard fingers
 * @param maxSpeed       the fastest the opening changes, m/s; a faster command is carried out at this speed
 * @param maxForce       the strongest grasp accepted, N; a grasp asking more is refused (kFail)
 * @param temperature    what the Hand reports, °C
 * @param objectWidth    the width of the object between the fingers, m; NaN when there is none
 * @param statePeriodMs  how often the state datagram goes out, ms
 */
public record HandEmulatorConfig(InetAddress bindAddress, int commandPort, double maxWidth, double maxSpeed,
        double maxForce, int temperature, double objectWidth, int statePeriodMs) {

    /** The FR3 hand with its standard fingers (franka_description's hand: fingers 0..0.04 m each). */
    public static final double FR3_HAND_MAX_WIDTH = 0.08;

    public HandEmulatorConfig {
        if (bindAddress == null) {
            throw new IllegalArgumentException("bind.address is missing");
        }
        if (commandPort < 0 || commandPort > 65535) {
            throw new IllegalArgumentException("command.port=" + commandPort + " is not a port (0..65535)");
        }
        if (!(maxWidth > 0) || maxWidth > 1) {
            throw new IllegalArgumentException("max.width=" + maxWidth + " m must be above 0 and at most 1");
        }
        if (!(maxSpeed > 0) || !Double.isFinite(maxSpeed)) {
            throw new IllegalArgumentException("max.speed=" + maxSpeed + " m/s must be a positive number");
        }
        if (!(maxForce > 0) || !Double.isFinite(maxForce)) {
            throw new IllegalArgumentException("max.force=" + maxForce + " N must be a positive number");
        }
        if (temperature < 0 || temperature > 0xFFFF) {
            throw new IllegalArgumentException("temperature=" + temperature + " must be 0..65535 (uint16)");
        }
        if (!Double.isNaN(objectWidth) && (objectWidth < 0 || objectWidth > maxWidth)) {
            throw new IllegalArgumentException("object.width=" + objectWidth + " m must lie in [0, max.width="
                    + maxWidth + "] (or be absent: no object)");
        }
        if (statePeriodMs < 1 || statePeriodMs > 1000) {
            throw new IllegalArgumentException("state.period.ms=" + statePeriodMs + " must be 1..1000");
        }
    }

    /** On the loopback address, port 1338, the FR3 hand, 0.1 m/s, 70 N, 30 °C, no object, a state every 10 ms. */
    public static HandEmulatorConfig defaults() {
        return new HandEmulatorConfig(InetAddress.getLoopbackAddress(), GripperCodec.COMMAND_PORT,
                FR3_HAND_MAX_WIDTH, 0.1, 70, 30, Double.NaN, 10);
    }

    public HandEmulatorConfig withBindAddress(InetAddress address) {
        return new HandEmulatorConfig(address, commandPort, maxWidth, maxSpeed, maxForce, temperature, objectWidth,
                statePeriodMs);
    }

    public HandEmulatorConfig withCommandPort(int port) {
        return new HandEmulatorConfig(bindAddress, port, maxWidth, maxSpeed, maxForce, temperature, objectWidth,
                statePeriodMs);
    }

    public HandEmulatorConfig withObjectWidth(double width) {
        return new HandEmulatorConfig(bindAddress, commandPort, maxWidth, maxSpeed, maxForce, temperature, width,
                statePeriodMs);
    }

    public HandEmulatorConfig withHand(double newMaxWidth, double newMaxSpeed, double newMaxForce, int newTemperature) {
        return new HandEmulatorConfig(bindAddress, commandPort, newMaxWidth, newMaxSpeed, newMaxForce, newTemperature,
                objectWidth, statePeriodMs);
    }

    public HandEmulatorConfig withStatePeriodMs(int periodMs) {
        return new HandEmulatorConfig(bindAddress, commandPort, maxWidth, maxSpeed, maxForce, temperature,
                objectWidth, periodMs);
    }
}
