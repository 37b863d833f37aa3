package org.robocell.driver.kuka.eac.internal;

import org.osgi.service.component.annotations.Component;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.hardware.HardwareInfo;

/**
 * Serves the URDF plugin name of the iiQKA EAC driver as kuka_robot_descriptions writes it
 * ({@code <plugin>kuka_eac::KukaEACHardwareInterface</plugin>} in {@code kuka_lbr_iisy_support/urdf/
 * lbr_iisy_ros2_control_macro.xacro}; the cell reads {@code ::} as {@code /}), so an unchanged LBR iisy description
 * selects this driver.
 */
@Component(service = HardwareFactory.class, property = HardwareFactory.PLUGIN + "="
        + KukaEacHardwareFactory.PLUGIN_NAME)
public final class KukaEacHardwareFactory implements HardwareFactory {

    /** {@code kuka_eac::KukaEACHardwareInterface} (kuka_drivers' kuka_iiqka_eac_driver/hardware_interface.xml) */
    public static final String PLUGIN_NAME = "kuka_eac/KukaEACHardwareInterface";

    @Override
    public HardwareComponent create(HardwareInfo info) {
        return new KukaEacHardware();
    }
}
