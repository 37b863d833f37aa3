package org.robocell.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An attacker on the network opens connections and never logs in, or offers key after key. The server holds at most
 * {@code maxUnauthenticated} such connections ({@code maxUnauthenticatedPerAddress} from one address) and closes the
 * rest at once, closes the held ones after {@code loginTimeout}, and ends a connection after {@code maxAuthTries}
 * keys; meanwhile a real key logs in and runs its command. Real sockets on loopback (127.0.0.0/8: the attacker
 * connects from other loopback addresses than the operator's 127.0.0.1).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ConnectionFloodTest {

    @TempDir
    Path dir;

    KeyPair key;
    TestCell cell;
    final List<SocketChannel> flood = new ArrayList<>();

    @AfterEach
    void stop() throws IOException {
        for (SocketChannel c : flood) {
            c.close();
        }
        if (cell != null) {
            cell.close();
        }
    }

    private void start(SshLimits limits) throws Exception {
        key = KeyUtils.generateKeyPair(KeyPairProviderTypes.ED25519, 256);
        cell = new TestCell(dir, () -> null, limits, key);
    }

    @Test
    void threeHundredIdleConnectionsFromOneAddressAreCutToItsBoundAndARealKeyStillRunsItsCommand() throws Exception {
        start(SshLimits.DEFAULTS.withUnauthenticated(30, 10).withLoginTimeout(Duration.ofMinutes(10)));
        openFlood("127.0.0.2", 300);

        int closed = awaitClosedByServer(290);
        assertEquals(290, closed, "the server kept more than 10 connections from 127.0.0.2 that never logged in");
        assertEquals(10, cell.server.unauthenticated("127.0.0.2"));

        try (ClientSession session = cell.login(key)) {
            TestCell.Result r = TestCell.exec(session, "test:hello while-flooded");
            assertEquals(0, r.status(), r.err());
            assertEquals("hello while-flooded", r.out().strip());
        }
        assertEquals(290, countClosedByServer(), "a held connection was closed before its login timeout");
    }

    @Test
    void idleConnectionsFromManyAddressesAreBoundInTotalAndAllClosedAfterTheLoginTimeout() throws Exception {
        start(SshLimits.DEFAULTS.withUnauthenticated(20, 10).withLoginTimeout(Duration.ofSeconds(1)));
        try (LogRecorder log = new LogRecorder()) {
            for (int host = 2; host < 12; host++) {
                openFlood("127.0.0." + host, 6);
            }
            // 60 connections, 20 held at a time: the rest are closed at once, the held ones by the login timeout
            assertEquals(60, awaitClosedByServer(60), "connections that never logged in were left open");
            assertEquals(0, cell.server.unauthenticated(null));
            assertFalse(log.matching("maxUnauthenticated=20").isEmpty(), String.join("\n", log.lines));
            // not a line per refused connection (40 of the 60 are refused): a line when refusing starts and one when
            // it ends; on a loaded machine the held ones time out in several waves, each wave a pair of lines
            int refusalLines = log.matching("refusing new connections").size()
                    + log.matching("accepting connections").size();
            assertTrue(refusalLines < 40, "a line per refused connection:\n" + String.join("\n", log.lines));
        }
        try (ClientSession session = cell.login(key)) {
            assertEquals(0, TestCell.exec(session, "test:hello after-the-flood").status());
        }
    }

    @Test
    void aClientOfferingKeyAfterKeyIsDisconnectedAfterMaxAuthTriesBeforeItReachesTheRightOne() throws Exception {
        start(SshLimits.DEFAULTS.withMaxAuthTries(3));
        try (ClientSession session = cell.connect("operator")) {
            for (int i = 0; i < 5; i++) {
                session.addPublicKeyIdentity(KeyUtils.generateKeyPair(KeyPairProviderTypes.ED25519, 256));
            }
            session.addPublicKeyIdentity(key);
            assertThrows(IOException.class, () -> session.auth().verify(TestCell.TIMEOUT));
            assertFalse(session.isAuthenticated());
        }
        try (ClientSession session = cell.login(key)) {
            assertTrue(session.isAuthenticated(), "the right key first is still let in");
        }
    }

    private void openFlood(String from, int count) throws IOException {
        for (int i = 0; i < count; i++) {
            SocketChannel c = SocketChannel.open();
            try {
                c.bind(new InetSocketAddress(from, 0));
            } catch (IOException e) {
                c.close();
                assumeTrue(false, "cannot bind " + from + " (the test needs 127.0.0.0/8 on loopback): " + e);
            }
            c.connect(new InetSocketAddress("127.0.0.1", cell.server.port()));
            c.configureBlocking(false);
            flood.add(c);
        }
    }

    /** Polls, bounded, until at least {@code expected} flood connections were closed by the server. */
    private int awaitClosedByServer(int expected) throws InterruptedException, IOException {
        int closed = countClosedByServer();
        for (int i = 0; i < 600 && closed < expected; i++) {
            Thread.sleep(50);
            closed = countClosedByServer();
        }
        return closed;
    }

    private final ByteBuffer sink = ByteBuffer.allocate(8192);

    /** Reads what the server sent (its identification) and counts the connections it has closed. */
    private int countClosedByServer() throws IOException {
        int closed = 0;
        for (SocketChannel c : flood) {
            try {
                int n;
                do {
                    sink.clear();
                    n = c.read(sink);
                } while (n > 0);
                if (n < 0) {
                    closed++;
                }
            } catch (IOException reset) {
                closed++;
            }
        }
        return closed;
    }
}
