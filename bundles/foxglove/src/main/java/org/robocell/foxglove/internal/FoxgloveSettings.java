package org.robocell.foxglove.internal;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Checked settings of the server.
 *
 * @param host       the address to bind
 * @param port       the TCP port, 0 for any free one
 * @param decimation publish every n-th publication of a channel
 * @param token      what a client beyond loopback gives to set parameters; empty: nobody beyond loopback may
 * @param queue      messages queued per client before the oldest is dropped
 */
record FoxgloveSettings(String host, int port, int decimation, String token, int queue) {

    static final int DEFAULT_PORT = 8765;
    static final int DEFAULT_DECIMATION = 10;
    static final int DEFAULT_QUEUE = 256;

    FoxgloveSettings {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host: expected an address to listen on, e.g. 127.0.0.1");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port: expected 0..65535, got " + port);
        }
        if (decimation < 1) {
            throw new IllegalArgumentException("decimation: expected 1 or more, got " + decimation);
        }
        if (queue < 1) {
            throw new IllegalArgumentException("queue: expected 1 or more, got " + queue);
        }
        token = token == null ? "" : token.trim();
    }

    static FoxgloveSettings of(FoxgloveConfiguration c) {
        return new FoxgloveSettings(c.host() == null ? null : c.host().trim(), c.port(), c.decimation(), c.token(),
                c.queue());
    }

    /** Whether every address the host names is a loopback address (then every client is on this machine). */
    boolean loopbackOnly() {
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) {
                if (!a.isLoopbackAddress()) {
                    return false;
                }
            }
            return true;
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("host: '" + host + "' is not an address of this machine");
        }
    }
}
