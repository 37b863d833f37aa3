package org.robocell.api.trajectory;

/**
 * A goal's tolerance for one joint. Each value: positive overrides the controller's default, 0 keeps the default,
 * −1 switches the check off; any other negative value makes the goal's tolerances invalid and the controller uses
 * its defaults for all of them.
 */
public record JointTolerance(String jointName, double position, double velocity, double acceleration) {

    public static JointTolerance position(String jointName, double position) {
        return new JointTolerance(jointName, position, 0.0, 0.0);
    }
}
