package org.robocell.controller.gripper.internal;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;

/**
 * The gripper action controllers: the parallel gripper controller (position command by default, {@code
 * command_interface: effort} for a PID) and the older {@code gripper_action_controller} types whose command interface
 * is fixed by the type string.
 */
@Component(property = {
        ControllerFactory.TYPE + "=" + GripperActionControllerFactory.PARALLEL,
        ControllerFactory.TYPE + "=" + GripperActionControllerFactory.POSITION,
        ControllerFactory.TYPE + "=" + GripperActionControllerFactory.EFFORT })
public final class GripperActionControllerFactory implements ControllerFactory {

    static final String PARALLEL = "parallel_gripper_action_controller/GripperActionController";
    static final String POSITION = "position_controllers/GripperActionController";
    static final String EFFORT = "effort_controllers/GripperActionController";

    private final ChannelRegistry channels;

    @Activate
    public GripperActionControllerFactory(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Override
    public Controller create(String type) {
        return switch (type) {
            case PARALLEL -> new GripperActionController(null, channels);
            case POSITION -> new GripperActionController(GripperConfig.POSITION, channels);
            case EFFORT -> new GripperActionController(GripperConfig.EFFORT, channels);
            default -> throw new IllegalArgumentException("this factory does not create '" + type + "'");
        };
    }
}
