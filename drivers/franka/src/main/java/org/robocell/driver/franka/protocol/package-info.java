/**
 * The Franka Control Interface (FCI) wire format of libfranka's {@code research_interface::robot} for protocol
 * versions 7 (libfranka 0.13.3–0.13.6) and 10 (libfranka 0.18 and later): the TCP command channel (port 1337:
 * {@link org.robocell.driver.franka.protocol.CommandHeader}, every command's request and response through
 * {@link org.robocell.driver.franka.protocol.FciCodec}) and the 1 kHz UDP stream
 * ({@link org.robocell.driver.franka.protocol.RobotState} from the robot,
 * {@link org.robocell.driver.franka.protocol.RobotCommand} to it). All structs are packed little-endian, as
 * libfranka-common's {@code #pragma pack(1)} headers lay them out on x86. The UDP messages are reusable objects
 * read from and written into reused buffers without allocating; whatever is malformed is refused with a
 * {@link org.robocell.driver.franka.protocol.FciProtocolException} whose one line names the field.
 */
@Export
@Version("1.0.0")
package org.robocell.driver.franka.protocol;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
