package org.robocell.driver.kuka.eac.internal;

import java.net.InetAddress;
import java.net.UnknownHostException;

import org.robocell.api.hardware.HardwareInfo;
import org.robocell.driver.kuka.eac.protocol.ControlMode;
import org.robocell.driver.kuka.eac.protocol.QosProfile;

/**
 * The {@code <hardware><param>}s of an EAC component. The names are kuka_drivers' ({@code kuka_iiqka_eac_driver}:
 * {@code client_ip}, {@code controller_ip}, {@code consequent_lost_packets}, {@code lost_packets_in_timeframe},
 * {@code timeframe_ms}; {@code control_mode} of its robot_manager), the others RoboCell's.
 */
record EacDriverSettings(InetAddress clientIp, int clientPort, InetAddress controllerIp, int controllerPort,
        QosProfile qos, ControlMode controlMode, long receiveTimeoutNanos, long connectionTimeoutMs,
        long activateTimeoutMs, String statusPrefix, double maxCartesianVelocity, double maxCartesianAngularVelocity) {

    static final String CLIENT_IP = "client_ip";
    static final String CLIENT_PORT = "client_port";
    static final String CONTROLLER_IP = "controller_ip";
    static final String CONTROLLER_PORT = "controller_port";
    static final String CONSEQUENT_LOST_PACKETS = "consequent_lost_packets";
    static final String LOST_PACKETS_IN_TIMEFRAME = "lost_packets_in_timeframe";
    static final String TIMEFRAME_MS = "timeframe_ms";
    static final String CONTROL_MODE = "control_mode";
    static final String RECEIVE_TIMEOUT_MS = "receive_timeout_ms";
    static final String CONNECTION_TIMEOUT_MS = "connection_timeout_ms";
    static final String ACTIVATE_TIMEOUT_MS = "activate_timeout_ms";
    static final String STATUS_PREFIX = "status_prefix";
    static final String MAX_CARTESIAN_VELOCITY = "max_cartesian_velocity";
    static final String MAX_CARTESIAN_ANGULAR_VELOCITY = "max_cartesian_angular_velocity";

    /** @throws IllegalArgumentException one line naming the parameter and what was expected */
    static EacDriverSettings from(HardwareInfo info) {
        InetAddress client = address(info, CLIENT_IP);
        InetAddress controller = address(info, CONTROLLER_IP);
        QosProfile qos = new QosProfile(
                integer(info, CONSEQUENT_LOST_PACKETS, QosProfile.DEFAULT.consecutiveLostPackets(), 0, 5),
                integer(info, LOST_PACKETS_IN_TIMEFRAME, QosProfile.DEFAULT.lostPacketsInTimeframe(), 0, 25),
                integer(info, TIMEFRAME_MS, QosProfile.DEFAULT.timeframeMs(), 0, 3_600_000));
        QosProfile.Violation v = qos.check();
        if (v != QosProfile.Violation.NONE) {
            throw new IllegalArgumentException(prefix(info) + "QoS profile: " + qos.describe(v)
                    + " (the controller refuses it)");
        }
        ControlMode mode;
        try {
            mode = ControlMode.parse(info.parameter(CONTROL_MODE, "1"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(prefix(info) + CONTROL_MODE + ": " + e.getMessage());
        }
        if (!mode.isJointMode() && mode != ControlMode.WRENCH && info.joints().size() != 6) {
            throw new IllegalArgumentException(prefix(info) + CONTROL_MODE + "=" + info.parameter(CONTROL_MODE, "")
                    + ": the Cartesian modes need the LBR iisy 3 R760's six joints, the hardware has "
                    + info.joints().size());
        }
        return new EacDriverSettings(client, integer(info, CLIENT_PORT, 44444, 0, 65535), controller,
                integer(info, CONTROLLER_PORT, 49335, 1, 65535), qos, mode,
                integer(info, RECEIVE_TIMEOUT_MS, 100, 1, 60_000) * 1_000_000L,
                integer(info, CONNECTION_TIMEOUT_MS, 5000, 1, 600_000),
                integer(info, ACTIVATE_TIMEOUT_MS, 5000, 1, 600_000),
                info.parameter(STATUS_PREFIX, "eac").trim(),
                positive(info, MAX_CARTESIAN_VELOCITY, 1000),
                positive(info, MAX_CARTESIAN_ANGULAR_VELOCITY, Math.PI));
    }

    private static String prefix(HardwareInfo info) {
        return "hardware '" + info.name() + "' parameter ";
    }

    private static InetAddress address(HardwareInfo info, String key) {
        String v = info.parameter(key, null);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException(prefix(info) + "'" + key + "' is required: the "
                    + (key.equals(CLIENT_IP) ? "address of this PC on the controller's KONI network"
                            : "KR C5 micro's KONI address"));
        }
        try {
            return InetAddress.getByName(v.trim());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(prefix(info) + "'" + key + "'='" + v + "' is not an IP address or a"
                    + " known host name");
        }
    }

    private static double positive(HardwareInfo info, String key, double fallback) {
        String v = info.parameter(key, null);
        if (v == null) {
            return fallback;
        }
        try {
            double d = Double.parseDouble(v.trim());
            if (d > 0 && Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException e) {
            // the line below says what was expected
        }
        throw new IllegalArgumentException(prefix(info) + "'" + key + "'='" + v + "' must be a number above 0");
    }

    private static int integer(HardwareInfo info, String key, int fallback, int min, int max) {
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
            throw new IllegalArgumentException(prefix(info) + "'" + key + "'='" + v + "' must be a whole number in ["
                    + min + ", " + max + "]");
        }
    }
}
