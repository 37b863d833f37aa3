/**
 * The UDP socket of a real-time driver whose robot sends a datagram each cycle and waits for the answer
 * ({@link UdpEndpoint}): non-blocking, a receive bounded by a deadline, and nothing allocated once warm.
 */
@Export
@Version("1.0.0")
package org.robocell.driver.udp;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
