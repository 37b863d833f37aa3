package org.robocell.driver.franka.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.robocell.controller.testkit.AllocationMeter;

class ShapingAllocationTest {

    private static final ShapingSettings BOTH = new ShapingSettings(true, 100);

    @Test
    void shapingACommandOfEveryInterfaceAllocatesNothing() {
        double[] ready = {0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4};
        PerfectJointRobot joints = new PerfectJointRobot(ready);
        PerfectCartesianRobot cartesian = new PerfectCartesianRobot(CartesianRateLimiterTest.READY_POSE);
        cartesian.state.elbowC()[1] = 1;
        TorqueCommandShaper torques = new TorqueCommandShaper(FrankaLimits.FR3, BOTH);
        JointPositionCommandShaper positions = new JointPositionCommandShaper(FrankaLimits.FR3, BOTH);
        JointVelocityCommandShaper velocities = new JointVelocityCommandShaper(FrankaLimits.FR3, BOTH);
        CartesianPoseCommandShaper poses = new CartesianPoseCommandShaper(FrankaLimits.FR3, BOTH);
        CartesianVelocityCommandShaper twists = new CartesianVelocityCommandShaper(FrankaLimits.FR3, BOTH);
        double[] q = ready.clone();
        double[] out7 = new double[7];
        double[] pose = CartesianRateLimiterTest.rotatedAboutZ(CartesianRateLimiterTest.READY_POSE, 0.3);
        double[] out16 = new double[16];
        double[] twist = {0.1, 0, 0, 0, 0, 0.2};
        double[] out6 = new double[6];
        double[] elbow = {0.2, 1};
        double[] outElbow = new double[2];
        double[] nan = {Double.NaN, 0, 0, 0, 0, 0, 0};
        Runnable cycle = () -> {
            assertTrue(torques.shape(q, joints.state, out7).accepted());
            assertTrue(positions.shape(q, joints.state, out7).accepted());
            assertTrue(velocities.shape(q, joints.state, out7).accepted());
            assertTrue(poses.shape(pose, elbow, cartesian.state, out16, outElbow).accepted());
            cartesian.acceptPose(out16);
            assertTrue(twists.shape(twist, elbow, cartesian.state, out6, outElbow).accepted());
            assertTrue(!positions.shape(nan, joints.state, out7).accepted()); // refusals allocate nothing either
        };
        for (int i = 0; i < 20_000; i++) {
            cycle.run();
        }
        assertEquals(0, AllocationMeter.fewestBytes(() -> {
            for (int i = 0; i < 2_000; i++) {
                cycle.run();
            }
        }), "bytes allocated in 2000 cycles of every interface");
    }
}
