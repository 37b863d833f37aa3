package org.robocell.remote.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The SSH server's configuration (PID {@value SshComponent#PID}). Off unless {@code enabled=true}; a
 * {@code deploy/org.robocell.remote.ssh.cfg} file is enough (FileInstall hands it to ConfigAdmin). Relative paths
 * are resolved against the working directory of the runtime.
 */
@ObjectClassDefinition(name = "RoboCell SSH server",
        description = "Remote shell, one-shot commands and SFTP/SCP into deploy/, public-key authentication only.")
@interface SshConfiguration {

    @AttributeDefinition(description = "Start the SSH server. Off by default.")
    boolean enabled() default false;

    @AttributeDefinition(description = "Address to listen on. Loopback unless configured otherwise; 0.0.0.0 for every interface.")
    String host() default "127.0.0.1";

    @AttributeDefinition(description = "TCP port (0: any free port).", min = "0", max = "65535")
    int port() default 8101;

    @AttributeDefinition(description = "OpenSSH authorized_keys file (ssh-ed25519, ecdsa-sha2-*, ssh-rsa); re-read when it changes.")
    String authorizedKeys() default "etc/authorized_keys";

    @AttributeDefinition(description = "Host key file (OpenSSH format); generated on first start, readable by the owner only.")
    String hostKey() default "etc/host.key";

    @AttributeDefinition(description = "Seconds without traffic before a session is closed (0: never).", min = "0")
    long idleTimeout() default 1800;

    @AttributeDefinition(description = "Seconds a connection may take to log in before it is closed.", min = "1")
    long loginTimeout() default SshLimits.DEFAULT_LOGIN_TIMEOUT_SECONDS;

    @AttributeDefinition(description = "Authentication attempts (keys offered) per connection before it is closed.", min = "1")
    int maxAuthTries() default SshLimits.DEFAULT_MAX_AUTH_TRIES;

    @AttributeDefinition(description = "Connections that have not logged in yet, from all addresses together; more are closed at once.", min = "1")
    int maxUnauthenticated() default SshLimits.DEFAULT_MAX_UNAUTHENTICATED;

    @AttributeDefinition(description = "Connections that have not logged in yet, from one address; more are closed at once.", min = "1")
    int maxUnauthenticatedPerAddress() default SshLimits.DEFAULT_MAX_UNAUTHENTICATED_PER_ADDRESS;

    @AttributeDefinition(description = "Largest file an SFTP or SCP upload may write into deploy/, in bytes.", min = "1")
    long maxUploadBytes() default SshLimits.DEFAULT_MAX_UPLOAD_BYTES;

    @AttributeDefinition(description = "Uploads are refused once the files in deploy/ would take more bytes than this.", min = "1")
    long maxDeployBytes() default SshLimits.DEFAULT_MAX_DEPLOY_BYTES;

    @AttributeDefinition(description = "Uploads of new files are refused once deploy/ holds this many files.", min = "1")
    int maxDeployFiles() default SshLimits.DEFAULT_MAX_DEPLOY_FILES;
}
