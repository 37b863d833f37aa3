package org.robocell.api.transmission;

/**
 * Two actuators driving two joints through a differential (transmission_interface's
 * {@code DifferentialTransmission}, e.g. a wrist's pitch and roll): the joints move with the actuators' mean and
 * half-difference, each side scaled by its reduction; joint offsets shift the joint positions.
 */
public final class DifferentialTransmission implements Transmission {

    private final TwoJointReductions r;

    /**
     * @param actuatorReduction two actuator reductions
     * @param jointReduction    two joint reductions
     * @param jointOffset       two joint offsets
     */
    public DifferentialTransmission(double[] actuatorReduction, double[] jointReduction, double[] jointOffset) {
        r = TwoJointReductions.of(actuatorReduction, jointReduction, jointOffset);
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
        j[0] = (a[0] / r.ar0() + a[1] / r.ar1()) / (2.0 * r.jr0()) + r.jo0();
        j[1] = (a[0] / r.ar0() - a[1] / r.ar1()) / (2.0 * r.jr1()) + r.jo1();
    }

    @Override
    public void actuatorToJointVelocity(double[] a, double[] j) {
        j[0] = (a[0] / r.ar0() + a[1] / r.ar1()) / (2.0 * r.jr0());
        j[1] = (a[0] / r.ar0() - a[1] / r.ar1()) / (2.0 * r.jr1());
    }

    @Override
    public void actuatorToJointEffort(double[] a, double[] j) {
        j[0] = r.jr0() * (a[0] * r.ar0() + a[1] * r.ar1());
        j[1] = r.jr1() * (a[0] * r.ar0() - a[1] * r.ar1());
    }

    @Override
    public void jointToActuatorPosition(double[] j, double[] a) {
        double p0 = j[0] - r.jo0();
        double p1 = j[1] - r.jo1();
        a[0] = (p0 * r.jr0() + p1 * r.jr1()) * r.ar0();
        a[1] = (p0 * r.jr0() - p1 * r.jr1()) * r.ar1();
    }

    @Override
    public void jointToActuatorVelocity(double[] j, double[] a) {
        a[0] = (j[0] * r.jr0() + j[1] * r.jr1()) * r.ar0();
        a[1] = (j[0] * r.jr0() - j[1] * r.jr1()) * r.ar1();
    }

    @Override
    public void jointToActuatorEffort(double[] j, double[] a) {
        a[0] = (j[0] / r.jr0() + j[1] / r.jr1()) / (2.0 * r.ar0());
        a[1] = (j[0] / r.jr0() - j[1] / r.jr1()) / (2.0 * r.ar1());
    }
}
