package org.robocell.benchmarks;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.benchmarks.jitter.Cells;
import org.robocell.jitter.BenchCell;
import org.robocell.manager.RobotLoop;

/**
 * One control cycle of the real controller manager on a stepped clock ({@link RobotLoop#cycleOnly()}: adopt the
 * plan, read the mock hardware, update the active controllers in chain order, enforce the URDF limits, write,
 * record the loop statistics), on the real mock robot (mock_components/GenericSystem from the URDF) with the real
 * controllers. Robots: KR6 (6 joints), FR3 (7), two FR3 arms on two mock systems (2×7). Controllers:
 * <ul>
 * <li>{@code trajectory}: joint_state_broadcaster + joint_trajectory_controller on every joint executing a long
 * spline trajectory (1000 points, sent once through the controller's FollowJointTrajectory channel; every iteration
 * fails if the goal is no longer executing at its start or end);</li>
 * <li>{@code chained}: joint_state_broadcaster + a forward controller writing the reference interfaces of a
 * pid_controller chained under it, which writes the position commands;</li>
 * <li>{@code forward}: joint_state_broadcaster + forward position controller (the default cell).</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ControlCycleBenchmark {

    @Param({ "kr6", "fr3", "dual_fr3" })
    public String robot;

    @Param({ "trajectory", "chained", "forward" })
    public String controllers;

    private BenchCell cell;
    private RobotLoop loop;
    private GoalHandle goal;

    @Setup(Level.Trial)
    public void setUp() {
        cell = Cells.create(BenchCell.Robot.fromLabel(robot), 1000);
        loop = cell.loop();
        switch (controllers) {
            case "trajectory" -> cell.activate("jsb", "jtc");
            case "chained" -> {
                cell.activate("jsb", "pid", "pid_feed");
                double[] q = cell.positions();
                for (int j = 0; j < q.length; j++) {
                    q[j] += 0.01;
                }
                if (!cell.command("pid_feed", q)) {
                    throw new IllegalStateException("pid_feed refused its command");
                }
            }
            case "forward" -> {
                cell.activate("jsb", "fwd_a");
                cell.command("fwd_a", cell.positions());
            }
            default -> throw new IllegalArgumentException("controllers: trajectory, chained or forward");
        }
        loop.step(100);
    }

    @Setup(Level.Iteration)
    public void trajectoryStillExecuting() {
        if (controllers.equals("trajectory")) {
            if (goal == null) {
                // sent once: 1000 points 100 s apart are 10^8 cycles of loop time, more than a whole fork runs
                goal = cell.sendLongTrajectory("jtc", 1000, 100.0);
                loop.step(10);
            }
            requireExecuting();
        }
    }

    @TearDown(Level.Iteration)
    public void checkTrajectory() {
        if (goal != null) {
            requireExecuting();
        }
        if (loop.manager().stats().controllerErrors() != 0) {
            throw new IllegalStateException("controller errors: " + loop.manager().stats().lastError());
        }
    }

    private void requireExecuting() {
        if (goal.status() != GoalStatus.EXECUTING) {
            throw new IllegalStateException("the trajectory is not executing: " + goal.status() + " " + goal.result());
        }
    }

    @Benchmark
    public void cycle() {
        loop.cycleOnly();
    }
}
