package org.robocell.driver.franka.internal.hardware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.protocol.Command;
import org.robocell.driver.franka.protocol.CommandHeader;
import org.robocell.driver.franka.protocol.FciCodec;
import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.FciResponse;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.StopMoveStatus;

/** The command channel against a robot played on a raw server socket. */
class CommandChannelTest {

    /**
     * franka:stop sends StopMove; the robot ends the motion and answers the Move (kPreempted), then the StopMove. The
     * motion's end takes the component down, which closes the channel: the StopMove's answer, on its way, must still
     * reach the caller (CI: "StopMove got no answer: the command connection ... was closed").
     */
    @Test
    void anAnswerOnItsWayWhenTheChannelIsClosedStillReachesTheRequest() throws Exception {
        FciCodec codec = new FciCodec(ProtocolVersion.V7);
        CountDownLatch received = new CountDownLatch(1);
        CountDownLatch closing = new CountDownLatch(1);
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> robot = CompletableFuture.runAsync(() -> {
                try (Socket s = server.accept()) {
                    DataInputStream in = new DataInputStream(s.getInputStream());
                    byte[] header = new byte[CommandHeader.SIZE];
                    in.readFully(header);
                    CommandHeader h = CommandHeader.read(ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN));
                    in.readFully(new byte[h.payloadSize()]);
                    received.countDown();
                    closing.await(10, TimeUnit.SECONDS); // the driver is closing the channel by now
                    ByteBuffer answer = codec.encodeResponse(
                            FciResponse.of(Command.STOP_MOVE, h.commandId(), StopMoveStatus.SUCCESS));
                    byte[] bytes = new byte[answer.remaining()];
                    answer.get(bytes);
                    s.getOutputStream().write(bytes);
                    s.getOutputStream().flush();
                    in.read(); // until the driver closes
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            CommandChannel channel = CommandChannel.open(
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()), ProtocolVersion.V7,
                    5000);
            CompletableFuture<FciResponse> stop = CompletableFuture.supplyAsync(() -> {
                try {
                    return channel.request(new FciRequest.Empty(Command.STOP_MOVE), 10_000);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            received.await(10, TimeUnit.SECONDS); // the StopMove is on the wire, its answer not yet
            CompletableFuture<Void> closed = CompletableFuture.runAsync(() -> {
                closing.countDown();
                channel.close();
            });
            assertEquals(StopMoveStatus.SUCCESS, stop.get(20, TimeUnit.SECONDS).status());
            closed.get(20, TimeUnit.SECONDS);
            robot.get(20, TimeUnit.SECONDS);
        }
    }

    /**
     * A robot that serves another client closes a newcomer at once. The request racing that close must fail at once,
     * every time: it once registered its answer after the check for a closed channel, so a close in between left it
     * waiting out its whole timeout (CI: "no response to Connect #0 ... within 9936 ms", about 1 in 1000 tries on a
     * loaded machine; hence the many tries).
     */
    @Test
    void aRequestRacingTheRobotClosingTheConnectionFailsAtOnceNeverByItsTimeout() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> busyRobot = CompletableFuture.runAsync(() -> {
                while (!server.isClosed()) {
                    try {
                        server.accept().close();
                    } catch (IOException e) {
                        return; // the test is over
                    }
                }
            });
            InetSocketAddress robot = new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort());
            for (int i = 0; i < 2000; i++) {
                CommandChannel channel = CommandChannel.open(robot, ProtocolVersion.V7, 5000);
                try {
                    IOException e = assertThrows(IOException.class,
                            () -> channel.request(new FciRequest.Connect(7, 1337), 20_000));
                    assertFalse(e.getMessage().startsWith("no response"),
                            "try " + i + ": " + e.getMessage());
                } finally {
                    channel.close();
                }
            }
            server.close();
            busyRobot.get(20, TimeUnit.SECONDS);
        }
    }
}
