package org.robocell.controller.fts.internal;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;

/** Creates force/torque sensor broadcasters. */
@Component(property = ControllerFactory.TYPE + "=" + ForceTorqueSensorBroadcasterFactory.TYPE)
public final class ForceTorqueSensorBroadcasterFactory implements ControllerFactory {

    static final String TYPE = "force_torque_sensor_broadcaster/ForceTorqueSensorBroadcaster";

    private final ChannelRegistry channels;

    @Activate
    public ForceTorqueSensorBroadcasterFactory(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Override
    public Controller create(String type) {
        if (!TYPE.equals(type)) {
            throw new IllegalArgumentException("this factory does not create '" + type + "'");
        }
        return new ForceTorqueSensorBroadcaster(channels);
    }
}
