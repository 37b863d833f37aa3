package org.robocell.driver.kuka.rsi.internal;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * The configured {@code robot_address}: the controller's IP and, when given, the UDP port it sends from. Only
 * datagrams from it can start a session; the session is then locked to the exact address and port of the first
 * one (so a port left out here is learnt from the robot's first datagram, anew at each activation).
 *
 * @param host the controller's address
 * @param port the controller's source port, or 0 for "whatever port its first datagram comes from"
 */
record RobotAddress(InetAddress host, int port) {

    /**
     * Reads {@code ip}, {@code ip:port}, {@code host}, {@code host:port}, an IPv6 literal or {@code [ipv6]:port}.
     *
     * @throws IllegalArgumentException naming the parameter and what was expected
     */
    static RobotAddress parse(String hardware, String key, String text) {
        String t = text.trim();
        String host = t;
        String port = null;
        if (t.startsWith("[")) {
            int close = t.indexOf(']');
            if (close < 0 || (close + 1 < t.length() && t.charAt(close + 1) != ':')) {
                throw invalid(hardware, key, text);
            }
            host = t.substring(1, close);
            port = close + 1 < t.length() ? t.substring(close + 2) : null;
        } else if (t.indexOf(':') >= 0 && t.indexOf(':') == t.lastIndexOf(':')) {
            // one colon: host:port (two or more: an IPv6 literal without a port)
            host = t.substring(0, t.indexOf(':'));
            port = t.substring(t.indexOf(':') + 1);
        }
        if (host.isEmpty()) {
            throw invalid(hardware, key, text);
        }
        int p = 0;
        if (port != null) {
            try {
                p = Integer.parseInt(port);
            } catch (NumberFormatException e) {
                p = -1;
            }
            if (p < 1 || p > 65535) {
                throw invalid(hardware, key, text);
            }
        }
        try {
            // a literal address or a name resolved once, off the loop
            return new RobotAddress(InetAddress.getByName(host), p);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(
                    "hardware '" + hardware + "' parameter '" + key + "': unknown host '" + host + "'");
        }
    }

    private static IllegalArgumentException invalid(String hardware, String key, String text) {
        return new IllegalArgumentException("hardware '" + hardware + "' parameter '" + key
                + "' must be the controller's IP, IP:port or [IPv6]:port (port 1..65535), got '" + text + "'");
    }

    /** True when a datagram from {@code source} may be the robot's. Allocates nothing. */
    boolean matches(InetSocketAddress source) {
        return host.equals(source.getAddress()) && (port == 0 || port == source.getPort());
    }

    /** The full address to lock to before the first datagram, when the port is configured; else null. */
    InetSocketAddress exact() {
        return port == 0 ? null : new InetSocketAddress(host, port);
    }

    @Override
    public String toString() {
        return port == 0 ? host.getHostAddress() + " (any port)" : new InetSocketAddress(host, port).toString();
    }
}
