package org.robocell.api.hardware;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Creates hardware components for one URDF {@code <plugin>} string. A driver bundle registers its factory as an
 * OSGi service with the service property {@value #PLUGIN} set to that string, e.g.
 * {@code mock_components/GenericSystem}.
 */
@ConsumerType
public interface HardwareFactory {

    /** The service property that names the plugin string this factory serves. */
    String PLUGIN = "robocell.hardware.plugin";

    /** A new, uninitialized component for one {@code <ros2_control>} block. */
    HardwareComponent create(HardwareInfo info);
}
