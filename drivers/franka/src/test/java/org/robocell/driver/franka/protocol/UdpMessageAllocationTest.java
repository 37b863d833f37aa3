package org.robocell.driver.franka.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;

/** A 1 kHz cycle's datagrams, RobotState and RobotCommand written and read in reused buffers, allocate nothing. */
class UdpMessageAllocationTest {

    private static final int ITERATIONS = 50_000;
    /** what measuring itself may cost: a constant, independent of the iteration count */
    private static final long SLACK_BYTES = 1024;

    @Test
    void writingAndReadingStatesAndCommandsInBothVersionsAllocatesNothing() {
        RobotState state = new RobotState();
        RobotState received = new RobotState();
        RobotCommand command = new RobotCommand();
        RobotCommand receivedCommand = new RobotCommand();
        ByteBuffer stateBuffer = ByteBuffer.allocateDirect(4096);
        ByteBuffer commandBuffer = ByteBuffer.allocateDirect(512);
        long fewest = Long.MAX_VALUE;
        // the fewest bytes of up to ten tries: the JIT compiling on a loaded machine may allocate in one of them
        for (int attempt = 0; attempt < 10 && fewest > SLACK_BYTES; attempt++) {
            run(state, received, command, receivedCommand, stateBuffer, commandBuffer);
            com.sun.management.ThreadMXBean threads =
                    (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long self = Thread.currentThread().getId();
            threads.getThreadAllocatedBytes(self);
            long before = threads.getThreadAllocatedBytes(self);
            run(state, received, command, receivedCommand, stateBuffer, commandBuffer);
            fewest = Math.min(fewest, threads.getThreadAllocatedBytes(self) - before);
        }
        assertTrue(received.messageId() > 0 && receivedCommand.messageId > 0);
        assertTrue(fewest <= SLACK_BYTES, fewest + " bytes allocated in " + ITERATIONS + " cycles");
    }

    private static void run(RobotState state, RobotState received, RobotCommand command, RobotCommand receivedCommand,
            ByteBuffer stateBuffer, ByteBuffer commandBuffer) {
        for (int i = 0; i < ITERATIONS; i++) {
            ProtocolVersion version = (i & 1) == 0 ? ProtocolVersion.V7 : ProtocolVersion.V10;
            state.messageId(i + 1).set(StateField.Q, i % 7, i * 1e-6);
            state.writeTo(stateBuffer, version);
            received.readFrom(stateBuffer, version);
            command.messageId = received.messageId();
            command.qC[i % 7] = received.get(StateField.Q, i % 7);
            command.writeTo(commandBuffer);
            receivedCommand.readFrom(commandBuffer);
        }
    }
}
