package org.robocell.kinematics;

/** The frame a Jacobian is expressed in; its reference point is always the chosen point on the link. */
public enum ReferenceFrame {
    /** Expressed in the base (root link) frame: libfranka's "zero Jacobian", KDL's ChainJntToJacSolver. */
    BASE,
    /** Expressed in the link's own frame: libfranka's "body Jacobian". */
    LINK
}
