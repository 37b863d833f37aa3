package org.robocell.driver.kuka.fri.internal;

import org.osgi.service.component.annotations.Component;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.hardware.HardwareInfo;

/**
 * Serves the URDF plugin name kroshu/kuka_drivers gives its FRI driver
 * ({@code kuka_sunrise_fri_driver/hardware_interface.xml}: {@code kuka_sunrise_fri_driver::KukaFRIHardwareInterface};
 * RoboCell reads {@code ::} as {@code /}), so a {@code <ros2_control>} block written for that driver loads this one.
 */
@Component(service = HardwareFactory.class, property = HardwareFactory.PLUGIN + "="
        + KukaFriHardwareFactory.PLUGIN_NAME)
public final class KukaFriHardwareFactory implements HardwareFactory {

    public static final String PLUGIN_NAME = "kuka_sunrise_fri_driver/KukaFRIHardwareInterface";

    @Override
    public HardwareComponent create(HardwareInfo info) {
        return new KukaFriHardware();
    }
}
