package org.robocell.controller.diffdrive.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.robocell.controller.diffdrive.internal.DiffDriveRig.base;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.controller.common.ChannelDirectory;

/** The parameters, checked as configure reads them, with upstream's names (and the deprecated ones files still use). */
class DiffDriveParametersTest {

    private final Controller c = new DiffDriveControllerFactory(new ChannelDirectory())
            .create(DiffDriveControllerFactory.TYPE);

    private String problem(Map<String, Object> p) {
        return c.checkParameters(new Parameters("t", p)).message();
    }

    /** ros2_control_demos example 2's diffbot_base_controller section, as written (type aside). */
    @Test
    void example2sControllerSectionIsAcceptedUnchanged() {
        Map<String, Object> p = base();
        p.put("wheel_separation", 0.10);
        p.put("wheel_radius", 0.015);
        p.put("wheel_separation_multiplier", 1.0);
        p.put("left_wheel_radius_multiplier", 1.0);
        p.put("right_wheel_radius_multiplier", 1.0);
        p.put("publish_limited_velocity", true);
        p.put("publish_rate", 50.0);
        p.put("odom_frame_id", "odom");
        p.put("base_frame_id", "base_link");
        p.put("pose_covariance_diagonal", List.of(0.001, 0.001, 0.001, 0.001, 0.001, 0.01));
        p.put("twist_covariance_diagonal", List.of(0.001, 0.001, 0.001, 0.001, 0.001, 0.01));
        p.put("open_loop", true);
        p.put("enable_odom_tf", true);
        p.put("cmd_vel_timeout", 0.5);
        p.put("linear.x.max_velocity", 1.0);
        p.put("linear.x.min_velocity", -1.0);
        p.put("linear.x.max_acceleration", 1.0);
        p.put("angular.z.max_velocity", 1.0);
        p.put("angular.z.min_velocity", -1.0);
        p.put("angular.z.max_acceleration", 1.0);
        p.put("angular.z.min_acceleration", -1.0);
        p.put("type", DiffDriveControllerFactory.TYPE);
        assertEquals(ParameterCheck.ACCEPTED, c.checkParameters(new Parameters("diffbot_controllers.yaml", p)));
    }

    @Test
    void theDeprecatedMinAccelerationIsTheReverseAccelerationLimit() {
        DiffDriveRig r = new DiffDriveRig();
        r.active(base("linear.x.max_acceleration", 1.0, "linear.x.min_acceleration", -0.25));
        r.cmdVel().offer(-1.0, 0.0);
        r.rig.step();
        assertEquals(-0.0025, r.leftCommand() * DiffDriveRig.RADIUS, 1e-12);
    }

    @Test
    void hasLimitsFalseSwitchesTheLimitsOff() {
        DiffDriveRig r = new DiffDriveRig();
        r.active(base("linear.x.max_velocity", 0.1, "linear.x.has_velocity_limits", false));
        r.cmdVel().offer(2.0, 0.0);
        r.rig.step();
        assertEquals(2.0, r.leftCommand() * DiffDriveRig.RADIUS, 1e-12);
    }

    @Test
    void wheelsMustBeNamedOnBothSidesAlikeAndOnlyOnce() {
        assertEquals("parameter 'left_wheel_names' is required but missing",
                problem(Map.of("right_wheel_names", List.of("r"), "wheel_separation", 0.4, "wheel_radius", 0.1)));
        assertEquals("parameter 'right_wheel_names' must name at least one wheel joint",
                problem(base("right_wheel_names", List.of())));
        assertEquals("the number of left wheels (2, 'left_wheel_names') and the number of right wheels (1,"
                + " 'right_wheel_names') are different", problem(base("left_wheel_names", List.of("a", "b"))));
        assertEquals("wheel 'w' is named twice in 'left_wheel_names' and 'right_wheel_names'",
                problem(base("left_wheel_names", List.of("w"), "right_wheel_names", List.of("w"))));
    }

    @Test
    void geometryMustBeFiniteAndPositive() {
        assertEquals("parameter 'wheel_separation' must be a finite number > 0, got 0.0",
                problem(base("wheel_separation", 0.0)));
        assertEquals("parameter 'wheel_radius' must be a finite number > 0, got NaN",
                problem(base("wheel_radius", Double.NaN)));
        assertEquals("parameter 'left_wheel_radius_multiplier' must be a finite number > 0, got -1.0",
                problem(base("left_wheel_radius_multiplier", -1.0)));
        assertEquals("parameter 'cmd_vel_timeout' must be a finite number of seconds >= 0 (0 disables the timeout),"
                + " got -0.5", problem(base("cmd_vel_timeout", -0.5)));
        assertEquals("parameter 'velocity_rolling_window_size' must be at least 1, got 0",
                problem(base("velocity_rolling_window_size", 0)));
        assertEquals("parameter 'pose_covariance_diagonal' must hold 6 numbers (x, y, z, roll, pitch, yaw), got 2",
                problem(base("pose_covariance_diagonal", List.of(0.1, 0.1))));
    }

    @Test
    void limitsHaveUpstreamsSignsAndMustAgree() {
        assertEquals("parameter 'linear.x.max_velocity' must be >= 0 or .nan (no limit), got -1.0",
                problem(base("linear.x.max_velocity", -1.0)));
        assertEquals("parameter 'angular.z.max_deceleration' must be <= 0 or .nan (no limit), got 1.0",
                problem(base("angular.z.max_deceleration", 1.0)));
        assertEquals("parameter 'linear.x.min_acceleration' must be <= 0 or .nan (no limit), got 0.5",
                problem(base("linear.x.min_acceleration", 0.5)));
        assertTrue(c.checkParameters(new Parameters("t", base("linear.x.max_velocity", Double.NaN))).ok(),
                ".nan is no limit, as upstream's default");
    }

    @Test
    void unknownParametersAreRefusedWithTheClosestName() {
        assertEquals("unknown parameter 'wheel_seperation' (did you mean 'wheel_separation'?)",
                problem(base("wheel_seperation", 0.4)));
        assertEquals("unknown parameter 'linear.x.max_velocty' (did you mean 'linear.x.max_velocity'?)",
                problem(base("linear.x.max_velocty", 1.0)));
        assertEquals("unknown parameter 'angular.x.max_velocity' (did you mean 'angular.z.max_velocity'?)",
                problem(base("angular.x.max_velocity", 1.0)));
    }

    @Test
    void aConfigureWithWrongParametersFailsWithOneLine() {
        DiffDriveRig r = new DiffDriveRig();
        var e = r.load(base("wheel_radius", "big"));
        assertEquals(CallbackReturn.FAILURE, e.configure());
        assertEquals("diffbot_base_controller: test: diffbot_base_controller: parameter 'wheel_radius' must be a number,"
                + " got 'big'", r.controller.lastError());
    }

    @Test
    void theFactoryServesOnlyItsType() {
        assertThrows(IllegalArgumentException.class,
                () -> new DiffDriveControllerFactory(new ChannelDirectory()).create("tricycle_controller/Tricycle"));
    }
}
