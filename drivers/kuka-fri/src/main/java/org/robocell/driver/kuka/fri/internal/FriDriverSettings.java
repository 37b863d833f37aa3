package org.robocell.driver.kuka.fri.internal;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

import org.robocell.api.hardware.HardwareInfo;
import org.robocell.driver.kuka.fri.protocol.FriVersion;

/**
 * The {@code <hardware><param>}s of an FRI component, checked once at init. The names are kuka_drivers' where it has
 * the setting ({@code kuka_sunrise_fri_driver}: {@code client_ip}, {@code client_port}, {@code controller_ip} in the
 * URDF; {@code receive_multiplier}, {@code send_period_ms}, {@code control_mode}, {@code joint_stiffness},
 * {@code joint_damping} as robot_manager parameters). Keys and defaults are listed in the module README.
 */
record FriDriverSettings(InetAddress clientIp, int clientPort, InetAddress controllerIp, FriVersion version,
        int receiveMultiplier, int sendPeriodMs, FriControlMode controlMode, double[] jointStiffness,
        double[] jointDamping, long receiveTimeoutNanos, long activateTimeoutNanos, long inactiveReadPeriodNanos,
        String statusPrefix, double maxCartesianVelocity, double maxCartesianAngularVelocity) {

    static final String CLIENT_IP = "client_ip";
    static final String CLIENT_PORT = "client_port";
    static final String CONTROLLER_IP = "controller_ip";
    static final String FRI_VERSION = "fri_version";
    static final String RECEIVE_MULTIPLIER = "receive_multiplier";
    static final String SEND_PERIOD_MS = "send_period_ms";
    static final String CONTROL_MODE = "control_mode";
    static final String JOINT_STIFFNESS = "joint_stiffness";
    static final String JOINT_DAMPING = "joint_damping";
    static final String RECEIVE_TIMEOUT_MS = "receive_timeout_ms";
    static final String ACTIVATE_TIMEOUT_MS = "activate_timeout_ms";
    static final String INACTIVE_READ_PERIOD_MS = "inactive_read_period_ms";
    static final String STATUS_PREFIX = "status_prefix";
    static final String MAX_CARTESIAN_VELOCITY = "max_cartesian_velocity";
    static final String MAX_CARTESIAN_ANGULAR_VELOCITY = "max_cartesian_angular_velocity";

    /** {@code DEFAULT_PORTID} of the KUKA client SDK's examples */
    static final int DEFAULT_PORT = 30200;

    static FriDriverSettings from(HardwareInfo info, int joints) {
        InetAddress client = address(info, CLIENT_IP, "0.0.0.0");
        int port = (int) integer(info, CLIENT_PORT, DEFAULT_PORT, 0, 65535);
        String controller = info.parameter(CONTROLLER_IP, "").trim();
        InetAddress controllerIp = controller.isEmpty() || controller.equals("0.0.0.0") ? null
                : address(info, CONTROLLER_IP, controller);
        FriVersion version;
        try {
            version = FriVersion.parse(info.parameter(FRI_VERSION, "1"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' parameter " + FRI_VERSION + ": "
                    + e.getMessage());
        }
        FriControlMode mode;
        try {
            mode = FriControlMode.parse(info.parameter(CONTROL_MODE, "1"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' parameter " + e.getMessage());
        }
        if (mode == FriControlMode.CARTESIAN_POSITION_CONTROL && version != FriVersion.V2) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' parameter " + CONTROL_MODE + " 5"
                    + " (cartesian_position_control) needs FRI 2.x: FRI 1.x has no Cartesian pose command (parameter "
                    + FRI_VERSION + " is 1)");
        }
        // kuka_drivers' defaults (kuka_sunrise_fri_driver/config/driver_config.yaml)
        double[] stiffness = vector(info, JOINT_STIFFNESS, joints, 100.0, 0, Double.MAX_VALUE);
        double[] damping = vector(info, JOINT_DAMPING, joints, 0.7, 0, 1);
        return new FriDriverSettings(client, port, controllerIp, version,
                (int) integer(info, RECEIVE_MULTIPLIER, 1, 1, 100), (int) integer(info, SEND_PERIOD_MS, 0, 0, 100),
                mode, stiffness, damping, integer(info, RECEIVE_TIMEOUT_MS, 1000, 1, 60_000) * 1_000_000L,
                integer(info, ACTIVATE_TIMEOUT_MS, 10_000, 1, 600_000) * 1_000_000L,
                integer(info, INACTIVE_READ_PERIOD_MS, 10, 1, 1000) * 1_000_000L,
                info.parameter(STATUS_PREFIX, "fri"), real(info, MAX_CARTESIAN_VELOCITY, 1000.0, 1e-3, 10_000),
                real(info, MAX_CARTESIAN_ANGULAR_VELOCITY, Math.PI, 1e-6, 100));
    }

    private static double real(HardwareInfo info, String key, double fallback, double min, double max) {
        String text = info.parameter(key, String.valueOf(fallback)).trim();
        double v;
        try {
            v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' parameter " + key + "='" + text
                    + "' is not a number (expected " + min + " to " + max + ")");
        }
        if (!(v >= min && v <= max)) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' parameter " + key + "=" + v
                    + " is out of range (expected " + min + " to " + max + ")");
        }
        return v;
    }

    private static InetAddress address(HardwareInfo info, String key, String fallback) {
        String text = info.parameter(key, fallback).trim();
        try {
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' parameter " + key + "='" + text
                    + "' is not an IP address or a host name that resolves");
        }
    }

    private static long integer(HardwareInfo info, String key, long fallback, long min, long max) {
        String text = info.parameter(key, String.valueOf(fallback)).trim();
        long v;
        try {
            v = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' parameter " + key + "='" + text
                    + "' is not a whole number (expected " + min + " to " + max + ")");
        }
        if (v < min || v > max) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' parameter " + key + "=" + v
                    + " is out of range (expected " + min + " to " + max + ")");
        }
        return v;
    }

    /** "[100, 100, ...]" or "100 100 ..." or "100,100,...": one value per joint, each within [min, max] */
    private static double[] vector(HardwareInfo info, String key, int n, double fallback, double min, double max) {
        String text = info.parameter(key, "").trim();
        if (text.isEmpty()) {
            double[] v = new double[n];
            Arrays.fill(v, fallback);
            return v;
        }
        String[] parts = text.replace("[", "").replace("]", "").trim().split("[,\\s]+");
        if (parts.length != n) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' parameter " + key + " has "
                    + parts.length + " values, expected one per joint (" + n + ")");
        }
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            try {
                v[i] = Double.parseDouble(parts[i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("hardware '" + info.name() + "' parameter " + key + " value "
                        + (i + 1) + " '" + parts[i] + "' is not a number");
            }
            if (!(v[i] >= min && v[i] <= max)) {
                throw new IllegalArgumentException("hardware '" + info.name() + "' parameter " + key + " value "
                        + (i + 1) + " = " + v[i] + " is out of range (expected " + min + " to " + max + ")");
            }
        }
        return v;
    }
}
