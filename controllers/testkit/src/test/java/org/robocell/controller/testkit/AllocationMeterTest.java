package org.robocell.controller.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class AllocationMeterTest {

    private static final List<Object> KEPT = new ArrayList<>();

    @Test
    void anAllocationInEveryTryIsSeenInTheFewest() {
        List<Integer> tries = new ArrayList<>();
        long fewest = AllocationMeter.fewestBytes(attempt -> {
            tries.add(attempt);
            return AllocationMeter.bytesOf(() -> KEPT.add(new double[1000]));
        });
        KEPT.clear();
        assertTrue(fewest >= 8000, "1000 doubles every try: " + fewest + " bytes");
        assertEquals(AllocationMeter.TRIES, tries.size(), "an allocating measurement is tried every time");
    }

    @Test
    void anAllocationInTheFirstTriesOnlyIsNoise() {
        long fewest = AllocationMeter.fewestBytes(attempt -> attempt < 3 ? 512 : 0);
        assertEquals(0, fewest);
    }

    @Test
    void theTriesStopAtTheFirstThatAllocatesNothing() {
        List<Integer> tries = new ArrayList<>();
        long fewest = AllocationMeter.fewestBytes(attempt -> {
            tries.add(attempt);
            return attempt == 1 ? 0 : 64;
        });
        assertEquals(0, fewest);
        assertEquals(List.of(0, 1), tries);
    }

    @Test
    void codeThatAllocatesNothingMeasuresZero() {
        double[] sum = new double[1];
        long fewest = AllocationMeter.fewestBytes(() -> {
            for (int i = 0; i < 10_000; i++) {
                sum[0] += Math.sqrt(i);
            }
        });
        assertEquals(0, fewest);
        assertTrue(sum[0] > 0);
    }
}
