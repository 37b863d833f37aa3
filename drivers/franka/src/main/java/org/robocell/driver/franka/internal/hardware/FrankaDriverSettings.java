package org.robocell.driver.franka.internal.hardware;

import java.nio.file.Path;
import java.util.Locale;

import org.robocell.api.hardware.HardwareInfo;
import org.robocell.driver.franka.control.ShapingSettings;
import org.robocell.driver.franka.protocol.MoveControllerMode;
import org.robocell.driver.franka.protocol.ProtocolVersion;

/**
 * The driver's {@code <hardware><param>}s, checked once at {@code onInit}: a bad value is one line naming the
 * parameter and what was expected.
 *
 * @param robotIp          {@code robot_ip}: the robot's (FCI) address, as franka_ros2's URDF gives it
 * @param commandPort      {@code command_port}: the robot's TCP command port, 1337 on a robot
 * @param protocol         {@code protocol_version}: 7 or 10, or null for {@code auto} (10 first, then the version
 *                         the robot answers)
 * @param armId            {@code arm_id}: prefix of the robot's own state interfaces ({@code fr3/robot_mode})
 * @param shaping          {@code limit_rate}, {@code cutoff_frequency}: libfranka's client-side command shaping
 * @param connectTimeoutMs {@code connect_timeout_ms}: TCP connect, Connect's answer and the first state
 * @param receiveTimeoutMs {@code receive_timeout_ms}: how long {@code read} waits for the next state
 * @param moveTimeoutMs    {@code move_timeout_ms}: how long a Move, StopMove or error recovery may take to answer
 * @param flightLog        {@code flight_log}: where the last states and commands go when a motion fails
 * @param cartesianController {@code cartesian_controller}: the robot's controller under the Cartesian motion
 *                         generators, {@code joint_impedance} (franka_ros2's {@code robot.cpp}) or
 *                         {@code cartesian_impedance}
 * @param robotModel       {@code robot_model}: whether {@code read} computes the model for each state into the
 *                         {@code <arm_id>/robot_model/*} interfaces ({@code true}, the default, or {@code false})
 */
record FrankaDriverSettings(String robotIp, int commandPort, ProtocolVersion protocol, String armId,
        ShapingSettings shaping, int connectTimeoutMs, int receiveTimeoutMs, int moveTimeoutMs, Path flightLog,
        MoveControllerMode cartesianController, boolean robotModel) {

    static final String ROBOT_IP = "robot_ip";
    static final String COMMAND_PORT = "command_port";
    static final String PROTOCOL_VERSION = "protocol_version";
    static final String ARM_ID = "arm_id";
    static final String CONNECT_TIMEOUT_MS = "connect_timeout_ms";
    static final String RECEIVE_TIMEOUT_MS = "receive_timeout_ms";
    static final String MOVE_TIMEOUT_MS = "move_timeout_ms";
    static final String FLIGHT_LOG = "flight_log";
    static final String CARTESIAN_CONTROLLER = "cartesian_controller";
    static final String ROBOT_MODEL = "robot_model";

    /** libfranka's {@code research_interface::robot::kCommandPort}. */
    static final int FCI_COMMAND_PORT = 1337;

    static FrankaDriverSettings from(HardwareInfo info) {
        String ip = info.parameter(ROBOT_IP, "").trim();
        if (ip.isEmpty()) {
            throw new IllegalArgumentException(ROBOT_IP + ": expected the robot's FCI address (e.g. 172.16.0.2, or"
                    + " 127.0.0.1 for the emulator), got nothing");
        }
        int port = integer(info, COMMAND_PORT, FCI_COMMAND_PORT, 0, 65535);
        String version = info.parameter(PROTOCOL_VERSION, "auto").trim().toLowerCase(Locale.ROOT);
        ProtocolVersion protocol;
        if (version.equals("auto") || version.isEmpty()) {
            protocol = null;
        } else {
            try {
                protocol = ProtocolVersion.parse(version);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(PROTOCOL_VERSION + ": expected auto, 7 (libfranka 0.13.3-0.13.6)"
                        + " or 10 (libfranka 0.18 and later), got '" + version + "'");
            }
        }
        String armId = info.parameter(ARM_ID, "fr3").trim();
        if (armId.isEmpty() || armId.contains("/")) {
            throw new IllegalArgumentException(ARM_ID + ": expected a name without '/', got '" + armId + "'");
        }
        ShapingSettings shaping;
        try {
            shaping = ShapingSettings.fromParameters(info.parameter(ShapingSettings.LIMIT_RATE, null),
                    info.parameter(ShapingSettings.CUTOFF_FREQUENCY, null));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        int connect = integer(info, CONNECT_TIMEOUT_MS, 3000, 1, 600_000);
        int receive = integer(info, RECEIVE_TIMEOUT_MS, 100, 1, 60_000);
        int move = integer(info, MOVE_TIMEOUT_MS, 2000, 1, 600_000);
        String log = info.parameter(FLIGHT_LOG, "ControlException-" + info.name() + ".log").trim();
        Path flightLog;
        try {
            flightLog = Path.of(log);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(FLIGHT_LOG + ": expected a file path, got '" + log + "'");
        }
        String controller = info.parameter(CARTESIAN_CONTROLLER, "joint_impedance").trim();
        MoveControllerMode cartesianController = switch (controller) {
            case "joint_impedance" -> MoveControllerMode.JOINT_IMPEDANCE;
            case "cartesian_impedance" -> MoveControllerMode.CARTESIAN_IMPEDANCE;
            default -> throw new IllegalArgumentException(CARTESIAN_CONTROLLER + ": expected joint_impedance or"
                    + " cartesian_impedance (the robot's controller under a Cartesian motion), got '" + controller
                    + "'");
        };
        String modelled = info.parameter(ROBOT_MODEL, "true").trim().toLowerCase(Locale.ROOT);
        if (!modelled.equals("true") && !modelled.equals("false")) {
            throw new IllegalArgumentException(ROBOT_MODEL + ": expected true (the model for each state in the"
                    + " robot_model/* interfaces) or false, got '" + modelled + "'");
        }
        return new FrankaDriverSettings(ip, port, protocol, armId, shaping, connect, receive, move, flightLog,
                cartesianController, modelled.equals("true"));
    }

    private static int integer(HardwareInfo info, String key, int fallback, int min, int max) {
        String text = info.parameter(key, null);
        if (text == null || text.isBlank()) {
            return fallback;
        }
        try {
            int v = Integer.parseInt(text.trim());
            if (v < min || v > max) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + ": expected an integer from " + min + " to " + max + ", got '"
                    + text + "'");
        }
    }

    /** The versions to try in Connect, in order: the configured one, or 10 then 7. */
    ProtocolVersion firstVersion() {
        return protocol != null ? protocol : ProtocolVersion.V10;
    }
}
