package org.robocell.controller.franka.impedance.internal;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;

/** Creates the Franka impedance controllers, by franka_example_controllers' type names. */
@Component(property = {
        ControllerFactory.TYPE + "=" + GravityCompensationController.TYPE,
        ControllerFactory.TYPE + "=" + JointImpedanceController.TYPE,
        ControllerFactory.TYPE + "=" + CartesianImpedanceController.TYPE })
public final class FrankaImpedanceControllerFactory implements ControllerFactory {

    private final ChannelRegistry channels;

    @Activate
    public FrankaImpedanceControllerFactory(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Override
    public Controller create(String type) {
        return switch (type) {
            case GravityCompensationController.TYPE -> new GravityCompensationController();
            case JointImpedanceController.TYPE -> new JointImpedanceController(channels);
            case CartesianImpedanceController.TYPE -> new CartesianImpedanceController(channels);
            default -> throw new IllegalArgumentException("this factory does not create '" + type + "'");
        };
    }
}
