package org.robocell.controller.franka.impedance.internal;

import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;

/**
 * The joint impedance controller's parameters: franka_ros2's {@code arm_id}, {@code k_gains}, {@code d_gains}
 * (franka_example_controllers/src/joint_impedance_example_controller.cpp; both required there and here), franka_ros's
 * {@code coriolis_factor} (joint_impedance_example_controller.cpp, default 1.0) and {@code delta_tau_max} (1.0), and
 * {@code example_motion}: upstream's motion of joint 4 (false by default: the controller holds its pose).
 */
record JointImpedanceConfig(FrankaArm arm, double[] kGains, double[] dGains, double coriolisFactor,
        double deltaTauMax, boolean exampleMotion) {

    static final ParameterNames NAMES = ParameterNames.of("arm_id", "joints", "k_gains", "d_gains",
            "coriolis_factor", "delta_tau_max", "example_motion");

    static JointImpedanceConfig read(Parameters p) {
        FrankaArm arm = FrankaArm.read(p);
        return new JointImpedanceConfig(arm, Gains.perJoint(p, "k_gains", null), Gains.perJoint(p, "d_gains", null),
                Gains.within(p, "coriolis_factor", 1.0, 0.0, 1.0), Gains.deltaTauMax(p),
                p.getBoolean("example_motion", false));
    }
}
