package org.robocell.controller.admittance.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.Parameters;
import org.robocell.controller.testkit.AllocationMeter;

/**
 * The admittance controller's cycle allocates nothing: thousands of cycles with a changing wrench on all six selected
 * axes, joint references arriving on the channel, a wrench reference, new gains handed over while it runs, and the
 * state published, measured with the JVM's per-thread allocation counter after a warm-up.
 */
class ZeroAllocationTest {

    private static final int CYCLES = 5000;

    @Test
    void aCycleWithAWrenchOnSixAxesReferencesAndNewGainsAllocatesNothing() {
        AdmittanceHarness h = new AdmittanceHarness().active();
        CommandHandle[] sensor = new CommandHandle[6];
        for (int a = 0; a < 6; a++) {
            sensor[a] = h.table.stateWriter("ft_sensor/" + AdmittanceConfig.WRENCH_AXES.get(a));
        }
        run(h, sensor, 20_000);
        long fewest = AllocationMeter.fewestBytes(attempt -> {
            long publishedBefore = h.state().publications();
            // new gains off the loop, taken by the measured cycles
            assertTrue(h.controller.onParametersChanged(new Parameters("test", AdmittanceHarness.parameters(Map.of(
                    "admittance.stiffness", List.of(150.0 + attempt, 150.0, 150.0, 15.0, 15.0, 15.0))))));
            System.gc();
            long allocated = run(h, sensor, CYCLES);
            assertEquals(publishedBefore + CYCLES, h.state().publications(), "every cycle published its state");
            return allocated;
        });
        assertEquals(0, fewest, "bytes allocated in " + CYCLES + " admittance cycles");
    }

    /**
     * Cycles with a wrench that changes every cycle, in chunks of 500; before each chunk (not measured: offering copies
     * the values, as a sender off the loop does) new joint references and a wrench reference. Returns the bytes the
     * cycles allocated.
     */
    private static long run(AdmittanceHarness h, CommandHandle[] sensor, int cycles) {
        double[] references = new double[14];
        long allocated = 0;
        long overhead = AllocationMeter.overhead();
        for (int chunk = 0; chunk < cycles / 500; chunk++) {
            double s = Math.sin(chunk * 0.7);
            for (int j = 0; j < 7; j++) {
                references[j] = AdmittanceHarness.READY[j] + 0.02 * s;
                references[7 + j] = Double.NaN;
            }
            assertTrue(h.jointReferences().offer(references));
            assertTrue(h.wrenchReference().offer(0, 0, s, 0, 0, 0));
            long before = AllocationMeter.allocatedBytes();
            for (int i = 0; i < 500; i++) {
                double w = Math.sin(i * 0.01);
                sensor[0].set(5 * w);
                sensor[1].set(-3 * w);
                sensor[2].set(8 * w);
                sensor[3].set(0.2 * w);
                sensor[4].set(-0.1 * w);
                sensor[5].set(0.3 * w);
                h.rig.step();
            }
            allocated += AllocationMeter.allocatedBytes() - before - overhead;
        }
        return allocated;
    }
}
