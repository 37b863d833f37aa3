package org.robocell.controller.pid.internal;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;

/** Creates PID controllers. */
@Component(property = ControllerFactory.TYPE + "=" + PidControllerFactory.TYPE)
public final class PidControllerFactory implements ControllerFactory {

    static final String TYPE = "pid_controller/PidController";

    private final ChannelRegistry channels;

    @Activate
    public PidControllerFactory(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Override
    public Controller create(String type) {
        if (!TYPE.equals(type)) {
            throw new IllegalArgumentException("this factory does not create '" + type + "'");
        }
        return new PidController(channels);
    }
}
