package org.robocell.controller.admittance.internal;

import java.util.Optional;
import java.util.function.Function;

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
import org.robocell.kinematics.KinematicsService;

/**
 * Creates admittance controllers. A controller finds its robot's description, when it is configured, among the
 * {@code RobotModel} services the cell registers (property {@code robocell.robot}), as upstream reads the
 * {@code robot_description} the controller manager hands it.
 */
@Component(property = ControllerFactory.TYPE + "=" + AdmittanceControllerFactory.TYPE)
public final class AdmittanceControllerFactory implements ControllerFactory {

    static final String TYPE = "admittance_controller/AdmittanceController";

    private final ChannelRegistry channels;
    private final KinematicsService kinematics;
    private final Function<String, Optional<RobotModel>> models;

    @Activate
    public AdmittanceControllerFactory(BundleContext context, @Reference ChannelRegistry channels,
            @Reference KinematicsService kinematics) {
        this.channels = channels;
        this.kinematics = kinematics;
        this.models = robot -> model(context, robot);
    }

    @Override
    public Controller create(String type) {
        if (!TYPE.equals(type)) {
            throw new IllegalArgumentException("this factory does not create '" + type + "'");
        }
        return AdmittanceControllers.create(channels, kinematics, models);
    }

    /** The model registered for {@code robot}; the object is immutable, so the service is not held on to. */
    private static Optional<RobotModel> model(BundleContext context, String robot) {
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
