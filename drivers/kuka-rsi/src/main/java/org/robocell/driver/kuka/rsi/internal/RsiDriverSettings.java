package org.robocell.driver.kuka.rsi.internal;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;

import org.robocell.api.hardware.HardwareInfo;
import org.robocell.driver.kuka.rsi.protocol.CorrectionMode;
import org.robocell.driver.kuka.rsi.protocol.RsiChannelMap;

/**
 * The {@code <hardware><param>}s of an RSI component, checked once at init. Keys and defaults are listed in the
 * module README.
 */
record RsiDriverSettings(InetAddress listenAddress, int listenPort, RobotAddress robotAddress, long receiveTimeoutNanos,
        long activateTimeoutNanos, long inactiveReadPeriodNanos, long maxIpocJump, int receiveBufferBytes,
        boolean connectToRobot, CorrectionMode correctionMode, String statusPrefix, String posePrefix, String ioPrefix,
        RsiChannelMap channels, String correctionPrefix, double maxCorrectionTranslation,
        double maxCorrectionRotation, List<String> stringInputs, java.util.Map<String, String> stringOutputs) {

    static final String LISTEN_ADDRESS = "listen_address";
    static final String LISTEN_PORT = "listen_port";
    /** kuka_drivers' names for the same two settings */
    static final String CLIENT_IP = "client_ip";
    static final String CLIENT_PORT = "client_port";
    static final String ROBOT_ADDRESS = "robot_address";
    static final String RECEIVE_TIMEOUT_MS = "receive_timeout_ms";
    static final String ACTIVATE_TIMEOUT_MS = "activate_timeout_ms";
    static final String INACTIVE_READ_PERIOD_MS = "inactive_read_period_ms";
    static final String MAX_IPOC_JUMP = "max_ipoc_jump";
    static final String RECEIVE_BUFFER_BYTES = "receive_buffer_bytes";
    static final String CONNECT_TO_ROBOT = "connect_to_robot";
    static final String CORRECTION_MODE = "correction_mode";
    static final String STATUS_PREFIX = "status_prefix";
    static final String POSE_PREFIX = "pose_prefix";
    static final String IO_PREFIX = "io_prefix";
    static final String SEN_TYPE = "rsi_sen_type";
    static final String ACTUAL_AXES = "rsi_actual_axes";
    static final String ACTUAL_POSE = "rsi_actual_pose";
    static final String DELAY = "rsi_delay";
    static final String IPOC = "rsi_ipoc";
    static final String AXIS_COMMAND = "rsi_axis_command";
    static final String STOP = "rsi_stop";
    static final String INPUTS = "rsi_inputs";
    static final String OUTPUTS = "rsi_outputs";
    static final String CONFIGURATION = "rsi_configuration";
    static final String EXTERNAL_AXES = "rsi_external_axes";
    static final String EXTERNAL_ACTUAL_AXES = "rsi_external_actual_axes";
    static final String EXTERNAL_AXIS_COMMAND = "rsi_external_axis_command";
    static final String SETPOINT_POSE = "rsi_setpoint_pose";
    static final String SETPOINT_AXES = "rsi_setpoint_axes";
    static final String CARTESIAN_CORRECTION = "rsi_cartesian_correction";
    static final String CORRECTION_PREFIX = "correction_prefix";
    static final String MAX_CORRECTION_TRANSLATION = "rsi_correction_max_translation";
    static final String MAX_CORRECTION_ROTATION = "rsi_correction_max_rotation";
    static final String STRING_INPUTS = "rsi_string_inputs";
    static final String STRING_OUTPUTS = "rsi_string_outputs";

    static final int DEFAULT_PORT = 49152;
    /** IPOC units: ms of controller time on a KR C4, 250 cycles at 4 ms, ten times the default receive timeout */
    static final long DEFAULT_MAX_IPOC_JUMP = 1000;
    static final int DEFAULT_RECEIVE_BUFFER_BYTES = 0;

    /**
     * @param jointCount the component's joints: robot axes A1.. first, then {@value #EXTERNAL_AXES} external axes
     */
    static RsiDriverSettings from(HardwareInfo info, int jointCount) {
        String address = info.parameter(LISTEN_ADDRESS, info.parameter(CLIENT_IP, "0.0.0.0"));
        int port = (int) integer(info, LISTEN_PORT,
                info.parameters().containsKey(CLIENT_PORT) ? integer(info, CLIENT_PORT, DEFAULT_PORT, 0, 65535)
                        : DEFAULT_PORT,
                0, 65535);
        String robot = info.parameter(ROBOT_ADDRESS, "").trim();
        int externalAxes = (int) integer(info, EXTERNAL_AXES, 0, 0, 6);
        int axisCount = jointCount - externalAxes;
        if (axisCount < 1 || axisCount > 6) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' has " + jointCount + " joints and "
                    + EXTERNAL_AXES + "=" + externalAxes + ": an RSI robot has 1 to 6 axes (A1..A6) followed by 0 to 6"
                    + " external axes (E1..E6)");
        }
        RsiChannelMap defaults = RsiChannelMap.preset(info.parameter(CONFIGURATION, "kuka_drivers"), axisCount);
        RsiChannelMap channels = new RsiChannelMap(axisCount,
                info.parameter(ACTUAL_AXES, defaults.actualAxes()).trim(),
                info.parameter(ACTUAL_POSE, defaults.actualPose()).trim(),
                info.parameter(DELAY, defaults.delay()).trim(),
                info.parameter(IPOC, defaults.ipoc()).trim(),
                list(info.parameter(INPUTS, "")),
                info.parameter(SEN_TYPE, defaults.senType()).trim(),
                info.parameter(AXIS_COMMAND, defaults.axisCommand()).trim(),
                info.parameter(STOP, defaults.stop()).trim(),
                list(info.parameter(OUTPUTS, "")),
                externalAxes,
                info.parameter(EXTERNAL_ACTUAL_AXES, externalAxes > 0 && defaults.externalActualAxes().isEmpty()
                        ? "EIPos" : defaults.externalActualAxes()).trim(),
                info.parameter(EXTERNAL_AXIS_COMMAND, defaults.externalAxisCommand()).trim(),
                info.parameter(SETPOINT_POSE, defaults.setpointPose()).trim(),
                info.parameter(SETPOINT_AXES, defaults.setpointAxes()).trim(),
                info.parameter(CARTESIAN_CORRECTION, defaults.cartesianCorrection()).trim());
        // building the layouts checks every name and the 64-channel limit now rather than at configure
        channels.robotLayout();
        channels.replyLayout();
        return new RsiDriverSettings(
                host(info, LISTEN_ADDRESS, address),
                port,
                robot.isEmpty() ? null : RobotAddress.parse(info.name(), ROBOT_ADDRESS, robot),
                millis(info, RECEIVE_TIMEOUT_MS, 100),
                millis(info, ACTIVATE_TIMEOUT_MS, 10_000),
                millis(info, INACTIVE_READ_PERIOD_MS, 4),
                integer(info, MAX_IPOC_JUMP, DEFAULT_MAX_IPOC_JUMP, 1, 1L << 40),
                (int) integer(info, RECEIVE_BUFFER_BYTES, DEFAULT_RECEIVE_BUFFER_BYTES, 0, 1 << 30),
                bool(info, CONNECT_TO_ROBOT, true),
                CorrectionMode.parse(info.parameter(CORRECTION_MODE, "relative")),
                name(info, STATUS_PREFIX, "rsi"),
                name(info, POSE_PREFIX, "tcp"),
                name(info, IO_PREFIX, "rsi_io"),
                channels,
                name(info, CORRECTION_PREFIX, "tcp_correction"),
                magnitude(info, MAX_CORRECTION_TRANSLATION, 0.1, 2.0),
                magnitude(info, MAX_CORRECTION_ROTATION, Math.toRadians(10), Math.PI),
                stringInputs(info),
                stringOutputs(info));
    }

    /** Element names of the robot's string channels: XML names. */
    private static List<String> stringInputs(HardwareInfo info) {
        List<String> names = list(info.parameter(STRING_INPUTS, ""));
        for (String n : names) {
            if (!n.matches("[A-Za-z_][A-Za-z0-9_-]*")) {
                throw new IllegalArgumentException("hardware '" + info.name() + "' parameter '" + STRING_INPUTS
                        + "': " + Texts.quoted(n) + " is not an element name (a letter or '_', then letters, digits,"
                        + " '_', '-')");
            }
        }
        return names;
    }

    /** {@code Name=text} pairs, comma separated: the texts every reply carries. */
    private static java.util.Map<String, String> stringOutputs(HardwareInfo info) {
        java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String pair : list(info.parameter(STRING_OUTPUTS, ""))) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("hardware '" + info.name() + "' parameter '" + STRING_OUTPUTS
                        + "': " + Texts.quoted(pair) + " must be Name=text");
            }
            out.put(pair.substring(0, eq).trim(), pair.substring(eq + 1));
        }
        return out;
    }

    /** A limit: a number greater than 0 and at most {@code max}. */
    private static double magnitude(HardwareInfo info, String key, double fallback, double max) {
        double v = info.doubleParameter(key, fallback);
        if (!(v > 0) || v > max) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' parameter '" + key
                    + "' must be a number greater than 0 and at most " + max + ", got " + info.parameters().get(key));
        }
        return v;
    }

    private static List<String> list(String commaSeparated) {
        return Arrays.stream(commaSeparated.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    private static String name(HardwareInfo info, String key, String fallback) {
        String v = info.parameter(key, fallback).trim();
        if (v.isEmpty() || v.contains("/")) {
            throw new IllegalArgumentException(
                    "hardware '" + info.name() + "' parameter '" + key + "' must be a non-empty name without '/'");
        }
        return v;
    }

    private static long millis(HardwareInfo info, String key, long fallbackMillis) {
        double ms = info.doubleParameter(key, fallbackMillis);
        if (!(ms > 0) || ms > 3_600_000) {
            throw new IllegalArgumentException(
                    "hardware '" + info.name() + "' parameter '" + key + "' must be a positive number of milliseconds");
        }
        return (long) (ms * 1_000_000);
    }

    private static boolean bool(HardwareInfo info, String key, boolean fallback) {
        String v = info.parameter(key, String.valueOf(fallback)).trim();
        if (v.equalsIgnoreCase("true")) {
            return true;
        }
        if (v.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException(
                "hardware '" + info.name() + "' parameter '" + key + "' must be true or false, got '" + v + "'");
    }

    private static long integer(HardwareInfo info, String key, long fallback, long min, long max) {
        double v = info.doubleParameter(key, fallback);
        if (v != Math.rint(v) || v < min || v > max) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' parameter '" + key
                    + "' must be an integer in " + min + ".." + max + ", got " + info.parameters().get(key));
        }
        return (long) v;
    }

    private static InetAddress host(HardwareInfo info, String key, String text) {
        try {
            // a literal address or a name resolved once, off the loop
            return InetAddress.getByName(text.trim());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(
                    "hardware '" + info.name() + "' parameter '" + key + "': unknown host '" + text + "'");
        }
    }
}
