package org.robocell.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.function.IntConsumer;

import org.junit.jupiter.api.Test;

/**
 * A step allocates nothing, with friction, contacts touching and a push: the bytes this thread allocates over
 * 20 000 steps are those over 1 000 (the measurement's own constant cost is in both).
 */
class SimulationAllocationTest {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final long SLACK_BYTES = 256;

    private static long allocatedBy(IntConsumer work, int calls) {
        long before = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
        for (int i = 0; i < calls; i++) {
            work.accept(i);
        }
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
    }

    /** The JIT allocates now and then while it works: the fewest extra bytes of up to 20 tries count. */
    static long extraBytes(IntConsumer work) {
        allocatedBy(work, 40_000);
        long extra = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 20 && extra > SLACK_BYTES; attempt++) {
            long few = allocatedBy(work, 1_000);
            long many = allocatedBy(work, 20_000);
            extra = Math.min(extra, many - few);
        }
        return extra;
    }

    @Test
    void theMeasurementSeesAnAllocation() {
        Object[] sink = new Object[1];
        assertTrue(extraBytes(i -> sink[0] = new double[2]) > SLACK_BYTES);
    }

    @Test
    void aStepWithFrictionContactsAndAPushAllocatesNothing() {
        Simulation sim = Simulation.create(Robots.fr3(), ContactTest.fr3OnATable());
        sim.reset(Robots.FR3_READY, new double[7]);
        double[] tau = new double[7];
        double[] q = new double[7];
        double[] wrench = new double[6];
        int flange = sim.model().linkIndex("link8");
        for (int step = 0; step < 3000; step++) {
            sim.step(tau);
        }
        assertTrue(sim.inContact(), "the arm lies on the table");
        sim.push("link4", 0, 5, 0, 0, 0, 0, 1e6);
        long extra = extraBytes(i -> {
            tau[i % 7] = 1e-3 * (i % 13);
            assertEquals(StepStatus.OK, sim.step(tau));
            sim.positions(q);
            sim.externalTorques(q);
            sim.contactWrench(flange, wrench);
        });
        assertTrue(extra <= SLACK_BYTES, "a step allocated " + extra + " bytes over 19 000 more steps");
        assertThrows(IllegalArgumentException.class, () -> sim.contactWrench(flange, new double[3]));
    }
}
