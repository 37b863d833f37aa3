package org.robocell.driver.franka.internal.hardware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;

import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;

/**
 * The receiving thread over real loopback sockets: only newer states from the robot's address reach the slot;
 * repeats, reordered and replayed states, malformed datagrams and anyone else's datagrams change nothing.
 */
class StateReceiverTest {

    private static final long WAIT = 5_000_000_000L;

    @Test
    void onlyNewerStatesFromTheRobotReachTheSlot() throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (DatagramChannel robot = DatagramChannel.open().bind(new InetSocketAddress(loopback, 0));
                DatagramChannel stranger = DatagramChannel.open().bind(new InetSocketAddress(loopback, 0));
                DatagramChannel driver = DatagramChannel.open().bind(new InetSocketAddress(loopback, 0))) {
            driver.connect(robot.getLocalAddress());
            StateSlot slot = new StateSlot();
            StateReceiver receiver = new StateReceiver(driver, ProtocolVersion.V7, slot, 10, "test");
            receiver.start();
            try {
                send(robot, driver, 11, 0.1);
                assertTrue(slot.awaitNewer(System.nanoTime() + WAIT));
                assertEquals(11, slot.current().messageId());
                send(stranger, driver, 50, 9.9); // another sender: the connected socket never sees it
                send(robot, driver, 11, 0.2); // a repeat
                send(robot, driver, 9, 0.3); // older than the first state
                malformed(robot, driver);
                send(robot, driver, 12, 0.4);
                assertTrue(slot.awaitNewer(System.nanoTime() + WAIT));
                assertEquals(12, slot.current().messageId());
                assertEquals(0.4, slot.current().get(StateField.Q, 0));
                assertFalse(slot.take(), "nothing else was published");
                assertEquals(2, receiver.stale());
                assertEquals(1, receiver.malformed());
                assertEquals(2, receiver.received());
            } finally {
                receiver.stop();
            }
        }
    }

    @Test
    void theReaderGetsTheNewestOfSeveralStatesPublishedSinceItsLastTake() {
        StateSlot slot = new StateSlot();
        for (long id = 1; id <= 5; id++) {
            slot.writeBuffer().messageId(id);
            slot.publish();
        }
        assertTrue(slot.take());
        assertEquals(5, slot.current().messageId());
        assertFalse(slot.take());
        assertFalse(slot.awaitNewer(System.nanoTime() + 1_000_000), "nothing newer: waits until the deadline");
    }

    private static void send(DatagramChannel from, DatagramChannel to, long id, double q0) throws Exception {
        RobotState s = new RobotState();
        s.messageId(id);
        s.set(StateField.Q, 0, q0);
        ByteBuffer b = ByteBuffer.allocate(ProtocolVersion.V7.robotStateSize()).order(ByteOrder.LITTLE_ENDIAN);
        s.writeTo(b, ProtocolVersion.V7);
        from.send(b, to.getLocalAddress());
    }

    private static void malformed(DatagramChannel from, DatagramChannel to) throws Exception {
        from.send(ByteBuffer.wrap(new byte[100]), to.getLocalAddress());
    }
}
