/**
 * A simulated KUKA Sunrise cabinet with an LBR iiwa 14 R820 running an FRI session: it sends the monitoring message
 * every send period, rates the connection from the client's replies (POOR, FAIR, GOOD, EXCELLENT), walks the session
 * through MONITORING_WAIT, MONITORING_READY, COMMANDING_WAIT and COMMANDING_ACTIVE, moves its seven joints to the
 * commanded positions within their velocity limits, and stops commanding when the client misses too many replies.
 * It encodes and decodes with protobuf-java from the bundle's own {@code .proto} files. Steppable for tests
 * ({@link org.robocell.driver.kuka.fri.emulator.FriRobotEmulator#open}) or running on its own thread
 * ({@link org.robocell.driver.kuka.fri.emulator.FriRobotEmulator#start}), and as a configured DS component.
 */
@Export
@Version("1.2.0")
package org.robocell.driver.kuka.fri.emulator;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
