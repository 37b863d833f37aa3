package org.robocell.controller.franka.examples.internal;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;

/** franka_example_controllers' motion examples, move to start and the model example, by their plugin names ({@code franka_example_controllers.xml}). */
@Component(property = {
        ControllerFactory.TYPE + "=" + FrankaExamplesFactory.JOINT_POSITION,
        ControllerFactory.TYPE + "=" + FrankaExamplesFactory.JOINT_VELOCITY,
        ControllerFactory.TYPE + "=" + FrankaExamplesFactory.CARTESIAN_POSE,
        ControllerFactory.TYPE + "=" + FrankaExamplesFactory.CARTESIAN_VELOCITY,
        ControllerFactory.TYPE + "=" + FrankaExamplesFactory.ELBOW,
        ControllerFactory.TYPE + "=" + FrankaExamplesFactory.MOVE_TO_START,
        ControllerFactory.TYPE + "=" + FrankaExamplesFactory.MODEL })
public final class FrankaExamplesFactory implements ControllerFactory {

    static final String JOINT_POSITION = "franka_example_controllers/JointPositionExampleController";
    static final String JOINT_VELOCITY = "franka_example_controllers/JointVelocityExampleController";
    static final String CARTESIAN_POSE = "franka_example_controllers/CartesianPoseExampleController";
    static final String CARTESIAN_VELOCITY = "franka_example_controllers/CartesianVelocityExampleController";
    static final String ELBOW = "franka_example_controllers/ElbowExampleController";
    static final String MOVE_TO_START = "franka_example_controllers/MoveToStartExampleController";
    static final String MODEL = "franka_example_controllers/ModelExampleController";

    private final ChannelRegistry channels;

    @Activate
    public FrankaExamplesFactory(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Override
    public Controller create(String type) {
        return switch (type) {
            case JOINT_POSITION -> new ExampleMotionController(new JointPositionMotion(), channels);
            case JOINT_VELOCITY -> new ExampleMotionController(new JointVelocityMotion(), channels);
            case CARTESIAN_POSE -> new ExampleMotionController(new CartesianPoseMotion(), channels);
            case CARTESIAN_VELOCITY -> new ExampleMotionController(new CartesianVelocityMotion(), channels);
            case ELBOW -> new ExampleMotionController(new ElbowMotion(), channels);
            case MOVE_TO_START -> new MoveToStartController(channels);
            case MODEL -> new ModelExampleController(channels);
            default -> throw new IllegalArgumentException("this factory does not create '" + type + "'");
        };
    }
}
