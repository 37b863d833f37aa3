package org.robocell.api.transmission;

/**
 * Two actuators driving two joints through a four-bar linkage (transmission_interface's
 * {@code FourBarLinkageTransmission}): the first actuator moves the first joint; the second joint follows the
 * second actuator relative to the first joint.
 */
public final class FourBarLinkageTransmission implements Transmission {

    private final TwoJointReductions r;

    /**
     * @param actuatorReduction two actuator reductions
     * @param jointReduction    two joint reductions
     * @param jointOffset       two joint offsets
     */
    public FourBarLinkageTransmission(double[] actuatorReduction, double[] jointReduction, double[] jointOffset) {
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
        j[0] = a[0] / (r.jr0() * r.ar0()) + r.jo0();
        j[1] = (a[1] / r.ar1() - a[0] / (r.jr0() * r.ar0())) / r.jr1() + r.jo1();
    }

    @Override
    public void actuatorToJointVelocity(double[] a, double[] j) {
        j[0] = a[0] / (r.jr0() * r.ar0());
        j[1] = (a[1] / r.ar1() - a[0] / (r.jr0() * r.ar0())) / r.jr1();
    }

    @Override
    public void actuatorToJointEffort(double[] a, double[] j) {
        j[0] = r.jr0() * a[0] * r.ar0() + a[1] * r.ar1();
        j[1] = r.jr1() * a[1] * r.ar1();
    }

    @Override
    public void jointToActuatorPosition(double[] j, double[] a) {
        double p0 = j[0] - r.jo0();
        double p1 = j[1] - r.jo1();
        a[0] = p0 * r.jr0() * r.ar0();
        a[1] = (p0 + p1 * r.jr1()) * r.ar1();
    }

    @Override
    public void jointToActuatorVelocity(double[] j, double[] a) {
        a[0] = j[0] * r.jr0() * r.ar0();
        a[1] = (j[0] + j[1] * r.jr1()) * r.ar1();
    }

    @Override
    public void jointToActuatorEffort(double[] j, double[] a) {
        a[0] = (j[0] - j[1] / r.jr1()) / (r.jr0() * r.ar0());
        a[1] = j[1] / (r.ar1() * r.jr1());
    }
}
