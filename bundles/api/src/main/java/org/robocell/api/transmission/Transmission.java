package org.robocell.api.transmission;

/**
 * Maps actuator positions, velocities and efforts to joint ones and back. Arrays are indexed as the transmission's
 * joints and actuators are listed; the conversions allocate nothing and may run in the control loop.
 */
public interface Transmission {

    int joints();

    int actuators();

    void actuatorToJointPosition(double[] actuator, double[] joint);

    void actuatorToJointVelocity(double[] actuator, double[] joint);

    void actuatorToJointEffort(double[] actuator, double[] joint);

    void jointToActuatorPosition(double[] joint, double[] actuator);

    void jointToActuatorVelocity(double[] joint, double[] actuator);

    void jointToActuatorEffort(double[] joint, double[] actuator);
}
