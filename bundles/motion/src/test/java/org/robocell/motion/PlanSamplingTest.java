package org.robocell.motion;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.management.ManagementFactory;
import java.util.List;

import org.junit.jupiter.api.Test;

class PlanSamplingTest {

    private final MotionPlanner kr6 = Robots.kr6Planner();
    private final double[] goal = { 0.3, -1.4, 1.5, 0, 1.2, 0.5 };

    @Test
    void beforeItsStartAPlanIsAtTheStartAndAfterItsEndAtTheGoal() throws PlanningException {
        Plan plan = kr6.plan(Robots.KR6_HOME, List.of(new Primitive.Ptp(goal, MotionParameters.DEFAULT)));
        double[] q = new double[6];
        plan.sample(-1.0, q);
        assertArrayEquals(Robots.KR6_HOME, q, 0.0);
        plan.sample(Double.NaN, q);
        assertArrayEquals(Robots.KR6_HOME, q, 0.0);
        plan.sample(plan.duration() + 5, q);
        assertArrayEquals(goal, q, 1e-12);
        double[] dq = new double[6];
        plan.velocity(plan.duration() + 5, dq);
        assertArrayEquals(new double[6], dq, 0.0);
    }

    @Test
    void samplingAPlanAllocatesNothing() throws PlanningException {
        Plan plan = kr6.plan(Robots.KR6_HOME, List.of(new Primitive.Ptp(goal, MotionParameters.DEFAULT)));
        double[] q = new double[6];
        double[] dq = new double[6];
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        for (int warm = 0; warm < 3; warm++) {
            sampleAll(plan, q, dq);
        }
        // the fewest of up to twenty tries: the JIT compiling on a loaded machine can count bytes on this thread once
        long fewest = Long.MAX_VALUE;
        int index = 0;
        for (int attempt = 0; attempt < 20 && fewest > 0; attempt++) {
            long before = threads.getThreadAllocatedBytes(id);
            index = sampleAll(plan, q, dq);
            fewest = Math.min(fewest, threads.getThreadAllocatedBytes(id) - before);
        }
        assertEquals(0, fewest, "bytes allocated sampling " + plan.samples() + " samples (" + index + ")");
    }

    private static int sampleAll(Plan plan, double[] q, double[] dq) {
        int sum = 0;
        for (int k = 0; k < 20_000; k++) {
            double t = k * 0.0005;
            plan.sample(t, q);
            plan.velocity(t, dq);
            sum += plan.primitiveAt(t);
        }
        return sum;
    }
}
