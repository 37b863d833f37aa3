package org.robocell.web.internal;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Checked settings of the web console; a bad value is an {@link IllegalArgumentException} whose message names the
 * key and what was expected.
 *
 * @param host       the address to bind
 * @param port       the TCP port
 * @param token      what a browser gives to log in
 * @param generated  whether the token was generated at this start (then the log line shows it)
 * @param sampleRate how often the live view samples a channel, Hz
 * @param queue      batches queued per live-view client before the oldest is dropped
 */
record WebSettings(String host, int port, String token, boolean generated, int sampleRate, int queue) {

    static final String DEFAULT_HOST = "127.0.0.1";
    static final int DEFAULT_PORT = 8080;
    static final int DEFAULT_SAMPLE_RATE = 250;
    static final int DEFAULT_QUEUE = 64;
    static final int MIN_TOKEN = 16;
    private static final SecureRandom RANDOM = new SecureRandom();

    WebSettings {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host: expected an address to listen on, e.g. 127.0.0.1");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port: expected 1..65535, got " + port);
        }
        if (token == null || token.length() < MIN_TOKEN) {
            throw new IllegalArgumentException("token: expected at least " + MIN_TOKEN
                    + " characters (or none: a random one is generated), got " + (token == null ? 0 : token.length()));
        }
        if (sampleRate < 100 || sampleRate > 1000) {
            throw new IllegalArgumentException("sampleRate: expected 100..1000 (Hz), got " + sampleRate);
        }
        if (queue < 1) {
            throw new IllegalArgumentException("queue: expected 1 or more, got " + queue);
        }
        try {
            InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("host: '" + host + "' is not an address of this machine");
        }
    }

    static WebSettings of(WebConfiguration c) {
        String token = c.token() == null ? "" : c.token().trim();
        boolean generated = token.isEmpty();
        return new WebSettings(c.host() == null ? null : c.host().trim(), c.port(),
                generated ? newToken() : token, generated, c.sampleRate(), c.queue());
    }

    /** 24 random bytes as 48 hex digits, like Jupyter's tokens. */
    static String newToken() {
        byte[] b = new byte[24];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** The address a browser on this machine opens: loopback for a wildcard bind. */
    String browserHost() {
        return host.equals("0.0.0.0") || host.equals("::") ? "127.0.0.1" : host.contains(":") ? "[" + host + "]" : host;
    }
}
