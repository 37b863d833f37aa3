package org.robocell.driver.franka.gripper.internal.hardware;

import java.time.Duration;

import org.robocell.api.hardware.HardwareInfo;
import org.robocell.driver.franka.gripper.protocol.GripperCodec;

/**
 * A Hand component's {@code <hardware><param>}s.
 *
 * @param robotIp        the Hand's address (franka_gripper's {@code robot_ip}: the robot's)
 * @param commandPort    its TCP port, 1338 unless an emulator listens elsewhere
 * @param connectTimeout how long Connect and the first state may take
 * @param commandTimeout how long a command may take before the call gives up waiting (the Hand goes on)
 * @param receiveTimeout how long the Hand may send no state before the component fails
 */
record GripperSettings(String robotIp, int commandPort, Duration connectTimeout, Duration commandTimeout,
        Duration receiveTimeout) {

    static GripperSettings of(HardwareInfo info) {
        String ip = info.parameter("robot_ip", "").trim();
        if (ip.isEmpty()) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' needs <param name=\"robot_ip\">, the"
                    + " address of the robot whose Hand it drives");
        }
        int port = whole(info, "command_port", GripperCodec.COMMAND_PORT, 1, 65535);
        return new GripperSettings(ip, port,
                Duration.ofMillis(whole(info, "connect_timeout_ms", 3000, 1, 600_000)),
                Duration.ofMillis(whole(info, "command_timeout_ms", 60_000, 1, 3_600_000)),
                Duration.ofMillis(whole(info, "receive_timeout_ms", 1000, 1, 600_000)));
    }

    private static int whole(HardwareInfo info, String key, int fallback, int min, int max) {
        String v = info.parameter(key, null);
        if (v == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n < min || n > max) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' parameter '" + key + "' must be a"
                    + " whole number from " + min + " to " + max + ", got '" + v + "'");
        }
    }
}
