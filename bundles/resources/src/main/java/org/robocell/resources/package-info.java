/**
 * The resource manager of one control loop (ros2_control's {@code ResourceManager}): every interface of every
 * hardware component and every controller-exported interface gets a slot in one preallocated
 * {@link org.robocell.api.hardware.InterfaceSlots} table; hardware components are wrapped with ros2_control's
 * lifecycle table and read/write rules; command interfaces are claimed exclusively. Plain Java, used by the
 * controller manager bundle; no OSGi services.
 */
@Export
@Version("1.0.0")
package org.robocell.resources;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
