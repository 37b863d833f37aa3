package org.robocell.driver.sim.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.ReturnType;

/** The cycle (read, write, a mode switch) allocates nothing: the fewest extra bytes of up to 20 tries count. */
class PhysicsSystemAllocationTest {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final long SLACK_BYTES = 256;

    interface Cycle {
        void run(int i);
    }

    private static long allocatedBy(Cycle cycle, int calls) {
        long before = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
        for (int i = 0; i < calls; i++) {
            cycle.run(i);
        }
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
    }

    private static long extraBytes(Cycle cycle) {
        allocatedBy(cycle, 30_000);
        long extra = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 20 && extra > SLACK_BYTES; attempt++) {
            extra = Math.min(extra, allocatedBy(cycle, 10_000) - allocatedBy(cycle, 1_000));
        }
        return extra;
    }

    @Test
    void theMeasurementSeesAnAllocation() {
        Object[] sink = new Object[1];
        assertTrue(extraBytes(i -> sink[0] = new double[2]) > SLACK_BYTES);
    }

    @Test
    void readWriteAndModeSwitchesAllocateNothing() {
        SimRobots.Started s = SimRobots.start(SimRobots.fr3(
                "<param name=\"contact_planes\">0 0 0.3 0 0 1</param><param name=\"contact_points\">link8; link4</param>"
                        + "<param name=\"damping\">0.5</param><param name=\"friction\">0.1</param>"));
        List<String> effort = List.of("joint1/effort", "joint2/effort");
        List<String> position = List.of("joint1/position", "joint2/position");
        List<String> velocity = List.of("joint3/velocity");
        List<String> none = List.of();
        s.system().performCommandModeSwitch(velocity, none);
        long extra = extraBytes(i -> {
            if (i % 1000 == 0) {
                s.system().performCommandModeSwitch(effort, position);
            } else if (i % 1000 == 500) {
                s.system().performCommandModeSwitch(position, effort);
            }
            if (s.system().read(i * 0.001, 0.001) != ReturnType.OK || s.system().write(i * 0.001, 0.001) != ReturnType.OK) {
                throw new AssertionError("cycle " + i + " failed: " + s.system().lastError());
            }
        });
        assertTrue(extra <= SLACK_BYTES, "the cycle allocated " + extra + " bytes over 9 000 more cycles");
    }
}
