package org.robocell.remote.internal;

import java.nio.file.Path;
import java.time.Duration;

/**
 * What the SSH server needs, resolved: absolute paths, the folder SFTP/SCP may reach (FileInstall's deploy/), and
 * the limits on clients.
 */
record SshSettings(String host, int port, Path authorizedKeys, Path hostKey, Path deployDir, Duration idleTimeout,
        SshLimits limits) {

    SshSettings {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be empty");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not a TCP port (0..65535)");
        }
        if (idleTimeout.isNegative()) {
            throw new IllegalArgumentException("idleTimeout must not be negative");
        }
        authorizedKeys = authorizedKeys.toAbsolutePath().normalize();
        hostKey = hostKey.toAbsolutePath().normalize();
        deployDir = deployDir.toAbsolutePath().normalize();
    }

    SshSettings(String host, int port, Path authorizedKeys, Path hostKey, Path deployDir, Duration idleTimeout) {
        this(host, port, authorizedKeys, hostKey, deployDir, idleTimeout, SshLimits.DEFAULTS);
    }

    SshSettings withLimits(SshLimits other) {
        return new SshSettings(host, port, authorizedKeys, hostKey, deployDir, idleTimeout, other);
    }

    static SshSettings of(SshConfiguration config, String deployDir) {
        return new SshSettings(config.host().strip(), config.port(), Path.of(config.authorizedKeys().strip()),
                Path.of(config.hostKey().strip()), Path.of(deployDir == null || deployDir.isBlank() ? "deploy" : deployDir),
                Duration.ofSeconds(config.idleTimeout()), SshLimits.of(config));
    }
}
