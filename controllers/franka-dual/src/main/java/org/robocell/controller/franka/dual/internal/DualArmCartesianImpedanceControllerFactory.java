package org.robocell.controller.franka.dual.internal;

import java.util.Optional;

import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.model.RobotModel;

/**
 * {@code franka_example_controllers/DualArmCartesianImpedanceExampleController}: two FR3 under one controller. The
 * bases' placement comes from the {@code RobotModel} the cell registers for the controller's robot (property
 * {@code robocell.robot}) when no parameter gives it, as franka_ros reads it from tf.
 */
@Component(property = ControllerFactory.TYPE + "=" + DualArmCartesianImpedanceController.TYPE)
public final class DualArmCartesianImpedanceControllerFactory implements ControllerFactory {

    private final ChannelRegistry channels;
    private final BundleContext context;

    @Activate
    public DualArmCartesianImpedanceControllerFactory(@Reference ChannelRegistry channels, BundleContext context) {
        this.channels = channels;
        this.context = context;
    }

    @Override
    public Controller create(String type) {
        if (!DualArmCartesianImpedanceController.TYPE.equals(type)) {
            throw new IllegalArgumentException("this factory does not create '" + type + "'");
        }
        return new DualArmCartesianImpedanceController(channels, this::model);
    }

    /** The model registered for {@code robot}; the object is immutable, so the service is not held on to. */
    private Optional<RobotModel> model(String robot) {
        try {
            for (ServiceReference<RobotModel> ref : context.getServiceReferences(RobotModel.class,
                    "(" + ControllerManager.ROBOT + "=" + robot + ")")) {
                RobotModel m = context.getService(ref);
                if (m != null) {
                    context.ungetService(ref);
                    return Optional.of(m);
                }
            }
        } catch (InvalidSyntaxException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }
}
