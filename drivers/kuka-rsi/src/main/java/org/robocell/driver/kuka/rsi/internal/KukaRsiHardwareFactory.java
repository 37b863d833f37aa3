package org.robocell.driver.kuka.rsi.internal;

import org.osgi.service.component.annotations.Component;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.hardware.HardwareInfo;

/**
 * Serves the URDF plugin names of the KUKA RSI driver: RoboCell's own and the one kroshu/kuka_drivers uses, so a
 * {@code <ros2_control>} block written for that driver loads this one.
 */
@Component(service = HardwareFactory.class, property = {
        HardwareFactory.PLUGIN + "=" + KukaRsiHardwareFactory.PLUGIN_NAME,
        HardwareFactory.PLUGIN + "=" + KukaRsiHardwareFactory.KUKA_DRIVERS_PLUGIN_NAME })
public final class KukaRsiHardwareFactory implements HardwareFactory {

    public static final String PLUGIN_NAME = "kuka_rsi_driver/KukaRSIHardware";
    /** {@code PLUGINLIB_EXPORT_CLASS(kuka_rsi_driver::KukaRSIHardwareInterface, ...)} in kuka_drivers */
    public static final String KUKA_DRIVERS_PLUGIN_NAME = "kuka_rsi_driver/KukaRSIHardwareInterface";

    @Override
    public HardwareComponent create(HardwareInfo info) {
        return new KukaRsiHardware();
    }
}
