package org.robocell.controller.forward.internal;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.controller.forward.internal.ForwardCommandController.InterfaceLayout;

/** The forward command controllers and the joint group aliases whose interface is fixed by their type. */
@Component(property = {
        ControllerFactory.TYPE + "=" + ForwardCommandControllerFactory.FORWARD,
        ControllerFactory.TYPE + "=" + ForwardCommandControllerFactory.MULTI_INTERFACE,
        ControllerFactory.TYPE + "=" + ForwardCommandControllerFactory.POSITION_GROUP,
        ControllerFactory.TYPE + "=" + ForwardCommandControllerFactory.VELOCITY_GROUP,
        ControllerFactory.TYPE + "=" + ForwardCommandControllerFactory.EFFORT_GROUP })
public final class ForwardCommandControllerFactory implements ControllerFactory {

    static final String FORWARD = "forward_command_controller/ForwardCommandController";
    static final String MULTI_INTERFACE = "forward_command_controller/MultiInterfaceForwardCommandController";
    static final String POSITION_GROUP = "position_controllers/JointGroupPositionController";
    static final String VELOCITY_GROUP = "velocity_controllers/JointGroupVelocityController";
    static final String EFFORT_GROUP = "effort_controllers/JointGroupEffortController";

    private final ChannelRegistry channels;

    @Activate
    public ForwardCommandControllerFactory(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Override
    public Controller create(String type) {
        return switch (type) {
            case FORWARD -> new ForwardCommandController(InterfaceLayout.jointsTimesInterfaceParameter(), false,
                    channels);
            case MULTI_INTERFACE -> new ForwardCommandController(InterfaceLayout.jointTimesInterfaces(), false,
                    channels);
            case POSITION_GROUP -> new ForwardCommandController(InterfaceLayout.jointsTimes("position"), false,
                    channels);
            case VELOCITY_GROUP -> new ForwardCommandController(InterfaceLayout.jointsTimes("velocity"), true,
                    channels);
            case EFFORT_GROUP -> new ForwardCommandController(InterfaceLayout.jointsTimes("effort"), true, channels);
            default -> throw new IllegalArgumentException("this factory does not create '" + type + "'");
        };
    }
}
