/**
 * The hardware SPI: components (system, actuator, sensor) with the managed lifecycle, real-time {@code read()} and
 * {@code write()}, command-mode switching, and the factories that driver bundles register, keyed by the URDF
 * {@code <plugin>} string in the service property {@value org.robocell.api.hardware.HardwareFactory#PLUGIN}.
 */
@Export
@Version("2.3.0")
package org.robocell.api.hardware;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
