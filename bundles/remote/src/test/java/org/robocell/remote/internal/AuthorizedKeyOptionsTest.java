package org.robocell.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * authorized_keys options as an operator writes them for a robot cell, and the file as a careless one leaves it:
 * {@code from=} limits where a key logs in from, {@code command=} is all a key can run, {@code no-pty} and
 * {@code restrict} refuse the terminal, an option RoboCell does not implement makes its key unusable (one line names
 * file:line and the option), and a file others can write is refused whole with the chmod that fixes it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AuthorizedKeyOptionsTest {

    @TempDir
    Path dir;

    KeyPair key;
    TestCell cell;
    LogRecorder log;

    @BeforeEach
    void start() throws Exception {
        key = KeyUtils.generateKeyPair(KeyPairProviderTypes.ED25519, 256);
        cell = new TestCell(dir, ShellChannelTest.LineShell::new);
        log = new LogRecorder();
    }

    @AfterEach
    void stop() throws IOException {
        log.close();
        cell.close();
    }

    private void authorize(String options) throws IOException {
        cell.writeAuthorizedKeys("# robot cell keys\n" + (options.isEmpty() ? "" : options + " ")
                + PublicKeyEntry.toString(key.getPublic()) + " plc@line-3\n");
    }

    private void assertRefusedFrom(String address) {
        assertThrows(IOException.class, () -> cell.loginFrom(address, key).close(), "logged in from " + address);
    }

    @Test
    void fromLetsTheKeyInOnlyFromTheListedAddresses() throws Exception {
        authorize("from=\"127.0.0.2\"");
        try {
            cell.loginFrom("127.0.0.2", key).close();
        } catch (java.net.BindException e) {
            assumeTrue(false, "needs 127.0.0.0/8 on loopback: " + e);
        }
        assertRefusedFrom("127.0.0.1");
        assertFalse(log.matching("refused key", "allows it only from=\"127.0.0.2\"", "authorized_keys:2").isEmpty(),
                String.join("\n", log.lines));
    }

    @Test
    void aHostNameInFromMatchesNothingAndTheLineSaysSo() throws Exception {
        authorize("from=\"localhost,robot-pc.local\"");
        assertRefusedFrom("127.0.0.1");
        assertFalse(log.matching("authorized_keys:2: from= [localhost, robot-pc.local] can only match a host name",
                "write addresses").isEmpty(), String.join("\n", log.lines));
    }

    @Test
    void aNegatedPatternWinsOverAMatchingBlock() throws Exception {
        authorize("from=\"127.0.0.0/8,!127.0.0.3\"");
        cell.loginFrom("127.0.0.1", key).close();
        assertRefusedFrom("127.0.0.3");
    }

    @Test
    void aForcedCommandRunsWhateverTheClientAsksForAndSeesWhatItAskedFor() throws Exception {
        authorize("command=\"test:print $SSH_ORIGINAL_COMMAND\"");
        try (ClientSession session = cell.login(key)) {
            TestCell.Result r = TestCell.exec(session, "test:fail");
            assertEquals(0, r.status(), r.err());
            assertEquals("test:fail", r.out().strip());
        }
        assertEquals(List.of(), cell.commands.calls, "the client's own command ran");
        assertFalse(log.matching("asked for 'test:fail'", "forced command 'test:print $SSH_ORIGINAL_COMMAND'",
                "authorized_keys:2").isEmpty(), String.join("\n", log.lines));
    }

    @Test
    void aForcedCommandReplacesTheInteractiveShellAndSftp() throws Exception {
        authorize("command=\"test:hello forced\"");
        try (ClientSession session = cell.login(key)) {
            ByteArrayOutputStream screen = new ByteArrayOutputStream();
            try (ChannelShell shell = session.createShellChannel()) {
                shell.setOut(screen);
                shell.setErr(screen);
                shell.open().verify(TestCell.TIMEOUT);
                shell.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), TestCell.TIMEOUT);
                assertEquals(0, shell.getExitStatus());
            }
            assertFalse(screen.toString(StandardCharsets.UTF_8).contains("robocell> "), "the shell ran: " + screen);
            assertTrue(screen.toString(StandardCharsets.UTF_8).contains("hello forced"), screen.toString());

            assertThrows(IOException.class, () -> {
                try (SftpClient sftp = SftpClientFactory.instance().createSftpClient(session);
                        OutputStream out = sftp.write("sneaked-in.jar")) {
                    out.write(1);
                }
            });
        }
        assertFalse(Files.exists(cell.deploy.resolve("sneaked-in.jar")));
        assertEquals(List.of("hello forced", "hello forced"), cell.commands.calls);
    }

    @Test
    void noPtyRefusesTheTerminalAndTheShellRunsWithoutOne() throws Exception {
        authorize("no-pty");
        assertEquals("type dumb size 80x24", shellTerminal());
        assertFalse(log.matching("terminal refused", "no-pty", "authorized_keys:2").isEmpty(), String.join("\n", log.lines));
    }

    @Test
    void restrictRefusesTheTerminalAndPtyAfterItGivesItBack() throws Exception {
        authorize("restrict");
        assertEquals("type dumb size 80x24", shellTerminal());
        authorize("restrict,pty,no-port-forwarding,no-agent-forwarding,no-X11-forwarding");
        assertEquals("type xterm size 100x30", shellTerminal());
    }

    /** The terminal the shell got when the client asked for an xterm of 100x30. */
    private String shellTerminal() throws Exception {
        try (ClientSession session = cell.login(key)) {
            ByteArrayOutputStream screen = new ByteArrayOutputStream();
            try (ChannelShell shell = session.createShellChannel()) {
                shell.setPtyType("xterm");
                shell.setPtyColumns(100);
                shell.setPtyLines(30);
                shell.setOut(screen);
                shell.setErr(screen);
                shell.open().verify(TestCell.TIMEOUT);
                for (int i = 0; i < 400 && !screen.toString(StandardCharsets.UTF_8).contains("robocell> "); i++) {
                    Thread.sleep(10);
                }
                shell.getInvertedIn().write("bye\r".getBytes(StandardCharsets.UTF_8));
                shell.getInvertedIn().flush();
                shell.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), TestCell.TIMEOUT);
            }
            String text = screen.toString(StandardCharsets.UTF_8);
            int start = text.indexOf("type ");
            assertTrue(start >= 0, text);
            return text.substring(start, text.indexOf('\n', start)).strip();
        }
    }

    @Test
    void aKeyWithAnOptionRoboCellDoesNotImplementIsRefusedAndItsLineIsNamedOnce() throws Exception {
        authorize("environment=\"ROBOT=kr6\"");
        assertThrows(IOException.class, () -> cell.login(key).close());
        assertThrows(IOException.class, () -> cell.login(key).close());
        List<String> named = log.matching("authorized_keys:2: key refused: option 'environment' is not supported");
        assertEquals(1, named.size(), String.join("\n", log.lines));
    }

    @Test
    void aWorldWritableFileIsRefusedWholeWithTheChmodThatFixesItAndAcceptedOnceFixed() throws Exception {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
        authorize("");
        Files.setPosixFilePermissions(cell.authorizedKeys, PosixFilePermissions.fromString("rw-rw-rw-"));
        assertThrows(IOException.class, () -> cell.login(key).close());
        assertThrows(IOException.class, () -> cell.login(key).close());
        List<String> why = log.matching("refusing every key", cell.authorizedKeys + " is writable by group and others",
                "fix: chmod go-w " + cell.authorizedKeys);
        assertEquals(1, why.size(), String.join("\n", log.lines));

        Files.setPosixFilePermissions(cell.authorizedKeys, PosixFilePermissions.fromString("rw-r--r--"));
        cell.login(key).close();
    }

    @Test
    void aGroupWritableFolderIsRefusedToo() throws Exception {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
        authorize("");
        Path etc = cell.authorizedKeys.getParent();
        Files.setPosixFilePermissions(etc, PosixFilePermissions.fromString("rwxrwxr-x"));
        try {
            assertThrows(IOException.class, () -> cell.login(key).close());
            assertFalse(log.matching("folder " + etc + " is writable by group", "fix: chmod go-w " + etc).isEmpty(),
                    String.join("\n", log.lines));
        } finally {
            Files.setPosixFilePermissions(etc, PosixFilePermissions.fromString("rwx------"));
        }
        cell.login(key).close();
    }
}
