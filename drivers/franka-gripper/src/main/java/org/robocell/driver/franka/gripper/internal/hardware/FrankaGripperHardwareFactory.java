package org.robocell.driver.franka.gripper.internal.hardware;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.hardware.HardwareInfo;

/**
 * Serves {@value #PLUGIN_NAME}. franka_ros2 drives the Hand with a node of its own ({@code franka_gripper_node}), not
 * a ros2_control plugin, so there is no upstream plugin name to reuse; this one is in franka_gripper's namespace.
 */
@Component(service = HardwareFactory.class, property = HardwareFactory.PLUGIN + "="
        + FrankaGripperHardwareFactory.PLUGIN_NAME)
public final class FrankaGripperHardwareFactory implements HardwareFactory {

    public static final String PLUGIN_NAME = "franka_gripper/FrankaGripperHardware";

    private final GripperHost host;

    @Activate
    public FrankaGripperHardwareFactory(BundleContext context) {
        this.host = new OsgiGripperHost(context);
    }

    @Override
    public HardwareComponent create(HardwareInfo info) {
        return new FrankaGripperHardware(host);
    }
}
