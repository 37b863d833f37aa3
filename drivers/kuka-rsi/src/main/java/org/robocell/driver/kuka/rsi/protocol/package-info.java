/**
 * The RSI wire format: a configurable mapping of RSI channels ({@code AIPos.A1}, {@code IPOC}, ...) to value slots,
 * an allocation-free parser for incoming XML datagrams and an allocation-free writer for outgoing ones. The robot
 * side (emulator) and the PC side (driver) use the same classes in opposite directions.
 */
@Export
@Version("1.3.0")
package org.robocell.driver.kuka.rsi.protocol;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
