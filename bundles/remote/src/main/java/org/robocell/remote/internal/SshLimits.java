package org.robocell.remote.internal;

import java.time.Duration;

/**
 * What one client may hold or send: connections that have not logged in (all together and per address), the time
 * and the attempts a login may take, and the size of uploads into deploy/.
 */
record SshLimits(Duration loginTimeout, int maxAuthTries, int maxUnauthenticated, int maxUnauthenticatedPerAddress,
        long maxUploadBytes, long maxDeployBytes, int maxDeployFiles) {

    static final long DEFAULT_LOGIN_TIMEOUT_SECONDS = 30;
    static final int DEFAULT_MAX_AUTH_TRIES = 6;
    static final int DEFAULT_MAX_UNAUTHENTICATED = 30;
    static final int DEFAULT_MAX_UNAUTHENTICATED_PER_ADDRESS = 10;
    static final long DEFAULT_MAX_UPLOAD_BYTES = 64L << 20;
    static final long DEFAULT_MAX_DEPLOY_BYTES = 1L << 30;
    static final int DEFAULT_MAX_DEPLOY_FILES = 1000;

    static final SshLimits DEFAULTS = new SshLimits(Duration.ofSeconds(DEFAULT_LOGIN_TIMEOUT_SECONDS),
            DEFAULT_MAX_AUTH_TRIES, DEFAULT_MAX_UNAUTHENTICATED, DEFAULT_MAX_UNAUTHENTICATED_PER_ADDRESS,
            DEFAULT_MAX_UPLOAD_BYTES, DEFAULT_MAX_DEPLOY_BYTES, DEFAULT_MAX_DEPLOY_FILES);

    SshLimits {
        positive("loginTimeout", loginTimeout.toMillis());
        positive("maxAuthTries", maxAuthTries);
        positive("maxUnauthenticated", maxUnauthenticated);
        positive("maxUnauthenticatedPerAddress", maxUnauthenticatedPerAddress);
        positive("maxUploadBytes", maxUploadBytes);
        positive("maxDeployBytes", maxDeployBytes);
        positive("maxDeployFiles", maxDeployFiles);
    }

    static SshLimits of(SshConfiguration config) {
        return new SshLimits(Duration.ofSeconds(config.loginTimeout()), config.maxAuthTries(),
                config.maxUnauthenticated(), config.maxUnauthenticatedPerAddress(), config.maxUploadBytes(),
                config.maxDeployBytes(), config.maxDeployFiles());
    }

    SshLimits withLoginTimeout(Duration timeout) {
        return new SshLimits(timeout, maxAuthTries, maxUnauthenticated, maxUnauthenticatedPerAddress, maxUploadBytes,
                maxDeployBytes, maxDeployFiles);
    }

    SshLimits withMaxAuthTries(int tries) {
        return new SshLimits(loginTimeout, tries, maxUnauthenticated, maxUnauthenticatedPerAddress, maxUploadBytes,
                maxDeployBytes, maxDeployFiles);
    }

    SshLimits withUnauthenticated(int total, int perAddress) {
        return new SshLimits(loginTimeout, maxAuthTries, total, perAddress, maxUploadBytes, maxDeployBytes,
                maxDeployFiles);
    }

    SshLimits withDeploy(long uploadBytes, long deployBytes, int deployFiles) {
        return new SshLimits(loginTimeout, maxAuthTries, maxUnauthenticated, maxUnauthenticatedPerAddress, uploadBytes,
                deployBytes, deployFiles);
    }

    private static void positive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive, not " + value);
        }
    }
}
