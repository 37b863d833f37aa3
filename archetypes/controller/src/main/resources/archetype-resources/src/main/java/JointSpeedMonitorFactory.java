package ${package};

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;

/** Registers the controller type with the runtime: a controllers file names it by its TYPE. */
@Component(property = ControllerFactory.TYPE + "=" + JointSpeedMonitorFactory.TYPE)
public final class JointSpeedMonitorFactory implements ControllerFactory {

    static final String TYPE = "${controllerType}";

    private final ChannelRegistry channels;

    @Activate
    public JointSpeedMonitorFactory(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Override
    public Controller create(String type) {
        return new JointSpeedMonitor(channels);
    }
}
