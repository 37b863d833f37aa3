/**
 * A simulated KR C5 micro with an LBR iisy 3 R760 serving iiQKA ExternalAPI.Control: the gRPC control plane and the
 * real-time plane (motion state out, control signal with the echoed IPOC back within the reply window), the QoS
 * loss profile, the eight control modes and stop. Usable from plain Java
 * ({@link org.robocell.driver.kuka.eac.emulator.EacControllerEmulator#start}), stepped or in real time, and as a
 * configured DS component.
 */
@Export
@Version("1.2.0")
package org.robocell.driver.kuka.eac.emulator;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
