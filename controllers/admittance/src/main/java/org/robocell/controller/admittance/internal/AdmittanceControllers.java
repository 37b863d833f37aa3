package org.robocell.controller.admittance.internal;

import java.util.Optional;
import java.util.function.Function;

import org.robocell.api.controller.Controller;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.model.RobotModel;
import org.robocell.kinematics.KinematicsService;

/**
 * Admittance controllers without the framework (the benchmarks build them by hand): what the DS factory hands out,
 * with the robots' descriptions from {@code models} instead of the service registry. Free of OSGi types.
 */
public final class AdmittanceControllers {

    private AdmittanceControllers() {
    }

    /** A new admittance controller; {@code models} gives the description of a robot by name. */
    public static Controller create(ChannelRegistry channels, KinematicsService kinematics,
            Function<String, Optional<RobotModel>> models) {
        return new AdmittanceController(channels, kinematics, models);
    }
}
