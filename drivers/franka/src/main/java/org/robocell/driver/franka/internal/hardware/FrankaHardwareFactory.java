package org.robocell.driver.franka.internal.hardware;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.hardware.HardwareInfo;

/**
 * Serves franka_ros2's plugin name ({@code PLUGINLIB_EXPORT_CLASS(franka_hardware::FrankaHardwareInterface, ...)}),
 * so franka_description's {@code <ros2_control>} block loads this driver. Each component it creates registers its
 * {@code FrankaRobot} service through this bundle ({@link OsgiDriverHost}).
 */
@Component(service = HardwareFactory.class, property = HardwareFactory.PLUGIN + "="
        + FrankaHardwareFactory.PLUGIN_NAME)
public final class FrankaHardwareFactory implements HardwareFactory {

    public static final String PLUGIN_NAME = "franka_hardware/FrankaHardwareInterface";

    private final DriverHost host;

    @Activate
    public FrankaHardwareFactory(BundleContext context) {
        this.host = new OsgiDriverHost(context);
    }

    @Override
    public HardwareComponent create(HardwareInfo info) {
        return new FrankaHardware(host);
    }
}
