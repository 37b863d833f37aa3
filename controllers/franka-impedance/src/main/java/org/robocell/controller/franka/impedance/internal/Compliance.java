package org.robocell.controller.franka.impedance.internal;

import org.robocell.api.controller.Parameters;

/**
 * The Cartesian impedance controller's stiffness: franka_ros's dynamic-reconfigure parameters
 * (franka_example_controllers/cfg/compliance_param.cfg: {@code translational_stiffness} 200 N/m from 0 to 400,
 * {@code rotational_stiffness} 10 Nm/rad from 0 to 30, {@code nullspace_stiffness} 0.5 from 0 to 100). The damping
 * follows as {@code 2·sqrt(k)} (damping ratio 1 for a unit mass, as upstream's {@code complianceParamCallback}).
 */
record Compliance(double translational, double rotational, double nullspace) {

    static final String TRANSLATIONAL = "translational_stiffness";
    static final String ROTATIONAL = "rotational_stiffness";
    static final String NULLSPACE = "nullspace_stiffness";

    static Compliance read(Parameters p) {
        return new Compliance(Gains.within(p, TRANSLATIONAL, 200.0, 0.0, 400.0),
                Gains.within(p, ROTATIONAL, 10.0, 0.0, 30.0), Gains.within(p, NULLSPACE, 0.5, 0.0, 100.0));
    }
}
