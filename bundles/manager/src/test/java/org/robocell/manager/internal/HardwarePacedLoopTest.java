package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ClockKind;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.manager.ControllerSource;
import org.robocell.manager.IdleStrategy;
import org.robocell.manager.LoopConfig;
import org.robocell.manager.RobotLoop;

/**
 * A loop on the robot's clock runs a cycle per packet while the robot sets the pace, and keeps its own rate while
 * it does not (its driver not active yet, or stopping). Going from the one to the other, the loop waits at most a
 * period: the packets may come faster than the rate (a robot catching up, a burst after a stall), and deadlines
 * counted a period per packet would lie far ahead of the clock. A stopping robot's loop slept until such a deadline,
 * seconds, and the runtime's clean stop waited for it.
 */
class HardwarePacedLoopTest {

    @Test
    void afterPacketsFasterThanTheRateTheLoopThatLosesThePaceStillStopsWhenAsked() throws Exception {
        RobotLoop loop = RobotLoop.create(new LoopConfig("paced", 1000, ClockKind.HARDWARE, IdleStrategy.SLEEP, 64,
                false, 1000), new ControllerSource() {
                    @Override
                    public org.robocell.api.controller.Controller create(String type) {
                        return null;
                    }

                    @Override
                    public java.util.Collection<String> types() {
                        return List.of();
                    }
                });
        FakeSystem arm = new FakeSystem("arm", new ArrayList<>());
        arm.logRealTime = false;
        loop.addHardware(Rig.system("arm", HardwareType.SYSTEM, 1, 0, null), arm);
        loop.start();
        try {
            awaitDone(loop.manager().requestHardwareState("arm", LifecycleState.ACTIVE));
            // every read returns at once: each is a packet, 20 000 of them in far less than 20 s
            long from = loop.cycles();
            for (int i = 0; i < 20_000 && loop.cycles() - from < 20_000; i++) {
                Thread.sleep(1);
            }
            assertTrue(loop.cycles() - from >= 20_000, "the robot set the pace: " + (loop.cycles() - from) + " packets");

            awaitDone(loop.manager().requestHardwareState("arm", LifecycleState.INACTIVE)); // it no longer does
            assertTrue(loop.stop(10_000), "the loop stopped when asked, not at a deadline counted on per packet");
        } finally {
            loop.stop(1000);
        }
    }

    private static void awaitDone(java.util.concurrent.CompletionStage<?> request) throws Exception {
        assertEquals(true, request.toCompletableFuture().thenApply(r -> true).get(20, TimeUnit.SECONDS));
    }
}
