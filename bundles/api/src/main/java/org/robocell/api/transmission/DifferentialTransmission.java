package org.robocell.api.transmission;

/**
 * Two actuators driving two joints through a differential (transmission_interface's
 * {@code DifferentialTransmission}, e.g. a wrist's pitch and roll): the joints move with the actuators' mean and
 * half-difference, each side scaled by its reduction; joint offsets shift the joint positions.
 */
public final class DifferentialTransmission implements Transmission {

    private final double ar0;
    private final double ar1;
    private final double jr0;
    private final double jr1;
    private final double jo0;
    private final double jo1;

    /**
     * @param actuatorReduction two actuator reductions
     * @param jointReduction    two joint reductions
     * @param jointOffset       two joint offsets
     */
    public DifferentialTransmission(double[] actuatorReduction, double[] jointReduction, double[] jointOffset) {
        Transmissions.requirePair("actuator reductions", actuatorReduction, true);
        Transmissions.requirePair("joint reductions", jointReduction, true);
        Transmissions.requirePair("joint offsets", jointOffset, false);
        ar0 = actuatorReduction[0];
        ar1 = actuatorReduction[1];
        jr0 = jointReduction[0];
        jr1 = jointReduction[1];
        jo0 = jointOffset[0];
        jo1 = jointOffset[1];
    }

    @Override
    public int joints() {
        return 2;
    }

    @Override
    public int actuators() {
        return 2;
    }

    @Override
    public void actuatorToJointPosition(double[] a, double[] j) {
        j[0] = (a[0] / ar0 + a[1] / ar1) / (2.0 * jr0) + jo0;
        j[1] = (a[0] / ar0 - a[1] / ar1) / (2.0 * jr1) + jo1;
    }

    @Override
    public void actuatorToJointVelocity(double[] a, double[] j) {
        j[0] = (a[0] / ar0 + a[1] / ar1) / (2.0 * jr0);
        j[1] = (a[0] / ar0 - a[1] / ar1) / (2.0 * jr1);
    }

    @Override
    public void actuatorToJointEffort(double[] a, double[] j) {
        j[0] = jr0 * (a[0] * ar0 + a[1] * ar1);
        j[1] = jr1 * (a[0] * ar0 - a[1] * ar1);
    }

    @Override
    public void jointToActuatorPosition(double[] j, double[] a) {
        double p0 = j[0] - jo0;
        double p1 = j[1] - jo1;
        a[0] = (p0 * jr0 + p1 * jr1) * ar0;
        a[1] = (p0 * jr0 - p1 * jr1) * ar1;
    }

    @Override
    public void jointToActuatorVelocity(double[] j, double[] a) {
        a[0] = (j[0] * jr0 + j[1] * jr1) * ar0;
        a[1] = (j[0] * jr0 - j[1] * jr1) * ar1;
    }

    @Override
    public void jointToActuatorEffort(double[] j, double[] a) {
        a[0] = (j[0] / jr0 + j[1] / jr1) / (2.0 * ar0);
        a[1] = (j[0] / jr0 - j[1] / jr1) / (2.0 * ar1);
    }
}
