package org.robocell.driver.franka.gripper.protocol;

/**
 * A request on the command channel. Fields a command does not carry are 0.
 *
 * @param command      what is asked
 * @param commandId    the client's id for it, repeated in the response
 * @param version      Connect: the client's protocol version
 * @param udpPort      Connect: the client's UDP port for the gripper state
 * @param width        Grasp, Move: the target width in m
 * @param epsilonInner Grasp: how much narrower than {@code width} the grasped object may be, m
 * @param epsilonOuter Grasp: how much wider, m
 * @param speed        Grasp, Move: closing/opening speed in m/s
 * @param force        Grasp: grasping force in N
 */
public record GripperRequest(GripperCommand command, long commandId, int version, int udpPort, double width,
        double epsilonInner, double epsilonOuter, double speed, double force) {

    public static GripperRequest connect(long commandId, int udpPort) {
        return connect(commandId, GripperCodec.VERSION, udpPort);
    }

    /** A Connect announcing another version than this protocol's (what an older or newer libfranka sends). */
    public static GripperRequest connect(long commandId, int version, int udpPort) {
        return new GripperRequest(GripperCommand.CONNECT, commandId, version, udpPort, 0, 0, 0, 0, 0);
    }

    public static GripperRequest homing(long commandId) {
        return new GripperRequest(GripperCommand.HOMING, commandId, 0, 0, 0, 0, 0, 0, 0);
    }

    public static GripperRequest grasp(long commandId, double width, double epsilonInner, double epsilonOuter,
            double speed, double force) {
        return new GripperRequest(GripperCommand.GRASP, commandId, 0, 0, width, epsilonInner, epsilonOuter, speed,
                force);
    }

    public static GripperRequest move(long commandId, double width, double speed) {
        return new GripperRequest(GripperCommand.MOVE, commandId, 0, 0, width, 0, 0, speed, 0);
    }

    public static GripperRequest stop(long commandId) {
        return new GripperRequest(GripperCommand.STOP, commandId, 0, 0, 0, 0, 0, 0, 0);
    }
}
