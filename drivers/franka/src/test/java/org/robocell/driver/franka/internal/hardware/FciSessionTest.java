package org.robocell.driver.franka.internal.hardware;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.protocol.Command;
import org.robocell.driver.franka.protocol.CommandHeader;
import org.robocell.driver.franka.protocol.ConnectStatus;
import org.robocell.driver.franka.protocol.FciCodec;
import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.FciResponse;
import org.robocell.driver.franka.protocol.ProtocolVersion;

/** A call's own connection to the robot ({@link FciSession}), against a robot played on a raw server socket. */
class FciSessionTest {

    /**
     * With {@code protocol_version} auto the session speaks 10, the robot answers that it speaks 7, and the session
     * connects again speaking 7. A robot still closing the first connection refuses the second at once; the retry
     * speaks 7 too. (It once began again from 10, and each answer of the robot was followed by a new connection on
     * the heels of the closed one: refused again, round and round until the deadline; CI: franka:state after a
     * reflex "cannot be reached".)
     */
    @Test
    void aRetryAfterARefusalSpeaksTheVersionTheRobotNamed() throws Exception {
        FciCodec codec = new FciCodec(ProtocolVersion.V7);
        List<Integer> spoken = new CopyOnWriteArrayList<>();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> robot = CompletableFuture.runAsync(() -> {
                try {
                    try (Socket first = server.accept()) {
                        FciRequest.Connect c = readConnect(first, codec, spoken);
                        answer(first, codec, new FciResponse(Command.CONNECT, 0,
                                ConnectStatus.INCOMPATIBLE_LIBRARY_VERSION, 7, new byte[0]));
                        assertEquals(10, c.version(), "auto speaks 10 first");
                    }
                    server.accept().close(); // busy with the first one still: closed at once
                    try (Socket third = server.accept()) {
                        readConnect(third, codec, spoken);
                        answer(third, codec, new FciResponse(Command.CONNECT, 0, ConnectStatus.SUCCESS, 7,
                                new byte[0]));
                        third.getInputStream().read(); // until the session closes
                    }
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            FrankaDriverSettings settings = FrankaDriverSettings.from(FrankaRig.info(Map.of("robot_ip", "127.0.0.1",
                    "command_port", String.valueOf(server.getLocalPort()), "connect_timeout_ms", "10000")));
            try (FciSession session = FciSession.open(settings)) {
                assertEquals(ProtocolVersion.V7, session.version());
            }
            robot.get(20, TimeUnit.SECONDS);
            assertEquals(List.of(10, 7), spoken, "the Connects the robot read, in order");
        }
    }

    private static FciRequest.Connect readConnect(Socket s, FciCodec codec, List<Integer> spoken) throws IOException {
        DataInputStream in = new DataInputStream(s.getInputStream());
        byte[] header = new byte[CommandHeader.SIZE];
        in.readFully(header);
        CommandHeader h = CommandHeader.read(ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN));
        byte[] payload = new byte[h.payloadSize()];
        in.readFully(payload);
        FciRequest.Connect c = (FciRequest.Connect) codec.decodeRequest(h,
                ByteBuffer.wrap(payload).order(ByteOrder.LITTLE_ENDIAN));
        spoken.add(c.version());
        return c;
    }

    private static void answer(Socket s, FciCodec codec, FciResponse response) throws IOException {
        ByteBuffer b = codec.encodeResponse(response);
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        s.getOutputStream().write(bytes);
        s.getOutputStream().flush();
    }
}
