package org.robocell.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.apache.felix.service.command.CommandSession;
import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.jline.terminal.Terminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.robocell.console.ShellRunner;

/**
 * The shell channel: a terminal with the client's type and size, window changes, a session per channel, and
 * {@code exit} (the {@link ShellRunner#CLOSE_SESSION} hook) closing that channel only. The shell runner here is a
 * small line loop; the real console shell runs over SSH in the OSGi integration test.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ShellChannelTest {

    @TempDir
    Path dir;

    /** Prints the terminal it got, then runs each line as a command; "bye" runs the session's close hook. */
    static final class LineShell implements ShellRunner {
        @Override
        public void run(CommandSession session, Terminal terminal) throws Exception {
            PrintWriter out = terminal.writer();
            terminal.handle(Terminal.Signal.WINCH, s -> {
                out.println("size " + terminal.getWidth() + "x" + terminal.getHeight());
                out.flush();
            });
            out.println("type " + terminal.getType() + " size " + terminal.getWidth() + "x" + terminal.getHeight());
            out.println("user " + session.get("USER"));
            out.print("robocell> ");
            out.flush();
            BufferedReader in = new BufferedReader(terminal.reader());
            for (String line; (line = in.readLine()) != null;) {
                if (line.strip().equals("bye")) {
                    ((Runnable) session.get(ShellRunner.CLOSE_SESSION)).run();
                    return;
                }
                Object result = session.execute(line);
                out.println("= " + result);
                out.print("robocell> ");
                out.flush();
            }
        }
    }

    @Test
    void aShellSessionGetsTheClientsTerminalRunsCommandsAndExitClosesOnlyIt() throws Exception {
        KeyPair key = KeyUtils.generateKeyPair(KeyPairProviderTypes.ECDSA, 256);
        try (TestCell cell = new TestCell(dir, LineShell::new, key); ClientSession session = cell.login(key)) {
            ByteArrayOutputStream screen = new ByteArrayOutputStream();
            try (ChannelShell shell = session.createShellChannel()) {
                shell.setPtyType("xterm-256color");
                shell.setPtyColumns(132);
                shell.setPtyLines(43);
                shell.setOut(screen);
                shell.setErr(screen);
                shell.open().verify(TestCell.TIMEOUT);
                OutputStream keys = shell.getInvertedIn();
                awaitText(screen, "robocell> ");
                shell.sendWindowChange(100, 30);
                awaitText(screen, "size 100x30");
                keys.write("hello remote\r".getBytes(StandardCharsets.UTF_8));
                keys.flush();
                awaitText(screen, "= hello remote");
                keys.write("bye\r".getBytes(StandardCharsets.UTF_8));
                keys.flush();
                Set<ClientChannelEvent> events = shell.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), TestCell.TIMEOUT);
                assertTrue(events.contains(ClientChannelEvent.CLOSED), events.toString());
                assertEquals(0, shell.getExitStatus());
            }
            String text = screen.toString(StandardCharsets.UTF_8);
            assertTrue(text.contains("type xterm-256color size 132x43"), text);
            assertTrue(text.contains("user operator"), text);
            // the SSH session and the server outlive the closed shell
            assertTrue(session.isOpen());
            assertEquals(0, TestCell.exec(session, "hello still-here").status());
            assertTrue(cell.server.isRunning());
        }
    }

    @Test
    void withoutTheConsoleTheShellSaysSoAndCommandsStillWork() throws Exception {
        KeyPair key = KeyUtils.generateKeyPair(KeyPairProviderTypes.ECDSA, 256);
        try (TestCell cell = new TestCell(dir, () -> null, key); ClientSession session = cell.login(key)) {
            ByteArrayOutputStream screen = new ByteArrayOutputStream();
            try (ChannelShell shell = session.createShellChannel()) {
                shell.setOut(screen);
                shell.open().verify(TestCell.TIMEOUT);
                shell.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), TestCell.TIMEOUT);
                assertEquals(1, shell.getExitStatus());
            }
            assertTrue(screen.toString(StandardCharsets.UTF_8).contains("No interactive shell here"));
            assertEquals(0, TestCell.exec(session, "hello anyway").status());
        }
    }

    /** Waits, bounded, until the screen shows the text; never measures time. */
    private static void awaitText(ByteArrayOutputStream screen, String text) throws InterruptedException, IOException {
        for (int i = 0; i < 400; i++) {
            if (screen.toString(StandardCharsets.UTF_8).contains(text)) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the screen never showed '" + text + "':\n" + screen.toString(StandardCharsets.UTF_8));
    }
}
