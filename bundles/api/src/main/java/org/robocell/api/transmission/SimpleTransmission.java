package org.robocell.api.transmission;

/**
 * One actuator driving one joint through a reducer (transmission_interface's {@code SimpleTransmission}):
 * joint position = actuator position / reduction + offset, joint velocity = actuator velocity / reduction, joint
 * effort = actuator effort × reduction.
 */
public final class SimpleTransmission implements Transmission {

    private final double reduction;
    private final double offset;

    /** @throws IllegalArgumentException for a zero or non-finite reduction or a non-finite offset */
    public SimpleTransmission(double reduction, double offset) {
        Transmissions.requireReduction("the reduction", reduction);
        Transmissions.requireFinite("the offset", offset);
        this.reduction = reduction;
        this.offset = offset;
    }

    @Override
    public int joints() {
        return 1;
    }

    @Override
    public int actuators() {
        return 1;
    }

    @Override
    public void actuatorToJointPosition(double[] actuator, double[] joint) {
        joint[0] = actuator[0] / reduction + offset;
    }

    @Override
    public void actuatorToJointVelocity(double[] actuator, double[] joint) {
        joint[0] = actuator[0] / reduction;
    }

    @Override
    public void actuatorToJointEffort(double[] actuator, double[] joint) {
        joint[0] = actuator[0] * reduction;
    }

    @Override
    public void jointToActuatorPosition(double[] joint, double[] actuator) {
        actuator[0] = (joint[0] - offset) * reduction;
    }

    @Override
    public void jointToActuatorVelocity(double[] joint, double[] actuator) {
        actuator[0] = joint[0] * reduction;
    }

    @Override
    public void jointToActuatorEffort(double[] joint, double[] actuator) {
        actuator[0] = joint[0] / reduction;
    }
}
