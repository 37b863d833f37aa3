package org.robocell.driver.franka.internal.hardware;

import java.util.Locale;

import org.robocell.driver.franka.api.CollisionBehavior;
import org.robocell.driver.franka.api.FrankaCommandException;
import org.robocell.driver.franka.api.FrankaCommandException.Reason;
import org.robocell.driver.franka.protocol.FciRequest;

/**
 * The checks a non-real-time command's values pass before anything is sent, each failure one line naming the field
 * as libfranka does ({@code K_theta[3]}) and what was expected. Ranges are libfranka's where its documentation gives
 * them ({@code include/franka/robot.h}: Cartesian stiffness), the FR3's datasheet payload (3 kg) for the load.
 */
final class CommandArguments {

    /** libfranka {@code robot.h}, {@code setCartesianImpedance}: x, y, z in [10, 3000] N/m. */
    static final double TRANSLATIONAL_STIFFNESS_MIN = 10;
    static final double TRANSLATIONAL_STIFFNESS_MAX = 3000;
    /** ... roll, pitch, yaw in [1, 300] Nm/rad. */
    static final double ROTATIONAL_STIFFNESS_MIN = 1;
    static final double ROTATIONAL_STIFFNESS_MAX = 300;
    /** The FR3's rated payload (datasheet), kg. */
    static final double MAX_LOAD_KG = 3.0;
    private static final double FRAME_TOLERANCE = 1e-6;

    private CommandArguments() {
    }

    static FciRequest.SetCollisionBehavior collision(CollisionBehavior b) {
        double[] lta = sized(b.lowerTorqueThresholdsAcceleration(), 7, "lower_torque_thresholds_acceleration");
        double[] uta = sized(b.upperTorqueThresholdsAcceleration(), 7, "upper_torque_thresholds_acceleration");
        double[] ltn = sized(b.lowerTorqueThresholdsNominal(), 7, "lower_torque_thresholds_nominal");
        double[] utn = sized(b.upperTorqueThresholdsNominal(), 7, "upper_torque_thresholds_nominal");
        double[] lfa = sized(b.lowerForceThresholdsAcceleration(), 6, "lower_force_thresholds_acceleration");
        double[] ufa = sized(b.upperForceThresholdsAcceleration(), 6, "upper_force_thresholds_acceleration");
        double[] lfn = sized(b.lowerForceThresholdsNominal(), 6, "lower_force_thresholds_nominal");
        double[] ufn = sized(b.upperForceThresholdsNominal(), 6, "upper_force_thresholds_nominal");
        nonNegative(ltn, "lower_torque_thresholds_nominal");
        nonNegative(utn, "upper_torque_thresholds_nominal");
        nonNegative(lfn, "lower_force_thresholds_nominal");
        nonNegative(ufn, "upper_force_thresholds_nominal");
        nonNegative(lta, "lower_torque_thresholds_acceleration");
        nonNegative(uta, "upper_torque_thresholds_acceleration");
        nonNegative(lfa, "lower_force_thresholds_acceleration");
        nonNegative(ufa, "upper_force_thresholds_acceleration");
        ordered(ltn, utn, "torque_thresholds_nominal", "Nm");
        ordered(lfn, ufn, "force_thresholds_nominal", "N");
        ordered(lta, uta, "torque_thresholds_acceleration", "Nm");
        ordered(lfa, ufa, "force_thresholds_acceleration", "N");
        return new FciRequest.SetCollisionBehavior(lta, uta, ltn, utn, lfa, ufa, lfn, ufn);
    }

    static FciRequest.SetJointImpedance jointImpedance(double[] kTheta) {
        double[] k = sized(kTheta, 7, "K_theta");
        nonNegative(k, "K_theta");
        return new FciRequest.SetJointImpedance(k);
    }

    static FciRequest.SetCartesianImpedance cartesianImpedance(double[] kX) {
        double[] k = sized(kX, 6, "K_x");
        for (int i = 0; i < 6; i++) {
            boolean translation = i < 3;
            double min = translation ? TRANSLATIONAL_STIFFNESS_MIN : ROTATIONAL_STIFFNESS_MIN;
            double max = translation ? TRANSLATIONAL_STIFFNESS_MAX : ROTATIONAL_STIFFNESS_MAX;
            if (k[i] < min || k[i] > max) {
                throw invalid("K_x[" + i + "] (" + AXES[i] + ") = " + number(k[i]) + " is outside libfranka's ["
                        + number(min) + ", " + number(max) + "] " + (translation ? "N/m" : "Nm/rad"));
            }
        }
        return new FciRequest.SetCartesianImpedance(k);
    }

    static FciRequest.SetNeToEe endEffector(double[] neTEe) {
        return new FciRequest.SetNeToEe(frame(neTEe, "NE_T_EE"));
    }

    static FciRequest.SetEeToK stiffnessFrame(double[] eeTK) {
        return new FciRequest.SetEeToK(frame(eeTK, "EE_T_K"));
    }

    static FciRequest.SetLoad load(double mass, double[] centerOfMass, double[] inertia) {
        finite(new double[] { mass }, "m_load");
        if (mass < 0 || mass > MAX_LOAD_KG) {
            throw invalid("m_load = " + number(mass) + " kg is outside [0, " + number(MAX_LOAD_KG)
                    + "] (the FR3's payload)");
        }
        double[] c = sized(centerOfMass, 3, "F_x_Cload");
        double[] i = sized(inertia, 9, "I_load");
        for (int r = 0; r < 3; r++) {
            if (i[4 * r] < 0) {
                throw invalid("I_load[" + (4 * r) + "] = " + number(i[4 * r]) + ": a moment of inertia is not negative");
            }
            for (int col = r + 1; col < 3; col++) {
                if (Math.abs(i[3 * col + r] - i[3 * r + col]) > FRAME_TOLERANCE) {
                    throw invalid("I_load is not symmetric: I_load[" + (3 * col + r) + "] = "
                            + number(i[3 * col + r]) + ", I_load[" + (3 * r + col) + "] = " + number(i[3 * r + col]));
                }
            }
        }
        return new FciRequest.SetLoad(mass, c, i);
    }

    static final String[] AXES = { "x", "y", "z", "roll", "pitch", "yaw" };

    /** A 4x4 column-major homogeneous transform: finite, orthonormal rotation, last row (0, 0, 0, 1). */
    static double[] frame(double[] m, String field) {
        double[] f = sized(m, 16, field);
        if (Math.abs(f[3]) > FRAME_TOLERANCE || Math.abs(f[7]) > FRAME_TOLERANCE || Math.abs(f[11]) > FRAME_TOLERANCE
                || Math.abs(f[15] - 1) > FRAME_TOLERANCE) {
            throw invalid(field + " is not a homogeneous transform: its last row (" + field + "[3], [7], [11], [15])"
                    + " is " + number(f[3]) + " " + number(f[7]) + " " + number(f[11]) + " " + number(f[15])
                    + ", expected 0 0 0 1 (column-major)");
        }
        for (int a = 0; a < 3; a++) {
            for (int b = a; b < 3; b++) {
                double dot = f[4 * a] * f[4 * b] + f[4 * a + 1] * f[4 * b + 1] + f[4 * a + 2] * f[4 * b + 2];
                if (Math.abs(dot - (a == b ? 1 : 0)) > FRAME_TOLERANCE) {
                    throw invalid(field + " is not a homogeneous transform: its rotation's " + (a == b ? "column "
                            + (a + 1) + " is not a unit vector" : "columns " + (a + 1) + " and " + (b + 1)
                            + " are not orthogonal"));
                }
            }
        }
        double det = f[0] * (f[5] * f[10] - f[9] * f[6]) - f[4] * (f[1] * f[10] - f[9] * f[2])
                + f[8] * (f[1] * f[6] - f[5] * f[2]);
        if (det < 0) {
            throw invalid(field + " is not a homogeneous transform: its rotation is a reflection (determinant -1)");
        }
        return f;
    }

    /** A copy of exactly {@code count} finite values. */
    static double[] sized(double[] values, int count, String field) {
        if (values == null || values.length != count) {
            throw invalid(field + " takes " + count + " values, got " + (values == null ? 0 : values.length));
        }
        double[] copy = values.clone();
        finite(copy, field);
        return copy;
    }

    private static void finite(double[] values, String field) {
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw invalid(field + (values.length > 1 ? "[" + i + "]" : "") + " = " + number(values[i])
                        + " is not a finite number");
            }
        }
    }

    private static void nonNegative(double[] values, String field) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] < 0) {
                throw invalid(field + "[" + i + "] = " + number(values[i]) + " is negative");
            }
        }
    }

    private static void ordered(double[] lower, double[] upper, String field, String unit) {
        for (int i = 0; i < lower.length; i++) {
            if (lower[i] > upper[i]) {
                throw invalid("lower_" + field + "[" + i + "] = " + number(lower[i]) + " " + unit + " is above upper_"
                        + field + "[" + i + "] = " + number(upper[i]) + " " + unit);
            }
        }
    }

    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v).replaceAll("\\.?0+$", "")
                : Double.toString(v);
    }

    private static FrankaCommandException invalid(String line) {
        return new FrankaCommandException(Reason.INVALID_ARGUMENT, line + "; nothing sent");
    }
}
