package org.robocell.driver.franka.gripper.protocol;

/**
 * The gripper's commands ({@code research_interface::gripper::Command}, uint16), with the size of each request on the
 * wire (header included), as libfranka sends it.
 */
public enum GripperCommand {
    /** {@code Connect::Request{uint16 version; uint16 udp_port}} */
    CONNECT("Connect", 4),
    /** no payload */
    HOMING("Homing", 0),
    /** {@code Grasp::Request{double width; GraspEpsilon{double inner, outer}; double speed; double force}} */
    GRASP("Grasp", 40),
    /** {@code Move::Request{double width, speed}} */
    MOVE("Move", 16),
    /** no payload */
    STOP("Stop", 0);

    private static final GripperCommand[] BY_ID = values();

    private final String wireName;
    private final int requestPayload;

    GripperCommand(String wireName, int requestPayload) {
        this.wireName = wireName;
        this.requestPayload = requestPayload;
    }

    /** The wire value: the enum's position, as in libfranka's declaration. */
    public int id() {
        return ordinal();
    }

    /** libfranka's name, e.g. {@code Grasp}. */
    public String wireName() {
        return wireName;
    }

    /** Bytes after the header in a request. */
    public int requestPayload() {
        return requestPayload;
    }

    /** Bytes after the header in a response: Connect answers status and version, the others a status. */
    public int responsePayload() {
        return this == CONNECT ? 4 : 2;
    }

    /**
     * The command of a wire value.
     *
     * @throws GripperProtocolException naming the value when it is none of the five
     */
    public static GripperCommand of(int id) {
        if (id < 0 || id >= BY_ID.length) {
            throw new GripperProtocolException("command header: command=" + id + " is not a gripper command (0..4:"
                    + " Connect, Homing, Grasp, Move, Stop)");
        }
        return BY_ID[id];
    }
}
