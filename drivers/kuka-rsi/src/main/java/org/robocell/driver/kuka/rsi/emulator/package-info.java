/**
 * A simulated KUKA robot controller running an RSI program: it sends the {@code <Rob>} datagram every interpolation
 * cycle, moves its axes by the commands in the replies, counts late replies in {@code <Delay>} and ends RSI on
 * timeout or on {@code Stop}, as a KR C4 does. With fault injection for tests. Usable from plain Java
 * ({@link org.robocell.driver.kuka.rsi.emulator.RsiRobotEmulator#start}) and as a configured DS component.
 */
@Export
@Version("1.3.0")
package org.robocell.driver.kuka.rsi.emulator;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
