package org.robocell.driver.franka.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.protocol.CommandHeader;
import org.robocell.driver.franka.protocol.ConnectStatus;
import org.robocell.driver.franka.protocol.FciCodec;
import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.FciResponse;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;

/** The configured component runs an FR3 on the configured port and protocol until it is deactivated. */
class FrankaEmulatorComponentTest {

    @Test
    void aConfiguredEmulatorAnswersConnectAndStreamsStatesFromTheConfiguredPose() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        FrankaEmulatorComponent component = new FrankaEmulatorComponent(config(Map.of("command_port", port,
                "protocol_version", "10", "start_q", "0.1, -0.5, 0, -2, 0, 1.5, 0.7")));
        try (SocketChannel tcp = SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
                DatagramChannel udp = DatagramChannel.open()
                        .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            assertNotNull(component.emulator());
            FciCodec codec = new FciCodec(ProtocolVersion.V10);
            int udpPort = ((InetSocketAddress) udp.getLocalAddress()).getPort();
            tcp.write(codec.encodeRequest(0, new FciRequest.Connect(10, udpPort)));
            ByteBuffer in = ByteBuffer.allocate(15);
            while (in.hasRemaining()) {
                tcp.read(in); // blocking: the emulator's thread answers within a cycle
            }
            in.flip();
            FciResponse r = codec.decodeResponse(CommandHeader.read(in), in);
            assertEquals(ConnectStatus.SUCCESS, r.status());
            ByteBuffer datagram = ByteBuffer.allocate(4096);
            udp.receive(datagram);
            datagram.flip();
            RobotState s = new RobotState();
            s.readFrom(datagram, ProtocolVersion.V10);
            assertEquals(0.1, s.get(StateField.Q, 0), 1e-6);
            assertEquals(-2.0, s.get(StateField.Q, 3), 1e-6);
        } finally {
            component.stop();
        }
    }

    @Test
    void eachUnusableSettingIsNamedInOneLine() {
        assertEquals("protocol.version=\"9\": FCI protocol version '9' is not supported: expected 7 (libfranka"
                + " 0.13.3-0.13.6) or 10 (libfranka 0.18 and later)", assertThrows(IllegalArgumentException.class,
                        () -> FrankaEmulatorComponent.settings(config(Map.of("protocol_version", "9"))))
                        .getMessage());
        assertEquals("start.q=\"0,0,0\": start joint positions must be 7 values, got 3",
                assertThrows(IllegalArgumentException.class,
                        () -> FrankaEmulatorComponent.settings(config(Map.of("start_q", "0,0,0")))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> FrankaEmulatorComponent.settings(config(Map.of("start_q", "0,0,0,0,0,0,0")))).getMessage()
                .startsWith("start.q=\"0,0,0,0,0,0,0\": start position of joint 4 is 0.0, outside the FR3's range"));
        assertEquals("start.q=\"a,b\" must be seven joint positions in rad, comma separated",
                assertThrows(IllegalArgumentException.class,
                        () -> FrankaEmulatorComponent.settings(config(Map.of("start_q", "a,b")))).getMessage());
        assertArrayEquals(new double[] { 0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4 },
                FrankaEmulatorComponent.settings(config(Map.of())).startQ(), "libfranka's ready pose by default");
    }

    @Test
    void aTakenPortLeavesTheComponentWithoutAnEmulatorAndNothingElseBreaks() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            FrankaEmulatorComponent component = new FrankaEmulatorComponent(config(Map.of("command_port",
                    taken.getLocalPort())));
            assertNull(component.emulator());
            component.stop();
        }
    }

    private static FrankaEmulatorComponent.Config config(Map<String, Object> values) {
        return (FrankaEmulatorComponent.Config) Proxy.newProxyInstance(
                FrankaEmulatorComponent.Config.class.getClassLoader(),
                new Class<?>[] { FrankaEmulatorComponent.Config.class },
                (proxy, method, args) -> values.containsKey(method.getName()) ? values.get(method.getName())
                        : method.getDefaultValue());
    }
}
