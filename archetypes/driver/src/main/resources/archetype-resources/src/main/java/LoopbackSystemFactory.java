package ${package};

import org.osgi.service.component.annotations.Component;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.hardware.HardwareInfo;

/** Registers the driver with the runtime under the URDF plugin string it serves. */
@Component(property = HardwareFactory.PLUGIN + "=" + LoopbackSystemFactory.PLUGIN)
public final class LoopbackSystemFactory implements HardwareFactory {

    static final String PLUGIN = "${plugin}";

    @Override
    public HardwareComponent create(HardwareInfo info) {
        return new LoopbackSystem();
    }
}
