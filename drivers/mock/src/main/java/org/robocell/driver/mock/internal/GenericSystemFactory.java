package org.robocell.driver.mock.internal;

import org.osgi.service.component.annotations.Component;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.hardware.HardwareInfo;

/** Serves the URDF plugin string {@code mock_components/GenericSystem}, as ros2_control's mock does. */
@Component(property = HardwareFactory.PLUGIN + "=" + GenericSystemFactory.PLUGIN)
public final class GenericSystemFactory implements HardwareFactory {

    public static final String PLUGIN = "mock_components/GenericSystem";

    @Override
    public HardwareComponent create(HardwareInfo info) {
        return new GenericSystem();
    }
}
