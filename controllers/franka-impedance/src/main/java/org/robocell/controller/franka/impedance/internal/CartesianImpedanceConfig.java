package org.robocell.controller.franka.impedance.internal;

import java.util.Set;

import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;

/**
 * The Cartesian impedance controller's parameters: {@code arm_id}, {@code joints} ({@link FrankaArm}), the stiffness
 * ({@link Compliance}, live), and franka_ros's fixed values made parameters: {@code filter_params} (0.005: the share
 * of the way to the targets the stiffness and the equilibrium move per millisecond) and {@code delta_tau_max} (1.0).
 */
record CartesianImpedanceConfig(FrankaArm arm, Compliance compliance, double filterParams, double deltaTauMax) {

    static final ParameterNames NAMES = ParameterNames.of("arm_id", "joints", Compliance.TRANSLATIONAL,
            Compliance.ROTATIONAL, Compliance.NULLSPACE, "filter_params", "delta_tau_max");

    static final Set<String> LIVE = Set.of(Compliance.TRANSLATIONAL, Compliance.ROTATIONAL, Compliance.NULLSPACE);

    static CartesianImpedanceConfig read(Parameters p) {
        FrankaArm arm = FrankaArm.read(p);
        Compliance c = Compliance.read(p);
        double filter = p.getDouble("filter_params", 0.005);
        if (!(filter > 0 && filter <= 1)) {
            throw new org.robocell.api.controller.ParameterException("filter_params", "parameter 'filter_params'"
                    + " must be a value above 0 and at most 1, got " + filter);
        }
        return new CartesianImpedanceConfig(arm, c, filter, Gains.deltaTauMax(p));
    }
}
