package org.robocell.controller.gpio.internal;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;

/** Creates GPIO command controllers. */
@Component(property = ControllerFactory.TYPE + "=" + GpioCommandControllerFactory.TYPE)
public final class GpioCommandControllerFactory implements ControllerFactory {

    static final String TYPE = "gpio_controllers/GpioCommandController";

    private final ChannelRegistry channels;

    @Activate
    public GpioCommandControllerFactory(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Override
    public Controller create(String type) {
        if (!TYPE.equals(type)) {
            throw new IllegalArgumentException("this factory does not create '" + type + "'");
        }
        return new GpioCommandController(channels);
    }
}
