package org.robocell.driver.kuka.fri.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.channels.ClosedSelectorException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * The loop's side of a session, {@code read()} and {@code write()} against a robot on its own thread, allocates
 * nothing.
 */
class FriDriverAllocationTest {

    private static final int CYCLES = 10_000;
    /**
     * what measuring itself and one-off effects on a loaded machine may cost (a selector that first has to wait, the
     * JIT): a constant. One object per cycle, the least a cycle could allocate, would be 16 bytes x 10 000 cycles.
     */
    private static final long SLACK_BYTES = 4096;

    @Test
    void theDriversCycleAllocatesNothing() throws Exception {
        try (FriRig rig = new FriRig(Map.of()).configured()) {
            // the robot on its own thread, each message sent once the last one was answered: only the loop's
            // allocations are counted on this thread, and a loaded machine cannot make a reply late
            rig.robot(c -> c);
            AtomicBoolean running = new AtomicBoolean(true);
            Thread robot = new Thread(() -> {
                try {
                    while (running.get()) {
                        rig.robot.step();
                        rig.robot.awaitReply(1, TimeUnit.SECONDS);
                    }
                } catch (IOException | ClosedSelectorException e) {
                    // closed at the end of the test
                }
            }, "stepped-robot");
            robot.start();
            assertEquals(CallbackReturn.SUCCESS, rig.driver.onActivate(LifecycleState.INACTIVE),
                    rig.driver.lastError());
            double target = rig.robot.joints()[0] + 0.01;
            loop(rig, CYCLES, target);
            com.sun.management.ThreadMXBean threads =
                    (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long self = Thread.currentThread().getId();
            threads.getThreadAllocatedBytes(self);
            long before = threads.getThreadAllocatedBytes(self);
            int ok = loop(rig, CYCLES, target);
            long allocated = threads.getThreadAllocatedBytes(self) - before;
            assertEquals(CYCLES, ok, rig.driver.lastError());
            assertTrue(allocated <= SLACK_BYTES, allocated + " bytes allocated in " + CYCLES + " cycles");
            running.set(false);
            robot.join(5000);
        }
    }

    private static int loop(FriRig rig, int cycles, double target) {
        int ok = 0;
        for (int i = 0; i < cycles; i++) {
            rig.context.setCommand("A1/position", target);
            if (rig.driver.read(0, 0) == ReturnType.OK && rig.driver.write(0, 0) == ReturnType.OK) {
                ok++;
            }
        }
        return ok;
    }
}
