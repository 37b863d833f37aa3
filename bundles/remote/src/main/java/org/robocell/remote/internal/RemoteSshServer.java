package org.robocell.remote.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.util.List;
import java.util.function.Supplier;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.sshd.common.io.nio2.Nio2ServiceFactoryFactory;
import org.apache.sshd.core.CoreModuleProperties;
import org.apache.sshd.scp.server.ScpCommandFactory;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.auth.pubkey.UserAuthPublicKeyFactory;
import org.apache.sshd.server.forward.RejectAllForwardingFilter;
import org.apache.sshd.server.session.ServerSession;
import org.robocell.console.ShellRunner;

/**
 * The SSH server of a cell: public-key authentication only (authorized_keys with its options), the interactive shell,
 * one-shot commands, and SFTP/SCP confined to the deploy folder. No passwords, no keyboard-interactive, no port,
 * agent or X11 forwarding; bounded connections that have not logged in, login time and attempts, and uploads.
 * Usable without OSGi: give it the settings, a command processor and (optionally) a shell runner.
 */
final class RemoteSshServer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("org.robocell.remote");

    private final SshSettings settings;
    private final CommandProcessor processor;
    private final Supplier<ShellRunner> shell;
    private SshServer server;
    private ConnectionLimits connections;

    RemoteSshServer(SshSettings settings, CommandProcessor processor, Supplier<ShellRunner> shell) {
        this.settings = settings;
        this.processor = processor;
        this.shell = shell;
    }

    synchronized void start() throws IOException, GeneralSecurityException {
        if (server != null) {
            throw new IllegalStateException("already started");
        }
        Files.createDirectories(settings.deployDir());
        SshLimits limits = settings.limits();
        SshServer s = SshServer.setUpDefaultServer();
        s.setIoServiceFactoryFactory(new Nio2ServiceFactoryFactory());
        s.setHost(settings.host());
        s.setPort(settings.port());
        s.setKeyPairProvider(HostKeys.load(settings.hostKey()));

        AuthorizedKeysFile keys = new AuthorizedKeysFile(settings.authorizedKeys());
        s.setUserAuthFactories(List.of(UserAuthPublicKeyFactory.INSTANCE));
        s.setPublickeyAuthenticator(new KeyAuthenticator(keys));
        s.setPasswordAuthenticator(null);
        s.setKeyboardInteractiveAuthenticator(null);
        s.setGSSAuthenticator(null);
        s.setHostBasedAuthenticator(null);

        s.setForwardingFilter(RejectAllForwardingFilter.INSTANCE);
        s.setAgentFactory(null);
        s.setChannelFactories(List.of(KeyChannelSession.FACTORY));

        DeployUploads uploads = new DeployUploads(settings.deployDir(), limits);
        ChannelCommands commands = new ChannelCommands(processor, shell, new ScpCommandFactory.Builder()
                .withFileOpener(new DeployScp(uploads))
                .withDelegate((channel, command) -> new ExecChannel(processor, command))
                .build());
        s.setShellFactory(commands);
        s.setCommandFactory(commands);
        s.setSubsystemFactories(List.of(commands.subsystem(DeploySftp.factory(uploads))));
        s.setFileSystemFactory(new DeployFileSystem(settings.deployDir()));

        CoreModuleProperties.IDLE_TIMEOUT.set(s, settings.idleTimeout());
        // a command's output, exit status, EOF and close are small packets in a row: with Nagle's algorithm each
        // waited for the client's delayed ACK (40 ms on Linux)
        CoreModuleProperties.TCP_NODELAY.set(s, true);
        CoreModuleProperties.AUTH_TIMEOUT.set(s, limits.loginTimeout());
        CoreModuleProperties.MAX_AUTH_REQUESTS.set(s, limits.maxAuthTries());
        connections = new ConnectionLimits(limits.maxUnauthenticated(), limits.maxUnauthenticatedPerAddress());
        s.addSessionListener(connections);
        s.addSessionListener(new LoginLog());

        uploads.removeLeftovers();
        s.start();
        server = s;
        if (keys.read().refusal() == AuthorizedKeysFile.Refusal.MISSING) {
            LOG.log(Level.WARNING, "SSH: no authorized keys file {0}: nobody can log in until it exists",
                    settings.authorizedKeys());
        }
        LOG.log(Level.INFO, "SSH server listening on {0}:{1} (public keys from {2}; SFTP/SCP into {3})",
                settings.host(), String.valueOf(port()), settings.authorizedKeys(), settings.deployDir());
    }

    /** The port the server listens on (the configured one, or the one the system chose for port 0). */
    synchronized int port() {
        if (server == null) {
            throw new IllegalStateException("not started");
        }
        return server.getPort();
    }

    /** Connections that have not logged in yet: all ({@code null}) or from one address. */
    synchronized int unauthenticated(String address) {
        return connections == null ? 0 : connections.pending(address);
    }

    synchronized boolean isRunning() {
        return server != null && server.isStarted();
    }

    @Override
    public synchronized void close() {
        if (server == null) {
            return;
        }
        try {
            server.stop(true);
            LOG.log(Level.INFO, "SSH server on {0}:{1} stopped", settings.host(), String.valueOf(server.getPort()));
        } catch (IOException e) {
            LOG.log(Level.WARNING, "SSH server did not stop cleanly: {0}", e.getMessage());
        } finally {
            server = null;
        }
    }

    static String address(ServerSession s) {
        SocketAddress a = s.getClientAddress();
        return a instanceof InetSocketAddress i ? i.getHostString() + ":" + i.getPort() : String.valueOf(a);
    }
}
