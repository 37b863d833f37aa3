package org.robocell.driver.franka.gripper.protocol;

/**
 * A response on the command channel.
 *
 * @param command    the command it answers
 * @param commandId  the id of the request it answers
 * @param statusCode the status on the wire: a {@link GripperConnectStatus} for Connect, a {@link GripperStatus} for
 *                   the others
 * @param version    Connect: the Hand's protocol version; 0 otherwise
 */
public record GripperResponse(GripperCommand command, long commandId, int statusCode, int version) {

    public static GripperResponse connect(long commandId, GripperConnectStatus status) {
        return new GripperResponse(GripperCommand.CONNECT, commandId, status.code(), GripperCodec.VERSION);
    }

    public static GripperResponse of(GripperCommand command, long commandId, GripperStatus status) {
        if (command == GripperCommand.CONNECT) {
            throw new IllegalArgumentException("Connect answers a GripperConnectStatus");
        }
        return new GripperResponse(command, commandId, status.code(), 0);
    }

    /** @throws GripperProtocolException when this answers Connect or the code is none of the four */
    public GripperStatus status() {
        if (command == GripperCommand.CONNECT) {
            throw new GripperProtocolException("Connect response has a connect status, not a command status");
        }
        return GripperStatus.of(statusCode);
    }

    /** @throws GripperProtocolException when this answers another command or the code is unknown */
    public GripperConnectStatus connectStatus() {
        if (command != GripperCommand.CONNECT) {
            throw new GripperProtocolException(command.wireName() + " response has no connect status");
        }
        return GripperConnectStatus.of(statusCode);
    }
}
