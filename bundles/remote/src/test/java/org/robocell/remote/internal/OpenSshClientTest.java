package org.robocell.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server as operators reach it: OpenSSH's own ssh, scp (its SFTP mode and the old protocol, -O) and sftp, run as
 * processes against the server on loopback. Skipped where OpenSSH's client is not installed.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class OpenSshClientTest {

    @TempDir
    Path dir;

    TestCell cell;
    Path key;

    @BeforeEach
    void start() throws Exception {
        assumeTrue(onPath("ssh") && onPath("scp") && onPath("sftp") && onPath("ssh-keygen"), "needs OpenSSH's client");
        cell = new TestCell(dir, () -> null, SshLimits.DEFAULTS.withDeploy(256 * 1024, 1L << 30, 1000));
        key = dir.resolve("id_ed25519");
        assertEquals(0, run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString())).status);
        cell.writeAuthorizedKeys(Files.readString(dir.resolve("id_ed25519.pub")));
    }

    @AfterEach
    void stop() throws IOException {
        if (cell != null) {
            cell.close();
        }
    }

    @Test
    void oneShotCommandsWithNothingOnStdinEndWithTheirExitStatus() throws Exception {
        for (int i = 0; i < 10; i++) {
            Run ok = ssh("test:hello ssh" + i);
            assertEquals(0, ok.status, ok.output);
            assertEquals("hello ssh" + i, ok.output.strip());
            Run failed = ssh("test:fail");
            assertEquals(1, failed.status, failed.output);
            assertTrue(failed.output.contains("error: the arm is not homed"), failed.output);
        }
    }

    @Test
    void scpInBothProtocolsAndSftpUploadWithThePermissionsTheyAskFor() throws Exception {
        Path local = Files.writeString(dir.resolve("arm.cfg"), "rate=250\n");
        Files.setPosixFilePermissions(local, PosixFilePermissions.fromString("rw-r-----"));
        Run scp = run(scp("arm.cfg", "one.cfg"));
        assertEquals(0, scp.status, scp.output);
        Run legacy = run(withOption(scp("arm.cfg", "two.cfg"), "-O"));
        assertEquals(0, legacy.status, legacy.output);
        Run sftp = run(List.of("sftp", "-F", "/dev/null", "-b", "-", "-P", String.valueOf(cell.server.port()),
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                "-i", key.toString(), "operator@127.0.0.1"), "put " + local + " three.cfg\n");
        assertEquals(0, sftp.status, sftp.output);
        for (String name : List.of("one.cfg", "two.cfg", "three.cfg")) {
            Path landed = cell.deploy.resolve(name);
            assertEquals("rate=250\n", Files.readString(landed), name);
        }
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(cell.deploy.resolve("one.cfg"))));
        assertEquals(List.of("one.cfg", "three.cfg", "two.cfg"), deployed());
    }

    @Test
    void anScpOverMaxUploadBytesFailsInBothProtocolsAndLeavesNothing() throws Exception {
        Files.write(dir.resolve("big.jar"), new byte[512 * 1024]);
        Run scp = run(scp("big.jar", "big.jar"));
        assertNotEquals(0, scp.status, scp.output);
        Run legacy = run(withOption(scp("big.jar", "big.jar"), "-O"));
        assertNotEquals(0, legacy.status, legacy.output);
        assertTrue(legacy.output.contains("larger than maxUploadBytes=262144"), legacy.output);
        for (int i = 0; i < 200 && !deployed().isEmpty(); i++) {
            Thread.sleep(25);
        }
        assertEquals(List.of(), deployed());
    }

    private List<String> deployed() throws IOException {
        try (Stream<Path> files = Files.list(cell.deploy)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private Run ssh(String command) throws Exception {
        return run(List.of("ssh", "-F", "/dev/null", "-p", String.valueOf(cell.server.port()), "-o",
                "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o",
                "LogLevel=ERROR", "-i", key.toString(), "operator@127.0.0.1", command));
    }

    private List<String> scp(String from, String to) {
        return List.of("scp", "-F", "/dev/null", "-P", String.valueOf(cell.server.port()), "-o",
                "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o",
                "LogLevel=ERROR", "-i", key.toString(), dir.resolve(from).toString(), "operator@127.0.0.1:" + to);
    }

    private static List<String> withOption(List<String> command, String option) {
        List<String> c = new ArrayList<>(command);
        c.add(1, option);
        return c;
    }

    private record Run(int status, String output) {
    }

    private Run run(List<String> command) throws Exception {
        return run(command, "");
    }

    /** Runs a client with the given stdin (closed after it), output and errors together. */
    private Run run(List<String> command, String stdin) throws Exception {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), command + " did not end: " + output);
        return new Run(p.exitValue(), output);
    }

    private static boolean onPath(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }
}
