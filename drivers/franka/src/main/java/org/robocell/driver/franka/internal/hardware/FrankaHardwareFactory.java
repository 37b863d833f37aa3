package org.robocell.driver.franka.internal.hardware;

import org.osgi.service.component.annotations.Component;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.hardware.HardwareInfo;

/**
 * Serves franka_ros2's plugin name ({@code PLUGINLIB_EXPORT_CLASS(franka_hardware::FrankaHardwareInterface, ...)}),
 * so franka_description's {@code <ros2_control>} block loads this driver.
 */
@Component(service = HardwareFactory.class, property = HardwareFactory.PLUGIN + "="
        + FrankaHardwareFactory.PLUGIN_NAME)
public final class FrankaHardwareFactory implements HardwareFactory {

    public static final String PLUGIN_NAME = "franka_hardware/FrankaHardwareInterface";

    @Override
    public HardwareComponent create(HardwareInfo info) {
        return new FrankaHardware();
    }
}
