/**
 * The Franka Hand's wire format, libfranka's {@code research_interface::gripper} (libfranka-common
 * {@code include/research_interface/gripper/types.h}, protocol version {@value
 * org.robocell.driver.franka.gripper.protocol.GripperCodec#VERSION}): the TCP command channel on port
 * {@value org.robocell.driver.franka.gripper.protocol.GripperCodec#COMMAND_PORT} (a 10-byte
 * {@link org.robocell.driver.franka.gripper.protocol.GripperHeader}, then the request or response of Connect,
 * Homing, Grasp, Move or Stop, through {@link org.robocell.driver.franka.gripper.protocol.GripperCodec}) and the
 * 23-byte UDP {@link org.robocell.driver.franka.gripper.protocol.GripperState} the Hand sends to the port the client
 * named in Connect. Packed little-endian, as the header's {@code #pragma pack(1)} lays the structs out on x86.
 * Whatever is malformed is refused with a {@link org.robocell.driver.franka.gripper.protocol.GripperProtocolException}
 * whose one line names the field.
 */
@Export
@Version("1.0.0")
package org.robocell.driver.franka.gripper.protocol;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
