package org.robocell.driver.mock.internal;

import org.osgi.service.component.annotations.Component;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.hardware.HardwareInfo;

/**
 * Serves the URDF plugin string {@code mock_components/GenericSystem}, as ros2_control's mock does, and its former
 * name {@code fake_components/GenericSystem}, which descriptions still write (franka_description's
 * {@code franka_arm.ros2_control.xacro} with {@code use_fake_hardware:=true}).
 */
@Component(property = { HardwareFactory.PLUGIN + "=" + GenericSystemFactory.PLUGIN,
        HardwareFactory.PLUGIN + "=" + GenericSystemFactory.FORMER_PLUGIN })
public final class GenericSystemFactory implements HardwareFactory {

    public static final String PLUGIN = "mock_components/GenericSystem";
    /** ros2_control's name for the mock before it was renamed (Galactic). */
    public static final String FORMER_PLUGIN = "fake_components/GenericSystem";

    @Override
    public HardwareComponent create(HardwareInfo info) {
        return new GenericSystem();
    }
}
