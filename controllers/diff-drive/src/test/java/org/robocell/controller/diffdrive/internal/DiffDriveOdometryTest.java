package org.robocell.controller.diffdrive.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.robocell.controller.diffdrive.internal.DiffDriveRig.RADIUS;
import static org.robocell.controller.diffdrive.internal.DiffDriveRig.SEPARATION;
import static org.robocell.controller.diffdrive.internal.DiffDriveRig.base;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.ReturnType;

/** Wheel velocities from body velocities, and the odometry integrated back from the wheels (or the commands). */
class DiffDriveOdometryTest {

    private final DiffDriveRig r = new DiffDriveRig();

    @Test
    void aBodyVelocityBecomesWheelVelocitiesThroughSeparationAndRadius() {
        r.active(base("cmd_vel_timeout", 0.0));
        assertTrue(r.cmdVel().offer(0.2, 0.5));
        r.rig.step();
        assertEquals((0.2 - 0.5 * SEPARATION / 2) / RADIUS, r.leftCommand(), 1e-12);
        assertEquals((0.2 + 0.5 * SEPARATION / 2) / RADIUS, r.rightCommand(), 1e-12);
    }

    @Test
    void multipliersCorrectTheSeparationAndEachSidesRadius() {
        r.active(base("wheel_separation_multiplier", 2.0, "left_wheel_radius_multiplier", 0.5,
                "right_wheel_radius_multiplier", 2.0));
        r.cmdVel().offer(0.2, 0.5);
        r.rig.step();
        assertEquals((0.2 - 0.5 * 0.8 / 2) / 0.05, r.leftCommand(), 1e-12);
        assertEquals((0.2 + 0.5 * 0.8 / 2) / 0.2, r.rightCommand(), 1e-12);
    }

    @Test
    void drivingStraightTheOdometryIsTheWheelTravelAlongX() {
        r.active(base("cmd_vel_timeout", 0.0));
        r.cmdVel().offer(0.3, 0.0);
        r.rig.steps(200);
        double[] o = r.odom();
        assertEquals(RADIUS * r.wheels.position(0), o[0], 1e-12, "x is the distance the wheels rolled");
        assertEquals(0.3 * 1.99, o[0], 1e-9, "199 of the 200 cycles moved: the wheels follow one read later");
        assertEquals(0.0, o[1], 1e-12);
        assertEquals(0.0, o[2], 1e-12);
        assertEquals(0.3, o[7], 1e-12, "linear.x, the rolling mean of constant velocities");
        assertEquals(0.0, o[8], 1e-12);
    }

    @Test
    void onAnArcTheOdometryIsOnTheCircleOfRadiusVOverOmega() {
        r.active(base("cmd_vel_timeout", 0.0));
        double v = 0.2;
        double w = 0.5;
        r.cmdVel().offer(v, w);
        r.rig.steps(301);
        double[] o = r.odom();
        double heading = (r.wheels.position(1) - r.wheels.position(0)) * RADIUS / SEPARATION;
        assertEquals(w * 3.0, heading, 1e-9, "300 cycles of 0.01 s at 0.5 rad/s");
        assertEquals(heading, o[2], 1e-12);
        assertEquals(v / w * Math.sin(heading), o[0], 1e-12);
        assertEquals(v / w * (1 - Math.cos(heading)), o[1], 1e-12);
        assertEquals(Math.sin(heading / 2), o[5], 1e-12, "orientation.z");
        assertEquals(Math.cos(heading / 2), o[6], 1e-12, "orientation.w");
        assertEquals(w, o[8], 1e-9);
    }

    @Test
    void withVelocityFeedbackTheArcIsTheSame() {
        r.active(base("cmd_vel_timeout", 0.0, "position_feedback", false));
        assertEquals(List.of("left_wheel_joint/velocity", "right_wheel_joint/velocity"),
                r.controller.stateInterfaceConfiguration().names());
        r.cmdVel().offer(0.2, 0.5);
        r.rig.steps(301);
        double heading = 0.5 * 3.0;
        assertEquals(heading, r.odom()[2], 1e-9);
        assertEquals(0.2 / 0.5 * Math.sin(heading), r.odom()[0], 1e-9);
    }

    @Test
    void openLoopIntegratesTheCommandsAndReadsNoState() {
        r.active(base("cmd_vel_timeout", 0.0, "open_loop", true));
        assertTrue(r.controller.stateInterfaceConfiguration().names().isEmpty());
        r.wheels.freeze(0);
        r.wheels.freeze(1);
        r.cmdVel().offer(0.2, 0.5);
        r.rig.steps(300);
        double heading = 0.5 * 3.0;
        assertEquals(heading, r.odom()[2], 1e-9, "the frozen wheels do not matter");
        assertEquals(0.2 / 0.5 * Math.sin(heading), r.odom()[0], 1e-9);
        assertEquals(0.2, r.odom()[7], 1e-12);
    }

    @Test
    void theOdometryStartsFromTheWheelsWhereverTheyAreAtActivation() {
        r.wheels.setPosition(0, 12.0);
        r.wheels.setPosition(1, -3.0);
        r.active(base());
        r.rig.steps(10);
        assertEquals(List.of(0.0, 0.0, 0.0), List.of(r.odom()[0], r.odom()[1], r.odom()[2]),
                "no jump from wheel angles that were there before");
    }

    @Test
    void aWheelWithoutFeedbackStopsTheController() {
        r.active(base());
        r.rig.step();
        r.wheels.freeze(1);
        r.wheels.setPosition(1, Double.NaN);
        assertEquals(ReturnType.ERROR, r.rig.step());
    }

    @Test
    void theFramesAreInTheFieldNamesAndTheCovariancesFollowThePose() {
        r.active(base("odom_frame_id", "odom", "base_frame_id", "base_footprint", "pose_covariance_diagonal",
                List.of(0.001, 0.001, 0.001, 0.001, 0.001, 0.01)));
        r.rig.step();
        List<String> fields = r.output("odom").fields();
        assertEquals("odom/base_footprint/position.x", fields.get(0));
        assertEquals("odom/base_footprint/pose_covariance.5", fields.get(14));
        assertEquals(0.01, r.odom()[14]);
        assertEquals("odom/base_footprint/translation.x", r.output("tf").fields().get(0));
    }

    @Test
    void publishRateThinsTheOdometryPublications() {
        r.active(base("publish_rate", 50.0));
        r.rig.steps(100);
        assertEquals(50, r.output("odom").publications());
    }
}
