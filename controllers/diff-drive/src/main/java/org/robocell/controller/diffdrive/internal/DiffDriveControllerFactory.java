package org.robocell.controller.diffdrive.internal;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;

/** Creates diff drive controllers. */
@Component(property = ControllerFactory.TYPE + "=" + DiffDriveControllerFactory.TYPE)
public final class DiffDriveControllerFactory implements ControllerFactory {

    static final String TYPE = "diff_drive_controller/DiffDriveController";

    private final ChannelRegistry channels;

    @Activate
    public DiffDriveControllerFactory(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Override
    public Controller create(String type) {
        if (!TYPE.equals(type)) {
            throw new IllegalArgumentException("this factory does not create '" + type + "'");
        }
        return new DiffDriveController(channels);
    }
}
