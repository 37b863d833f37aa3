package org.robocell.jitter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalStatus;

/**
 * The cells the benchmarks measure do what they claim: the trajectory executes and moves the mock joints, the
 * chained PID is in chained mode and reaches the hardware, and their cycles allocate nothing.
 */
class BenchCellTest {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static long allocated() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    /**
     * Bytes of 100 000 cycles, the least of up to ten tries: on a loaded machine the JIT may still be compiling after
     * the warm-up, and the first tries then count bytes that are the compiler's, not the cycle's.
     */
    private static long bytesOfCycles(BenchCell cell) {
        cell.loop().step(20_000);
        long overhead = allocated();
        overhead = allocated() - overhead;
        long best = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 20 && best > 0; attempt++) {
            long before = allocated();
            for (int i = 0; i < 100_000; i++) {
                cell.loop().cycleOnly();
            }
            best = Math.min(best, allocated() - before - overhead);
        }
        return best;
    }

    @Test
    void theTrajectoryCycleOfTheSevenJointArmAllocatesNothingWhileTheGoalExecutes() {
        BenchCell cell = TestCells.create(BenchCell.Robot.FR3, 1000);
        assertEquals(7, cell.joints().size());
        cell.activate("jsb", "jtc");
        double before = cell.value("joint1/position");
        GoalHandle goal = cell.sendLongTrajectory("jtc", 1000, 100.0);
        cell.loop().step(10);
        assertEquals(GoalStatus.EXECUTING, goal.status());

        assertEquals(0, bytesOfCycles(cell), "bytes allocated by 100 000 cycles");
        assertEquals(GoalStatus.EXECUTING, goal.status(), "still executing after the measured cycles");
        assertNotEquals(before, cell.value("joint1/position"), "the trajectory moved the mock joint");
        assertEquals(0, cell.manager().stats().controllerErrors());
    }

    @Test
    void theChainedPidCycleOfTwoArmsAllocatesNothingAndReachesTheHardware() {
        BenchCell cell = TestCells.create(BenchCell.Robot.DUAL_FR3, 1000);
        assertEquals(14, cell.joints().size());
        assertEquals(2, cell.manager().hardware().size(), "two mock systems");
        cell.activate("jsb", "pid", "pid_feed");
        ControllerSnapshot pid = cell.manager().controller("pid").orElseThrow();
        assertEquals(LifecycleState.ACTIVE, pid.state());
        assertTrue(pid.chained(), "the PID is in chained mode under pid_feed");
        double[] target = cell.positions();
        target[13] += 0.05;
        assertTrue(cell.command("pid_feed", target));

        assertEquals(0, bytesOfCycles(cell), "bytes allocated by 100 000 cycles");
        assertEquals(target[13], cell.value("right_joint7/position"), 1e-6, "the PID drove the mock joint to its reference");
    }

    @Test
    void theSixJointCellHasTheKukaJointsAndTheTrajectoryControllerOnHalfOfThem() {
        BenchCell cell = TestCells.create(BenchCell.Robot.KR6, 250);
        assertEquals(List.of("joint_a1", "joint_a2", "joint_a3", "joint_a4", "joint_a5", "joint_a6"), cell.joints());
        cell.activate("jsb", "jtc_part", "fwd_a_part");
        assertEquals(List.of("joint_a1/position", "joint_a2/position", "joint_a3/position"),
                cell.manager().controller("jtc_part").orElseThrow().claimedInterfaces());
        assertEquals(List.of("joint_a4/position", "joint_a5/position", "joint_a6/position"),
                cell.manager().controller("fwd_a_part").orElseThrow().claimedInterfaces());
    }
}
