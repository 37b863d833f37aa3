package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Hashtable;

import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.channel.ClientChannel;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.io.nio2.Nio2ServiceFactoryFactory;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/**
 * Remote management in the real framework: ConfigAdmin enables the SSH server, a one-shot command and the
 * interactive RoboCell shell run over SSH, {@code exit} closes only the remote session, deleting the configuration
 * closes the port, and FileInstall installs a bundle uploaded over SFTP only once the upload is complete.
 */
class RemoteSshTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    @Test
    void configAdminEnablesSshAndTheShellRunsOverIt() throws Exception {
        Path dir = Files.createTempDirectory("robocell-ssh");
        KeyPair key = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        Files.writeString(dir.resolve("authorized_keys"), PublicKeyEntry.toString(key.getPublic()) + " itest\n");
        int port = freePort();

        Configuration config = configAdmin.getConfiguration("org.robocell.remote.ssh", "?");
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("enabled", "true");
        props.put("port", String.valueOf(port));
        props.put("authorizedKeys", dir.resolve("authorized_keys").toString());
        props.put("hostKey", dir.resolve("host.key").toString());
        config.update(props);
        SshClient client = SshClient.setUpDefaultClient();
        client.setIoServiceFactoryFactory(new Nio2ServiceFactoryFactory());
        client.setServerKeyVerifier((session, address, hostKey) -> true);
        client.start();
        try {
            awaitListening(port, true);
            try (ClientSession session = client.connect("operator", "127.0.0.1", port).verify(TIMEOUT).getSession()) {
                session.addPublicKeyIdentity(key);
                session.auth().verify(TIMEOUT);

                ByteArrayOutputStream out = new ByteArrayOutputStream();
                ByteArrayOutputStream err = new ByteArrayOutputStream();
                assertEquals(0, exec(session, "controller:types", out, err), err.toString(StandardCharsets.UTF_8));
                assertTrue(out.toString(StandardCharsets.UTF_8).contains("joint_trajectory_controller/JointTrajectoryController"),
                        out.toString(StandardCharsets.UTF_8));

                out.reset();
                err.reset();
                assertEquals(1, exec(session, "controller:nonsense", out, err));
                assertTrue(err.toString(StandardCharsets.UTF_8).contains("controller:nonsense"), err.toString(StandardCharsets.UTF_8));

                ByteArrayOutputStream screen = new ByteArrayOutputStream();
                try (ChannelShell shell = session.createShellChannel()) {
                    shell.setPtyType("xterm");
                    shell.setOut(screen);
                    shell.setErr(screen);
                    shell.open().verify(TIMEOUT);
                    OutputStream keys = shell.getInvertedIn();
                    awaitText(screen, "robocell> ");
                    keys.write("hardware:plugins\r".getBytes(StandardCharsets.UTF_8));
                    keys.flush();
                    awaitText(screen, "mock_components/GenericSystem");
                    keys.write("exit\r".getBytes(StandardCharsets.UTF_8));
                    keys.flush();
                    shell.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), TIMEOUT);
                    assertEquals(0, shell.getExitStatus(), screen.toString(StandardCharsets.UTF_8));
                }
                // exit closed the remote session only: the framework runs on and answers
                assertEquals(Bundle.ACTIVE, context.getBundle(0).getState());
                out.reset();
                assertEquals(0, exec(session, "lb -s org.robocell.remote", out, err));
                assertTrue(out.toString(StandardCharsets.UTF_8).contains("Active"), out.toString(StandardCharsets.UTF_8));
            }
        } finally {
            client.stop();
            config.delete();
        }
        awaitListening(port, false);
    }

    @Test
    void aBundleUploadedOverSftpIsInstalledOnlyOnceItIsComplete() throws Exception {
        Path dir = Files.createTempDirectory("robocell-ssh");
        KeyPair key = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        Files.writeString(dir.resolve("authorized_keys"), PublicKeyEntry.toString(key.getPublic()) + " itest\n");
        int port = freePort();
        Path deploy = Path.of(context.getProperty("felix.fileinstall.dir")).toAbsolutePath();
        Path uploaded = deploy.resolve("org.robocell.itests.uploaded.jar");
        Path marker = deploy.resolve("org.robocell.itests.marker.jar");
        Path jar = dir.resolve("bundle.jar");
        RuntimeTest.writeBundle(jar, "org.robocell.itests.uploaded");
        byte[] bundle = Files.readAllBytes(jar);

        Configuration config = configAdmin.getConfiguration("org.robocell.remote.ssh", "?");
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("enabled", "true");
        props.put("port", String.valueOf(port));
        props.put("authorizedKeys", dir.resolve("authorized_keys").toString());
        props.put("hostKey", dir.resolve("host.key").toString());
        config.update(props);
        SshClient client = SshClient.setUpDefaultClient();
        client.setIoServiceFactoryFactory(new Nio2ServiceFactoryFactory());
        client.setServerKeyVerifier((session, address, hostKey) -> true);
        client.start();
        try {
            awaitListening(port, true);
            try (ClientSession session = client.connect("operator", "127.0.0.1", port).verify(TIMEOUT).getSession()) {
                session.addPublicKeyIdentity(key);
                session.auth().verify(TIMEOUT);
                try (SftpClient sftp = SftpClientFactory.instance().createSftpClient(session)) {
                    SftpClient.Handle upload = sftp.open(uploaded.getFileName().toString(), SftpClient.OpenMode.Write,
                            SftpClient.OpenMode.Create, SftpClient.OpenMode.Truncate);
                    // every byte sent, the handle still open: the whole jar sits in deploy/ under a hidden name
                    sftp.write(upload, 0, bundle);
                    // FileInstall installs a jar after two scans that see it unchanged: once a jar dropped now is
                    // installed, FileInstall has seen the hidden upload at least as long
                    RuntimeTest.writeBundle(marker, "org.robocell.itests.marker");
                    awaitBundle("org.robocell.itests.marker", true);
                    assertFalse(installed("org.robocell.itests.uploaded"),
                            "FileInstall installed an upload before the client closed it");

                    sftp.close(upload);
                    awaitBundle("org.robocell.itests.uploaded", true);
                }
            }
        } finally {
            client.stop();
            config.delete();
            Files.deleteIfExists(uploaded);
            Files.deleteIfExists(marker);
        }
        awaitBundle("org.robocell.itests.uploaded", false);
        awaitBundle("org.robocell.itests.marker", false);
        awaitListening(port, false);
    }

    private boolean installed(String symbolicName) {
        return Arrays.stream(context.getBundles()).anyMatch(b -> symbolicName.equals(b.getSymbolicName()));
    }

    /** Bounded wait until FileInstall has installed (or uninstalled) the bundle. */
    private void awaitBundle(String symbolicName, boolean present) throws InterruptedException {
        for (int i = 0; i < 400 && installed(symbolicName) != present; i++) {
            Thread.sleep(50);
        }
        assertEquals(present, installed(symbolicName), symbolicName + (present ? " never installed" : " never uninstalled"));
    }

    private static int exec(ClientSession session, String command, ByteArrayOutputStream out, ByteArrayOutputStream err)
            throws IOException {
        try (ClientChannel channel = session.createExecChannel(command)) {
            channel.setOut(out);
            channel.setErr(err);
            channel.open().verify(TIMEOUT);
            channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), TIMEOUT);
            return channel.getExitStatus();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Bounded wait until the port accepts (or refuses) connections; ConfigAdmin and DS work asynchronously. */
    private static void awaitListening(int port, boolean listening) throws InterruptedException {
        for (int i = 0; i < 200; i++) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                if (listening) {
                    return;
                }
            } catch (IOException refused) {
                if (!listening) {
                    return;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("port " + port + (listening ? " never opened" : " never closed"));
    }

    private static void awaitText(ByteArrayOutputStream screen, String text) throws InterruptedException {
        for (int i = 0; i < 400; i++) {
            if (screen.toString(StandardCharsets.UTF_8).contains(text)) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the screen never showed '" + text + "':\n" + screen.toString(StandardCharsets.UTF_8));
    }
}
