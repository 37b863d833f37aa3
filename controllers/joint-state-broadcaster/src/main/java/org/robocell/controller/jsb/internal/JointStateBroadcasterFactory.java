package org.robocell.controller.jsb.internal;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;

/** Creates joint state broadcasters. */
@Component(property = ControllerFactory.TYPE + "=" + JointStateBroadcasterFactory.TYPE)
public final class JointStateBroadcasterFactory implements ControllerFactory {

    static final String TYPE = "joint_state_broadcaster/JointStateBroadcaster";

    private final ChannelRegistry channels;

    @Activate
    public JointStateBroadcasterFactory(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Override
    public Controller create(String type) {
        if (!TYPE.equals(type)) {
            throw new IllegalArgumentException("this factory does not create '" + type + "'");
        }
        return new JointStateBroadcaster(channels);
    }
}
