package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exported runtime on a terminal (a pty from util-linux {@code script}), its local shell waiting for input, and
 * an operator who logs in over SSH and types {@code shutdown}: the cell stops at once, without anyone pressing Enter
 * at the local console, and the log names the remote user, the key's fingerprint and the address.
 */
class RemoteShutdownTest {

    private static final Path JAR = Path.of("../runtime/target/robocell.jar").toAbsolutePath().normalize();
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path work;

    @Test
    void aRemoteShutdownStopsTheCellWhileTheLocalShellWaitsForInputAndTheLogSaysWhoAsked() throws Exception {
        Path script = onPath("script");
        assumeTrue(script != null, "needs util-linux script(1) for a terminal");
        assertTrue(Files.isRegularFile(JAR), "build the runtime first: " + JAR);
        KeyPair key = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        int port = freePort();
        Path etc = Files.createDirectories(work.resolve("etc"));
        Files.setPosixFilePermissions(etc, PosixFilePermissions.fromString("rwx------"));
        Files.writeString(etc.resolve("authorized_keys"), PublicKeyEntry.toString(key.getPublic()) + " operator\n");
        Files.createDirectories(work.resolve("deploy"));
        Files.writeString(work.resolve("deploy/org.robocell.remote.ssh.cfg"), "enabled=true\nport=" + port + "\n");

        String java = ProcessHandle.current().info().command().orElse("java");
        // the pty of script(1) without a terminal on its stdin has 0 columns, on which JLine 3.21 spins forever
        // drawing the prompt: give it the size of a real terminal. enableConfigSave=false: FileInstall rewrites a
        // .cfg in place while it reads it, which can empty it.
        String cell = "stty cols 120 rows 40; exec '" + java + "' -Dfelix.fileinstall.enableConfigSave=false -jar '"
                + JAR + "'";
        Process p = new ProcessBuilder(script.toString(), "-qfec", cell, "/dev/null").directory(work.toFile())
                .redirectErrorStream(true).start(); // stdin: a pipe that stays open and silent, like an idle operator
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        Thread reader = copy(p.getInputStream(), screen);
        Supplier<String> text = () -> {
            synchronized (screen) {
                return screen.toString(StandardCharsets.UTF_8);
            }
        };
        SshClient client = SshClient.setUpDefaultClient();
        client.setServerKeyVerifier((session, address, hostKey) -> true);
        client.start();
        try {
            await(text, "SSH server listening on 127.0.0.1:" + port);
            await(text, "robocell> ");

            try (ClientSession session = client.connect("operator", "127.0.0.1", port).verify(TIMEOUT).getSession()) {
                session.addPublicKeyIdentity(key);
                session.auth().verify(TIMEOUT);
                try (ChannelExec exec = session.createExecChannel("shutdown")) {
                    exec.setOut(new ByteArrayOutputStream());
                    exec.setErr(new ByteArrayOutputStream());
                    exec.open().verify(TIMEOUT);
                    exec.waitFor(EnumSet.of(ClientChannelEvent.CLOSED, ClientChannelEvent.EXIT_STATUS), TIMEOUT);
                    assertEquals(0, exec.getExitStatus(), text.get());
                }
            }
            assertTrue(p.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS),
                    "the cell kept running after the remote shutdown (its local shell waits for Enter):\n" + text.get());
            assertEquals(0, p.exitValue(), text.get());
            reader.join(TIMEOUT.toMillis());
            String fingerprint = KeyUtils.getFingerPrint(key.getPublic());
            assertTrue(text.get().contains("shutdown requested by operator (ssh-ed25519 " + fingerprint
                    + ") from 127.0.0.1:"), text.get());
        } finally {
            client.stop();
            if (p.isAlive()) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
    }

    private static Thread copy(InputStream in, ByteArrayOutputStream screen) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[4096];
            try {
                for (int n; (n = in.read(buffer)) > 0;) {
                    synchronized (screen) {
                        screen.write(buffer, 0, n);
                    }
                }
            } catch (IOException closed) {
                // the process ended
            }
        }, "robocell-screen");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void await(Supplier<String> text, String expected) throws InterruptedException {
        for (int i = 0; i < 1200 && !text.get().contains(expected); i++) {
            Thread.sleep(50);
        }
        assertTrue(text.get().contains(expected), "never showed '" + expected + "':\n" + text.get());
    }

    private static Path onPath(String program) {
        for (String dir : List.of(System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator))) {
            Path p = Path.of(dir, program);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
