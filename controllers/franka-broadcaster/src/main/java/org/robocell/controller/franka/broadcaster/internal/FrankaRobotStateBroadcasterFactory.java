package org.robocell.controller.franka.broadcaster.internal;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;

/** Creates franka_robot_state_broadcaster's {@code FrankaRobotStateBroadcaster}s. */
@Component(property = ControllerFactory.TYPE + "=" + FrankaRobotStateBroadcasterFactory.TYPE)
public final class FrankaRobotStateBroadcasterFactory implements ControllerFactory {

    static final String TYPE = "franka_robot_state_broadcaster/FrankaRobotStateBroadcaster";

    private final ChannelRegistry channels;

    @Activate
    public FrankaRobotStateBroadcasterFactory(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Override
    public Controller create(String type) {
        if (!TYPE.equals(type)) {
            throw new IllegalArgumentException("this factory does not create '" + type + "'");
        }
        return new FrankaRobotStateBroadcaster(channels);
    }
}
