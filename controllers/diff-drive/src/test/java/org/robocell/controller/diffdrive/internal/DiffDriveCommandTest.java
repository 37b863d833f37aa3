package org.robocell.controller.diffdrive.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.robocell.controller.diffdrive.internal.DiffDriveRig.RADIUS;
import static org.robocell.controller.diffdrive.internal.DiffDriveRig.base;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.io.CommandInput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.ControllerRig.Entry;

/** The command path: channel, limits, timeout, chaining, activation and deactivation. */
class DiffDriveCommandTest {

    private final DiffDriveRig r = new DiffDriveRig();

    /** The linear velocity the wheels are commanded to (both wheels equal when not turning). */
    private double linearCommand() {
        return r.leftCommand() * RADIUS;
    }

    @Test
    void theVelocityIsClampedToItsLimits() {
        r.active(base("linear.x.max_velocity", 1.0, "linear.x.min_velocity", -0.5, "angular.z.max_velocity", 2.0));
        r.cmdVel().offer(5.0, 0.0);
        r.rig.step();
        assertEquals(1.0, linearCommand(), 1e-12);
        r.cmdVel().offer(-5.0, 0.0);
        r.rig.step();
        assertEquals(-0.5, linearCommand(), 1e-12);
        r.cmdVel().offer(0.0, -9.0);
        r.rig.step();
        assertEquals(-2.0 * 0.2 / RADIUS, r.rightCommand(), 1e-12, "min defaults to -max");
    }

    @Test
    void accelerationAndDecelerationAreLimitedPerDirection() {
        r.active(base("linear.x.max_acceleration", 1.0, "linear.x.max_deceleration", -0.5));
        r.cmdVel().offer(1.0, 0.0);
        r.rig.step();
        assertEquals(0.01, linearCommand(), 1e-12, "1 m/s² for 0.01 s");
        r.rig.steps(9);
        assertEquals(0.1, linearCommand(), 1e-12);
        r.cmdVel().offer(0.0, 0.0);
        r.rig.step();
        assertEquals(0.095, linearCommand(), 1e-12, "braking forward at 0.5 m/s²");
        r.rig.steps(19);
        assertEquals(0.0, linearCommand(), 1e-12);
    }

    @Test
    void jerkIsLimitedWhileTheAccelerationGrows() {
        r.active(base("linear.x.max_jerk", 10.0));
        r.cmdVel().offer(1.0, 0.0);
        r.rig.step();
        assertEquals(0.001, linearCommand(), 1e-12, "10 m/s³ · 0.01² s²");
        r.rig.step();
        assertEquals(0.003, linearCommand(), 1e-12);
    }

    @Test
    void whenCommandsStopForLongerThanTheTimeoutTheRobotBrakes() {
        r.active(base("cmd_vel_timeout", 0.5, "linear.x.max_deceleration", -1.0, "linear.x.max_acceleration", 100.0));
        r.cmdVel().offer(0.5, 0.0);
        r.rig.steps(50);
        assertEquals(0.5, linearCommand(), 1e-12, "0.49 s after the command it still holds");
        r.rig.steps(2);
        assertEquals(0.49, linearCommand(), 1e-12, "then zero is commanded, within the deceleration limit");
        r.rig.steps(100);
        assertEquals(0.0, linearCommand(), 1e-12);
        r.cmdVel().offer(0.2, 0.0);
        r.rig.step();
        assertEquals(0.2, linearCommand(), 1e-12, "a new command moves it again");
    }

    @Test
    void aTimeoutOfZeroKeepsTheLastCommandForever() {
        r.active(base("cmd_vel_timeout", 0.0));
        r.cmdVel().offer(0.5, 0.0);
        r.rig.steps(1000);
        assertEquals(0.5, linearCommand(), 1e-12);
    }

    @Test
    void beforeTheFirstCommandTheWheelsAreNotCommandedUntilTheTimeoutCommandsZero() {
        r.active(base("cmd_vel_timeout", 0.5));
        r.rig.steps(50);
        assertTrue(Double.isNaN(r.leftCommand()), "no command yet");
        r.rig.steps(2);
        assertEquals(0.0, r.leftCommand());
    }

    @Test
    void theChannelRefusesNaNInfinitiesAndAWrongCount() {
        r.active(base());
        CommandInput in = r.cmdVel();
        assertEquals(List.of("linear.x", "angular.z"), in.fields());
        assertFalse(in.offer(Double.NaN, 0.0));
        assertFalse(in.offer(0.1, Double.POSITIVE_INFINITY));
        assertEquals("diffbot_base_controller/cmd_vel takes finite numbers, got Infinity for angular.z",
                in.explain(0.1, Double.POSITIVE_INFINITY));
        assertFalse(in.offer(0.1));
        r.rig.step();
        assertTrue(Double.isNaN(r.leftCommand()));
    }

    @Test
    void chainedAPrecedingControllerWritesTheReferencesAndNoTimeoutApplies() {
        Entry e = r.load(base("cmd_vel_timeout", 0.1));
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertEquals(List.of("diffbot_base_controller/linear/velocity", "diffbot_base_controller/angular/velocity"),
                r.controller.exportReferenceInterfaces());
        assertTrue(e.setChained(true));
        assertEquals(CallbackReturn.SUCCESS, e.activate());
        r.table.setCommand("diffbot_base_controller/linear/velocity", 0.3);
        r.table.setCommand("diffbot_base_controller/angular/velocity", 0.0);
        r.rig.steps(100);
        assertEquals(0.3, linearCommand(), 1e-12);
    }

    @Test
    void deactivationStopsTheWheelsAndAStaleCommandDoesNotRestartThem() {
        Entry e = r.active(base("cmd_vel_timeout", 0.0));
        r.cmdVel().offer(0.5, 0.2);
        r.rig.step();
        e.deactivate();
        assertEquals(0.0, r.leftCommand());
        assertEquals(0.0, r.rightCommand());
        r.cmdVel().offer(0.5, 0.0);
        assertEquals(CallbackReturn.SUCCESS, e.activate());
        r.rig.steps(5);
        assertEquals(0.0, r.leftCommand(), "the command sent while inactive is dropped");
    }

    @Test
    void activationIsRefusedNamingAWheelInterfaceThatDoesNotExist() {
        r.table.addCommand("caster_wheel/velocity");
        Entry e = r.load(base("right_wheel_names", List.of("caster_wheel")));
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertEquals(CallbackReturn.FAILURE, e.activate());
        assertEquals(Fault.NO_MEASURED_STATE, r.controller.fault());
        assertEquals("diffbot_base_controller: wheel interface caster_wheel/position does not exist",
                r.controller.lastError());
    }

    @Test
    void severalWheelsPerSideAreCommandedAlikeAndAveragedForOdometry() {
        DiffDriveRig four = new DiffDriveRig();
        four.table.addCommand("rear_left/velocity");
        four.table.addCommand("rear_right/velocity");
        int rl = four.table.addState("rear_left/position", 0.0);
        int rr = four.table.addState("rear_right/position", 0.0);
        four.active(base("left_wheel_names", List.of("left_wheel_joint", "rear_left"), "right_wheel_names",
                List.of("right_wheel_joint", "rear_right"), "cmd_vel_timeout", 0.0, "open_loop", false));
        four.cmdVel().offer(0.2, 0.0);
        four.rig.step();
        assertEquals(2.0, four.table.commandValue("rear_left/velocity"), 1e-12);
        assertEquals(2.0, four.table.commandValue("rear_right/velocity"), 1e-12);
        four.table.slots().set(rl, 0.0);
        four.table.slots().set(rr, 0.0);
        four.rig.steps(100);
        assertEquals(0.5 * RADIUS * four.wheels.position(0), four.odom()[0], 1e-12,
                "the rear wheels report no travel: the mean is half");
    }

    @Test
    void anUpdateAllocatesNothing() {
        r.active(base("linear.x.max_acceleration", 1.0, "linear.x.max_jerk", 5.0, "angular.z.max_velocity", 1.0,
                "publish_limited_velocity", true, "publish_rate", 50.0));
        CommandInput in = r.cmdVel();
        for (int i = 0; i < 20_000; i++) {
            if (i % 100 == 0) {
                in.offer(0.01 * (i % 700), 0.3);
            }
            r.rig.step();
        }
        long fewest = AllocationMeter.fewestBytes(attempt -> {
            in.offer(0.1 * attempt, -0.2);
            long published = r.output("odom").publications();
            long bytes = AllocationMeter.bytesOf(() -> {
                for (int i = 0; i < 5_000; i++) {
                    r.rig.step();
                }
            });
            assertEquals(published + 2_500, r.output("odom").publications());
            return bytes;
        });
        assertEquals(0, fewest, "bytes allocated in 5000 updates");
    }

}
