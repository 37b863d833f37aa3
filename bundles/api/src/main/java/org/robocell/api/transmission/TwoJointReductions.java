package org.robocell.api.transmission;

/**
 * The six numbers of a two-actuator, two-joint transmission (differential, four-bar linkage), checked once: two
 * finite, non-zero actuator reductions, two such joint reductions, two finite joint offsets.
 */
record TwoJointReductions(double ar0, double ar1, double jr0, double jr1, double jo0, double jo1) {

    static TwoJointReductions of(double[] actuatorReduction, double[] jointReduction, double[] jointOffset) {
        Transmissions.requirePair("actuator reductions", actuatorReduction, true);
        Transmissions.requirePair("joint reductions", jointReduction, true);
        Transmissions.requirePair("joint offsets", jointOffset, false);
        return new TwoJointReductions(actuatorReduction[0], actuatorReduction[1], jointReduction[0], jointReduction[1],
                jointOffset[0], jointOffset[1]);
    }
}
