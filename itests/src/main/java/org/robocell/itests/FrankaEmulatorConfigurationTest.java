package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Dictionary;
import java.util.Hashtable;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.driver.franka.protocol.CommandHeader;
import org.robocell.driver.franka.protocol.ConnectStatus;
import org.robocell.driver.franka.protocol.FciCodec;
import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.FciResponse;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotMode;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;

/**
 * The Franka FCI emulator in the real framework: off until a configuration for its PID exists, then an FR3 that
 * answers an FCI client on the configured port; a configuration it cannot use leaves it off, the next good one
 * starts it, deleting the configuration stops it.
 */
class FrankaEmulatorConfigurationTest {

    private static final String PID = "org.robocell.driver.franka.emulator";

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    @InjectService(timeout = 10_000)
    ServiceComponentRuntime components;

    private Configuration configuration;

    /**
     * Starts when no instance is left from another test of the same PID (FrankaCellTest runs an emulator too): SCR
     * took a configuration created while the other's deletion was still on its way for one it had seen, and ignored it.
     */
    @BeforeEach
    void noEmulatorLeft() throws Exception {
        awaitNoInstance();
    }

    /**
     * Deletes the configuration and waits until the component has no instance left: a configuration for the same PID
     * created by the next test while the deletion is still on its way can otherwise meet the old instance.
     */
    @AfterEach
    void removeTheConfiguration() throws Exception {
        if (configuration != null) {
            configuration.delete();
        }
        awaitNoInstance();
    }

    private void awaitNoInstance() throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (emulatorInstances() > 0) {
            assertTrue(System.nanoTime() < deadline, "the emulator component still runs after its configuration"
                    + " was deleted");
            Thread.sleep(20);
        }
    }

    /**
     * Waits until an instance runs with the given setting. Felix SCR reads a configuration's properties and its change
     * count apart: an update that lands between the two reads is taken for one it has already seen, and the instance
     * keeps the older properties. An operator's second edit seconds later is not affected; a test's edit a millisecond
     * later is.
     */
    private void awaitInstanceWith(String key, Object value) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (true) {
            for (ComponentDescriptionDTO description : components.getComponentDescriptionDTOs()) {
                if (description.configurationPid.length > 0 && PID.equals(description.configurationPid[0])) {
                    for (var instance : components.getComponentConfigurationDTOs(description)) {
                        if (value.equals(instance.properties.get(key))) {
                            return;
                        }
                    }
                }
            }
            assertTrue(System.nanoTime() < deadline, "no emulator component instance with " + key + "=" + value);
            Thread.sleep(20);
        }
    }

    private int emulatorInstances() {
        int instances = 0;
        for (ComponentDescriptionDTO description : components.getComponentDescriptionDTOs()) {
            if (description.configurationPid.length > 0 && PID.equals(description.configurationPid[0])) {
                instances += components.getComponentConfigurationDTOs(description).size();
            }
        }
        return instances;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private void configure(Object... keysAndValues) throws IOException {
        Dictionary<String, Object> props = new Hashtable<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            props.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        if (configuration == null) {
            configuration = configAdmin.getConfiguration(PID, "?");
        }
        configuration.update(props);
    }

    /** Connects to the robot once it listens (bounded: 20 s). */
    private Socket awaitRobot(int port) throws Exception {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (true) {
            try {
                Socket s = new Socket();
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
                return s;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("no FR3 listening on port " + port + " (emulator component instances: "
                            + emulatorInstances() + ", configuration: " + configuration.getProperties() + ")", e);
                }
                Thread.sleep(50);
            }
        }
    }

    private static boolean listening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void aConfiguredFr3AnswersConnectStreamsItsStateAndStopsWhenTheConfigurationIsDeleted() throws Exception {
        int port = freePort();
        assertTrue(!listening(port), "no emulator before it is configured");
        configure("command.port", port, "protocol.version", "10");
        FciCodec codec = new FciCodec(ProtocolVersion.V10);
        try (Socket tcp = awaitRobot(port);
                DatagramSocket udp = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            tcp.setSoTimeout(10_000);
            udp.setSoTimeout(10_000);
            ByteBuffer request = codec.encodeRequest(0, new FciRequest.Connect(10, udp.getLocalPort()));
            tcp.getOutputStream().write(request.array(), 0, request.remaining());
            byte[] response = new byte[15];
            new DataInputStream(tcp.getInputStream()).readFully(response);
            ByteBuffer b = ByteBuffer.wrap(response);
            FciResponse connect = codec.decodeResponse(CommandHeader.read(b), b);
            assertEquals(ConnectStatus.SUCCESS, connect.status());
            DatagramPacket packet = new DatagramPacket(new byte[4096], 4096);
            udp.receive(packet);
            RobotState state = new RobotState();
            state.readFrom(ByteBuffer.wrap(packet.getData(), 0, packet.getLength()), ProtocolVersion.V10);
            assertEquals(RobotMode.IDLE, state.robotMode());
            assertEquals(-3 * Math.PI / 4, state.get(StateField.Q, 3), 1e-6, "libfranka's ready pose");
        }
        configuration.delete();
        configuration = null;
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (listening(port)) {
            assertTrue(System.nanoTime() < deadline, "the FR3 still listens after its configuration was deleted");
            Thread.sleep(50);
        }
    }

    @Test
    void aConfigurationItCannotUseLeavesItOffAndTheNextGoodOneStartsIt() throws Exception {
        int port = freePort();
        configure("command.port", port, "start.q", "0,0,0");
        awaitInstanceWith("start.q", "0,0,0");
        assertTrue(!listening(port), "seven joint positions are needed; three start no robot");
        configure("command.port", port, "start.q", "0.1,-0.5,0,-2,0,1.5,0.7");
        try (Socket tcp = awaitRobot(port)) {
            assertTrue(tcp.isConnected());
        }
    }
}
