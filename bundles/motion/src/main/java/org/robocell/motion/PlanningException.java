package org.robocell.motion;

/**
 * A primitive (or sequence) the planner refuses before any motion: {@link #reason()} says why as a type,
 * {@link #primitive()} which primitive (0-based, -1 for the whole request), the message in one line for people.
 */
public final class PlanningException extends Exception {

    private static final long serialVersionUID = 1L;

    /** Why a request was refused. */
    public enum Reason {
        /** A value is missing, not finite, of the wrong count or out of its range. */
        INVALID_PRIMITIVE,
        /** A goal (or the start) is outside a joint's position limits. */
        JOINT_POSITION_LIMIT,
        /** The path needs a joint faster than its velocity limit, or a move time is too short. */
        JOINT_VELOCITY_LIMIT,
        /** The path needs a joint to accelerate beyond its limit. */
        JOINT_ACCELERATION_LIMIT,
        /** No joint solution puts the tool on the path there: it leaves the workspace or the joint ranges. */
        UNREACHABLE,
        /** The path passes (near) a singularity, where the tool cannot move in every direction. */
        SINGULARITY,
        /** The CIRC's points do not define one circle. */
        INVALID_CIRCLE,
        /** A blend sphere reaches beyond the primitive before or after it, or into the next blend sphere. */
        BLEND_RADIUS,
        /** The plan would be longer than the planner allows. */
        TOO_LONG
    }

    private final Reason reason;
    private final int primitive;

    public PlanningException(Reason reason, int primitive, String message) {
        super(message);
        this.reason = reason;
        this.primitive = primitive;
    }

    public Reason reason() {
        return reason;
    }

    /** The primitive refused, 0-based; -1 when the whole request is. */
    public int primitive() {
        return primitive;
    }
}
