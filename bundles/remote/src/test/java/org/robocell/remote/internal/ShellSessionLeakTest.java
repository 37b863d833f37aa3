package org.robocell.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An operator who opens and leaves the interactive shell all day: every session's terminal, threads and file
 * descriptors go away with it. JNA is on the test class path as it is in the runtime (with it, JLine 3.21 would give
 * each session a native pty pair whose master is never closed). Counts /proc/self/fd, so Linux only.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ShellSessionLeakTest {

    private static final int SESSIONS = 50;
    /** Descriptors and threads a busy JVM may open or end on its own meanwhile (GC, JIT, SSHD's worker pool). */
    private static final int SLACK = 8;

    @TempDir
    Path dir;

    @Test
    void fiftyShellSessionsOpenedAndClosedLeaveTheDescriptorsAndThreadsWhereTheyWere() throws Exception {
        Path fds = Path.of("/proc/self/fd");
        assumeTrue(Files.isDirectory(fds), "needs /proc (Linux)");
        KeyPair key = KeyUtils.generateKeyPair(KeyPairProviderTypes.ED25519, 256);
        try (TestCell cell = new TestCell(dir, ShellChannelTest.LineShell::new, key);
                ClientSession session = cell.login(key)) {
            for (int i = 0; i < 3; i++) {
                shellSession(session, i); // warm up: class loading, SSHD's and JLine's lazy parts
            }
            int fdsBefore = settled(ShellSessionLeakTest::openDescriptors);
            int threadsBefore = settled(Thread::activeCount);

            for (int i = 0; i < SESSIONS; i++) {
                shellSession(session, i);
            }

            int fdsAfter = awaitAtMost(ShellSessionLeakTest::openDescriptors, fdsBefore + SLACK);
            int threadsAfter = awaitAtMost(Thread::activeCount, threadsBefore + SLACK);
            assertEquals(true, fdsAfter <= fdsBefore + SLACK, SESSIONS + " shell sessions left "
                    + (fdsAfter - fdsBefore) + " file descriptors open: " + descriptorTargets());
            assertEquals(true, threadsAfter <= threadsBefore + SLACK, SESSIONS + " shell sessions left "
                    + (threadsAfter - threadsBefore) + " threads: " + threadNames());
        }
    }

    /** One interactive session as ssh opens it (pty, shell), a command, and {@code bye}. */
    private static void shellSession(ClientSession session, int n) throws Exception {
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        try (ChannelShell shell = session.createShellChannel()) {
            shell.setPtyType("xterm");
            shell.setOut(screen);
            shell.setErr(screen);
            shell.open().verify(TestCell.TIMEOUT);
            OutputStream keys = shell.getInvertedIn();
            awaitText(screen, "robocell> ");
            keys.write(("hello s" + n + "\rbye\r").getBytes(StandardCharsets.UTF_8));
            keys.flush();
            shell.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), TestCell.TIMEOUT);
        }
        if (!screen.toString(StandardCharsets.UTF_8).contains("= hello s" + n)) {
            throw new AssertionError("session " + n + " did not run its command:\n" + screen);
        }
    }

    private static int openDescriptors() {
        try (Stream<Path> list = Files.list(Path.of("/proc/self/fd"))) {
            return (int) list.count();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What the open descriptors point at, numbers folded ("/dev/pts/N", "socket:[N]"), with their counts. */
    private static Map<String, Long> descriptorTargets() {
        try (Stream<Path> list = Files.list(Path.of("/proc/self/fd"))) {
            return list.map(p -> {
                try {
                    return Files.readSymbolicLink(p).toString().replaceAll("[0-9]+", "N");
                } catch (IOException gone) {
                    return "(closed)";
                }
            }).collect(Collectors.groupingBy(t -> t, TreeMap::new, Collectors.counting()));
        } catch (IOException e) {
            return Map.of(e.toString(), 0L);
        }
    }

    private static List<String> threadNames() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName).sorted().toList();
    }

    /** The count once it stopped changing for a few polls (bounded): threads of closed sessions take a moment to end. */
    private static int settled(IntSupplier count) throws InterruptedException {
        int last = count.getAsInt();
        int same = 0;
        for (int i = 0; i < 200 && same < 5; i++) {
            Thread.sleep(20);
            int now = count.getAsInt();
            same = now == last ? same + 1 : 0;
            last = now;
        }
        return last;
    }

    /** Polls, bounded, until the count is at most the limit; returns the last count. */
    private static int awaitAtMost(IntSupplier count, int limit) throws InterruptedException {
        int now = count.getAsInt();
        for (int i = 0; i < 250 && now > limit; i++) {
            Thread.sleep(20);
            now = count.getAsInt();
        }
        return now;
    }

    private static void awaitText(ByteArrayOutputStream screen, String text) throws InterruptedException {
        for (int i = 0; i < 400; i++) {
            if (screen.toString(StandardCharsets.UTF_8).contains(text)) {
                return;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("the screen never showed '" + text + "':\n" + screen.toString(StandardCharsets.UTF_8));
    }
}
