package org.robocell.controller.motion.internal;

import java.util.Map;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.model.RobotModel;

/**
 * The motion primitive controllers: ros2_controllers' forward controller, and RoboCell's executor, which needs the
 * robot models the cell registers (one per robot, service property {@code robocell.robot}).
 */
@Component(property = {
        ControllerFactory.TYPE + "=" + MotionControllerFactories.FORWARD,
        ControllerFactory.TYPE + "=" + MotionControllerFactories.EXECUTOR })
public final class MotionControllerFactories implements ControllerFactory {

    static final String FORWARD = "motion_primitives_controllers/MotionPrimitivesForwardController";
    static final String EXECUTOR = "robocell_motion/MotionPrimitiveExecutor";

    private final ChannelRegistry channels;
    private final RobotModels robots = new RobotModels();

    @Activate
    public MotionControllerFactories(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    public void addRobotModel(RobotModel model, Map<String, Object> properties) {
        Object robot = properties.get(ControllerManager.ROBOT);
        if (robot != null) {
            robots.put(robot.toString(), model);
        }
    }

    public void removeRobotModel(RobotModel model, Map<String, Object> properties) {
        Object robot = properties.get(ControllerManager.ROBOT);
        if (robot != null) {
            robots.remove(robot.toString(), model);
        }
    }

    @Override
    public Controller create(String type) {
        return switch (type) {
            case FORWARD -> new MotionPrimitivesForwardController(channels);
            case EXECUTOR -> new MotionPrimitiveExecutor(channels, robots);
            default -> throw new IllegalArgumentException("this factory does not create '" + type + "'");
        };
    }
}
