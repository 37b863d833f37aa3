package org.robocell.controller.passthrough.internal;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;

/** Creates passthrough controllers. */
@Component(property = ControllerFactory.TYPE + "=" + PassthroughControllerFactory.TYPE)
public final class PassthroughControllerFactory implements ControllerFactory {

    static final String TYPE = "passthrough_controller/PassthroughController";

    private final ChannelRegistry channels;

    @Activate
    public PassthroughControllerFactory(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Override
    public Controller create(String type) {
        if (!TYPE.equals(type)) {
            throw new IllegalArgumentException("this factory does not create '" + type + "'");
        }
        return new PassthroughController(channels);
    }
}
