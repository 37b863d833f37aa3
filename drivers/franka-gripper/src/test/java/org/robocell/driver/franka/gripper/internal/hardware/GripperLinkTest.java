package org.robocell.driver.franka.gripper.internal.hardware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.gripper.emulator.FrankaHandEmulator;
import org.robocell.driver.franka.gripper.emulator.HandEmulatorConfig;
import org.robocell.driver.franka.gripper.protocol.GripperCodec;
import org.robocell.driver.franka.gripper.protocol.GripperCommand;
import org.robocell.driver.franka.gripper.protocol.GripperConnectStatus;
import org.robocell.driver.franka.gripper.protocol.GripperResponse;

/** A Hand that is not what it should be, on a raw server socket: every way it goes wrong is one line. */
class GripperLinkTest {

    private final ServerSocket server;

    GripperLinkTest() throws IOException {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }

    @AfterEach
    void close() throws IOException {
        server.close();
    }

    @Test
    void aHandOfAnotherVersionIsOneLineWithBothVersions() throws Exception {
        CompletableFuture<Void> hand = serve(out -> out.write(bytes(new GripperResponse(GripperCommand.CONNECT, 0,
                GripperConnectStatus.INCOMPATIBLE_LIBRARY_VERSION.code(), 4))));
        IOException e = assertThrows(IOException.class, () -> GripperLink.open(settings()));
        assertEquals("the Hand speaks gripper protocol version 4, this driver 3 (kIncompatibleLibraryVersion)",
                e.getMessage());
        hand.get(5, TimeUnit.SECONDS);
    }

    @Test
    void aHandThatAnswersConnectButSendsNoStateIsOneLine() throws Exception {
        CompletableFuture<Void> hand = serve(out -> out.write(bytes(GripperResponse.connect(0,
                GripperConnectStatus.SUCCESS))));
        IOException e = assertThrows(IOException.class, () -> GripperLink.open(settings()));
        assertTrue(e.getMessage().startsWith("the Hand sent no state to UDP port "), e.getMessage());
        assertTrue(e.getMessage().endsWith(" within 300 ms of Connect"), e.getMessage());
        hand.get(5, TimeUnit.SECONDS);
    }

    @Test
    void anAnswerToConnectThatIsNotTheProtocolIsOneLine() throws Exception {
        CompletableFuture<Void> hand = serve(out -> out.write(HexFormat.of().parseHex("0700" + "00000000"
                + "0c000000" + "0000")));
        IOException e = assertThrows(IOException.class, () -> GripperLink.open(settings()));
        assertEquals("the Hand's answer to Connect is not the gripper protocol: command header: command=7 is not a"
                + " gripper command (0..4: Connect, Homing, Grasp, Move, Stop)", e.getMessage());
        hand.get(5, TimeUnit.SECONDS);
    }

    @Test
    void aHandThatIsNotListeningYetIsTriedAgainUntilItIs() throws Exception {
        int port = server.getLocalPort();
        server.close(); // nobody listens there: a connection is refused, as when the Hand's emulator starts after its robot
        GripperSettings settings = new GripperSettings("127.0.0.1", port, Duration.ofSeconds(10), Duration.ofSeconds(5),
                Duration.ofSeconds(1));
        CompletableFuture<GripperLink> link = CompletableFuture.supplyAsync(() -> {
            try {
                return GripperLink.open(settings);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try (FrankaHandEmulator hand = FrankaHandEmulator.start(HandEmulatorConfig.defaults()
                .withBindAddress(InetAddress.getLoopbackAddress()).withCommandPort(port));
                GripperLink connected = link.get(20, TimeUnit.SECONDS)) {
            assertTrue(connected.latest().maxWidth() > 0, "connected, and the first state came");
        }
    }

    @Test
    void aHandThatNeverListensIsRefusedAtTheDeadline() throws Exception {
        int port = server.getLocalPort();
        server.close();
        assertThrows(java.net.ConnectException.class, () -> GripperLink.open(new GripperSettings("127.0.0.1", port,
                Duration.ofMillis(200), Duration.ofSeconds(5), Duration.ofSeconds(1))));
    }

    @Test
    void aHandRefusingUntilTheLastTryWhoseTimeRanOutIsReportedAsRefusing() {
        // on a loaded machine the last try, given only what is left of the deadline, can time out before it sees
        // the refusal: the Hand is still the one that refused
        int[] tries = {0};
        java.net.ConnectException e = assertThrows(java.net.ConnectException.class, () -> GripperLink.connect(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 9), Duration.ofMillis(120).toNanos(),
                () -> new Socket() {
                    @Override
                    public void connect(SocketAddress endpoint, int timeout) throws IOException {
                        if (tries[0]++ < 2) {
                            throw new java.net.ConnectException("Connection refused");
                        }
                        throw new SocketTimeoutException("Connect timed out");
                    }
                }));
        assertEquals("Connection refused", e.getMessage());
        assertEquals(1, e.getSuppressed().length, "the last try's timeout is kept beside it");
    }

    @Test
    void aHandThatWasNeverRefusedButTimedOutIsReportedAsTimedOut() {
        assertThrows(SocketTimeoutException.class, () -> GripperLink.connect(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 9), Duration.ofMillis(50).toNanos(),
                () -> new Socket() {
                    @Override
                    public void connect(SocketAddress endpoint, int timeout) throws IOException {
                        throw new SocketTimeoutException("Connect timed out");
                    }
                }));
    }

    private GripperSettings settings() {
        return new GripperSettings("127.0.0.1", server.getLocalPort(), Duration.ofMillis(300), Duration.ofSeconds(5),
                Duration.ofSeconds(1));
    }

    /** Accepts one client, reads its Connect (14 bytes), answers with what {@code answer} writes. */
    private CompletableFuture<Void> serve(Answer answer) {
        return CompletableFuture.runAsync(() -> {
            try (Socket s = server.accept()) {
                new DataInputStream(s.getInputStream()).readFully(new byte[14]);
                answer.write(s.getOutputStream());
                s.getOutputStream().flush();
                s.setSoTimeout(5000);
                s.getInputStream().read(); // until the driver gives up and closes
            } catch (IOException e) {
                // the driver closed first
            }
        });
    }

    private interface Answer {
        void write(OutputStream out) throws IOException;
    }

    private static byte[] bytes(GripperResponse r) {
        ByteBuffer b = GripperCodec.encode(r);
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }
}
