package org.robocell.driver.franka.emulator;

import org.robocell.driver.franka.protocol.FciRequest;

/** What a client has set through the non-real-time commands: impedances, thresholds, frames, load, guiding. */
final class RobotSettings {

    final double[] kTheta = Fr3Defaults.K_THETA.clone();
    final double[] kX = Fr3Defaults.K_X.clone();
    final double[] lowerTorqueThresholds = Fr3Defaults.TORQUE_THRESHOLDS.clone();
    final double[] upperTorqueThresholds = Fr3Defaults.TORQUE_THRESHOLDS.clone();
    final double[] lowerForceThresholds = Fr3Defaults.FORCE_THRESHOLDS.clone();
    final double[] upperForceThresholds = Fr3Defaults.FORCE_THRESHOLDS.clone();
    final double[] fTNe = Fr3Defaults.flangeToNominalEndEffector();
    final double[] neTEe = Fr3Defaults.identity();
    final double[] eeTK = Fr3Defaults.identity();
    double mLoad;
    final double[] fXCload = new double[3];
    final double[] iLoad = new double[9];
    final boolean[] guidingMode = { true, true, true, true, true, true };
    boolean guidingNullspace;

    /**
     * Applies a setter; returns null when it is taken, or the reason it is refused (an invalid argument).
     */
    String apply(FciRequest request) {
        if (request instanceof FciRequest.SetCollisionBehavior s) {
            for (int i = 0; i < 7; i++) {
                if (s.lowerTorqueThresholdsNominal()[i] > s.upperTorqueThresholdsNominal()[i]
                        || s.lowerTorqueThresholdsNominal()[i] < 0) {
                    return "torque thresholds of joint " + (i + 1) + ": lower must be >= 0 and <= upper";
                }
            }
            for (int i = 0; i < 6; i++) {
                if (s.lowerForceThresholdsNominal()[i] > s.upperForceThresholdsNominal()[i]
                        || s.lowerForceThresholdsNominal()[i] < 0) {
                    return "force thresholds " + i + ": lower must be >= 0 and <= upper";
                }
            }
            System.arraycopy(s.lowerTorqueThresholdsNominal(), 0, lowerTorqueThresholds, 0, 7);
            System.arraycopy(s.upperTorqueThresholdsNominal(), 0, upperTorqueThresholds, 0, 7);
            System.arraycopy(s.lowerForceThresholdsNominal(), 0, lowerForceThresholds, 0, 6);
            System.arraycopy(s.upperForceThresholdsNominal(), 0, upperForceThresholds, 0, 6);
        } else if (request instanceof FciRequest.SetJointImpedance s) {
            if (!nonNegative(s.kTheta())) {
                return "K_theta must not be negative";
            }
            System.arraycopy(s.kTheta(), 0, kTheta, 0, 7);
        } else if (request instanceof FciRequest.SetCartesianImpedance s) {
            if (!nonNegative(s.kX())) {
                return "K_x must not be negative";
            }
            System.arraycopy(s.kX(), 0, kX, 0, 6);
        } else if (request instanceof FciRequest.SetEeToK s) {
            if (!homogeneous(s.eeTK())) {
                return "EE_T_K is not a homogeneous transform";
            }
            System.arraycopy(s.eeTK(), 0, eeTK, 0, 16);
        } else if (request instanceof FciRequest.SetNeToEe s) {
            if (!homogeneous(s.neTEe())) {
                return "NE_T_EE is not a homogeneous transform";
            }
            System.arraycopy(s.neTEe(), 0, neTEe, 0, 16);
        } else if (request instanceof FciRequest.SetLoad s) {
            if (s.mLoad() < 0) {
                return "m_load must not be negative";
            }
            mLoad = s.mLoad();
            System.arraycopy(s.fXCload(), 0, fXCload, 0, 3);
            System.arraycopy(s.iLoad(), 0, iLoad, 0, 9);
        } else if (request instanceof FciRequest.SetGuidingMode s) {
            System.arraycopy(s.guidingMode(), 0, guidingMode, 0, 6);
            guidingNullspace = s.nullspace();
        } else {
            throw new IllegalArgumentException(request.command() + " is not a setter");
        }
        return null;
    }

    private static boolean nonNegative(double[] values) {
        for (double v : values) {
            if (v < 0) {
                return false;
            }
        }
        return true;
    }

    /** Column-major 4x4 with an orthonormal rotation and a last row (0, 0, 0, 1). */
    static boolean homogeneous(double[] m) {
        if (Math.abs(m[3]) > 1e-9 || Math.abs(m[7]) > 1e-9 || Math.abs(m[11]) > 1e-9 || Math.abs(m[15] - 1) > 1e-9) {
            return false;
        }
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 3; b++) {
                double dot = m[4 * a] * m[4 * b] + m[4 * a + 1] * m[4 * b + 1] + m[4 * a + 2] * m[4 * b + 2];
                if (Math.abs(dot - (a == b ? 1 : 0)) > 1e-6) {
                    return false;
                }
            }
        }
        return true;
    }
}
