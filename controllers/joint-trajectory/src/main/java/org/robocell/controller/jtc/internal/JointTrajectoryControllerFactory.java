package org.robocell.controller.jtc.internal;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;

/** Creates joint trajectory controllers. */
@Component(property = ControllerFactory.TYPE + "=" + JointTrajectoryControllerFactory.TYPE)
public final class JointTrajectoryControllerFactory implements ControllerFactory {

    static final String TYPE = "joint_trajectory_controller/JointTrajectoryController";

    private final ChannelRegistry channels;

    @Activate
    public JointTrajectoryControllerFactory(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Override
    public Controller create(String type) {
        if (!TYPE.equals(type)) {
            throw new IllegalArgumentException("this factory does not create '" + type + "'");
        }
        return new JointTrajectoryController(channels);
    }
}
