package org.robocell.driver.franka.protocol;

import java.util.Objects;

/**
 * A response on the TCP command channel: the command and id it answers, its status, and what some commands add
 * (Connect: the robot's protocol version; GetRobotModel: the URDF; LoadModelLibrary: the library bytes).
 *
 * @param command   the command answered
 * @param commandId the request's id
 * @param status    one of {@link Command#statuses()}
 * @param version   Connect only: the robot's protocol version; -1 otherwise
 * @param data      GetRobotModel and LoadModelLibrary: the bytes after the status; empty otherwise
 */
public record FciResponse(Command command, long commandId, StatusCode status, int version, byte[] data) {

    public FciResponse {
        Objects.requireNonNull(command);
        Objects.requireNonNull(status);
        if (status.getClass() != command.statuses()[0].getClass()) {
            throw new IllegalArgumentException(status + " is not a status of " + command.wireName());
        }
        data = data.clone();
    }

    /** A response that carries only a status. */
    public static FciResponse of(Command command, long commandId, StatusCode status) {
        return new FciResponse(command, commandId, status, -1, new byte[0]);
    }

    @Override
    public byte[] data() {
        return data.clone();
    }

    @Override
    public String toString() {
        return command.wireName() + "#" + commandId + " " + status.wireName()
                + (version >= 0 ? " version " + version : "") + (data.length > 0 ? " +" + data.length + " B" : "");
    }
}
