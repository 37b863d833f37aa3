package org.robocell.controller.franka.dual.internal;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;

/** {@code franka_example_controllers/DualArmCartesianImpedanceExampleController}: two FR3 under one controller. */
@Component(property = ControllerFactory.TYPE + "=" + DualArmCartesianImpedanceController.TYPE)
public final class DualArmCartesianImpedanceControllerFactory implements ControllerFactory {

    private final ChannelRegistry channels;

    @Activate
    public DualArmCartesianImpedanceControllerFactory(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Override
    public Controller create(String type) {
        if (!DualArmCartesianImpedanceController.TYPE.equals(type)) {
            throw new IllegalArgumentException("this factory does not create '" + type + "'");
        }
        return new DualArmCartesianImpedanceController(channels);
    }
}
