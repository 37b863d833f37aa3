package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * Committing a switch is part of a cycle on the loop thread, so it allocates nothing either: the request, its
 * validation and the new plan are built off the loop; the cycle that adopts the plan only swaps references,
 * deactivates, hands out the prepared loans and activates.
 */
class SwitchCommitAllocationTest {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** A controller whose activation looks its loans up by name, as real controllers do. */
    private static final class PositionHolder implements Controller {
        private final List<String> interfaces;
        private final CommandHandle[] out;

        PositionHolder(List<String> interfaces) {
            this.interfaces = interfaces;
            this.out = new CommandHandle[interfaces.size()];
        }

        @Override
        public InterfaceConfiguration commandInterfaceConfiguration() {
            return InterfaceConfiguration.individual(interfaces);
        }

        @Override
        public InterfaceConfiguration stateInterfaceConfiguration() {
            return InterfaceConfiguration.NONE;
        }

        @Override
        public CallbackReturn onActivate(Loans loans) {
            for (int i = 0; i < out.length; i++) {
                out[i] = loans.command(interfaces.get(i));
            }
            return CallbackReturn.SUCCESS;
        }

        @Override
        public ReturnType update(double time, double period) {
            for (CommandHandle h : out) {
                h.set(0.1);
            }
            return ReturnType.OK;
        }
    }

    @Test
    void theCyclesThatCommitTwoThousandSwitchesAllocateNothing() {
        Rig rig = Rig.withArm(7);
        rig.hw("arm").logRealTime = false;
        rig.setHardware("arm", LifecycleState.ACTIVE);
        List<String> positions = Rig.joints(7, "/position");
        rig.declare("a", new PositionHolder(positions));
        rig.declare("b", new PositionHolder(positions));
        rig.loadAndConfigure("a", "b");
        rig.activate("a");
        swap(rig, 2_000);

        long best = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 20 && best > 0; attempt++) {
            best = Math.min(best, swap(rig, 2_000));
        }
        // an iterator or a boxed value per commit would be 2 000 x 16 bytes at least
        assertTrue(best < 1_024, "bytes allocated by the cycles that committed 2 000 switches: " + best);
    }

    /** Swaps a and b n times; returns the bytes allocated by the committing cycles alone. */
    private static long swap(Rig rig, int n) {
        long tid = Thread.currentThread().getId();
        long total = 0;
        for (int i = 0; i < n; i++) {
            boolean toB = rig.state("a") == LifecycleState.ACTIVE;
            CompletableFuture<SwitchResult> answer = rig.cm.switchControllers(List.of(toB ? "b" : "a"),
                    List.of(toB ? "a" : "b"), Strictness.STRICT, 10).toCompletableFuture();
            long before = THREADS.getThreadAllocatedBytes(tid);
            rig.loop.cycleOnly();
            total += THREADS.getThreadAllocatedBytes(tid) - before;
            rig.loop.serviceNow();
            assertTrue(answer.join().ok(), answer.join().message());
        }
        return total;
    }
}
