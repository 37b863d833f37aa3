package org.robocell.driver.franka.internal.hardware;

import org.robocell.api.hardware.CommandInterfaceHandle;
import org.robocell.driver.franka.control.FrankaLimits;

/**
 * What a controller writes into the Cartesian pose, Cartesian velocity and elbow command interfaces, checked
 * before it goes to libfranka's pipeline: a command that is not finite, a pose that is no homogeneous
 * transformation, a pose, twist or elbow beyond the FR3's velocity limits (a jump from the last good command), an
 * elbow sign other than ±1 or a joint 3 position outside its range is never sent. The last good command is sent
 * again instead (held), the refusal counted, and the first refusal of a run of them kept for one log line. Every
 * activation starts from the measured state: the pose {@code O_T_EE}, a zero twist, the elbow {@code elbow}.
 * Allocation-free; loop thread only.
 */
final class CartesianCommandGuard {

    private static final double DT = FrankaLimits.DELTA_T;
    /** libfranka's tolerance for an orthonormal rotation ({@code isHomogeneousTransformation}). */
    private static final double ORTHONORMAL_TOLERANCE = 1e-5;

    private final FrankaLimits limits;
    /** The last good commands, which a refused one is replaced by. */
    final double[] pose = new double[16];
    final double[] twist = new double[6];
    final double[] elbow = new double[2];
    private final double[] input = new double[16];

    private long held;
    /** whether the last cycle held a command, and whether this one does */
    private boolean holding;
    private boolean heldNow;
    /** the first refusal of the current run, for the log line */
    private HoldReason reason;
    private String field;
    private int element = -1;
    private double value;
    private boolean reported = true;

    CartesianCommandGuard(FrankaLimits limits) {
        this.limits = limits;
    }

    /** A new motion: the last good commands are the measured pose, a zero twist and the measured elbow. */
    void start(double[] measuredPose, double[] measuredElbow) {
        System.arraycopy(measuredPose, 0, pose, 0, 16);
        java.util.Arrays.fill(twist, 0);
        System.arraycopy(measuredElbow, 0, elbow, 0, 2);
        holding = false;
        heldNow = false;
    }

    /** The pose to send: the handles' if good, else the last good one. */
    double[] pose(CommandInterfaceHandle[] handles) {
        read(handles, 16);
        HoldReason r = null;
        int bad = firstNonFinite(16);
        if (bad >= 0) {
            r = HoldReason.NOT_FINITE;
        } else if ((bad = firstNonHomogeneous(input)) >= 0) {
            r = HoldReason.NOT_HOMOGENEOUS;
        } else if (translation(pose, input) > limits.maxTranslationalVelocity() * DT) {
            r = HoldReason.BEYOND_VELOCITY_LIMIT;
            bad = 12;
        } else if (rotation(pose, input) > limits.maxRotationalVelocity() * DT) {
            r = HoldReason.BEYOND_VELOCITY_LIMIT;
            bad = 0;
        }
        return decide(r, CartesianInterfaces.POSE, bad, pose, 16);
    }

    /** The twist to send: the handles' if good, else the last good one. */
    double[] twist(CommandInterfaceHandle[] handles) {
        read(handles, 6);
        HoldReason r = null;
        int bad = firstNonFinite(6);
        if (bad >= 0) {
            r = HoldReason.NOT_FINITE;
        } else if (norm3(input, 0) > limits.maxTranslationalVelocity()) {
            r = HoldReason.BEYOND_VELOCITY_LIMIT;
            bad = 0;
        } else if (norm3(input, 3) > limits.maxRotationalVelocity()) {
            r = HoldReason.BEYOND_VELOCITY_LIMIT;
            bad = 3;
        }
        return decide(r, CartesianInterfaces.VELOCITY, bad, twist, 6);
    }

    /** The elbow to send: the handles' if good, else the last good one. */
    double[] elbow(CommandInterfaceHandle[] handles) {
        read(handles, 2);
        HoldReason r = null;
        int bad = firstNonFinite(2);
        if (bad >= 0) {
            r = HoldReason.NOT_FINITE;
        } else if (input[1] != 1.0 && input[1] != -1.0) {
            r = HoldReason.ELBOW_SIGN;
            bad = 1;
        } else if (input[0] < Fr3Range.Q_MIN[2] || input[0] > Fr3Range.Q_MAX[2]) {
            r = HoldReason.ELBOW_OUT_OF_RANGE;
            bad = 0;
        } else if (Math.abs(input[0] - elbow[0]) > limits.maxElbowVelocity() * DT) {
            r = HoldReason.BEYOND_VELOCITY_LIMIT;
            bad = 0;
        }
        return decide(r, CartesianInterfaces.ELBOW, bad, elbow, 2);
    }

    /** Ends a cycle's checks: a run of refusals ends with the first cycle that held nothing. */
    void endCycle() {
        holding = heldNow;
        heldNow = false;
    }

    private double[] decide(HoldReason r, String kind, int bad, double[] lastGood, int n) {
        if (r == null) {
            System.arraycopy(input, 0, lastGood, 0, n);
            return lastGood;
        }
        held++;
        if (!holding && !heldNow && reported) {
            reason = r;
            field = kind;
            element = bad;
            value = input[bad];
            reported = false;
        }
        heldNow = true;
        return lastGood;
    }

    /** Commands held since the driver started. */
    long held() {
        return held;
    }

    /**
     * The first refusal not reported yet as one line, or null; marks it reported. Allocates: call it off the
     * loop or on the exceptional path only.
     */
    String takeReport(String component) {
        if (reported) {
            return null;
        }
        reported = true;
        return component + ": " + field + "[" + element + "] = " + value + " " + reason.text + "; not sent, the"
                + " last good command is held (" + held + " held so far)";
    }

    /** The reason of the last unreported or reported refusal (for tests), or null. */
    HoldReason lastReason() {
        return reason;
    }

    private void read(CommandInterfaceHandle[] handles, int n) {
        for (int i = 0; i < n; i++) {
            input[i] = handles[i].get();
        }
    }

    private int firstNonFinite(int n) {
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(input[i])) {
                return i;
            }
        }
        return -1;
    }

    /** libfranka's {@code isHomogeneousTransformation}: the first offending element (column-major), or -1. */
    static int firstNonHomogeneous(double[] m) {
        if (m[3] != 0.0) {
            return 3;
        }
        if (m[7] != 0.0) {
            return 7;
        }
        if (m[11] != 0.0) {
            return 11;
        }
        if (m[15] != 1.0) {
            return 15;
        }
        for (int c = 0; c < 3; c++) {
            if (Math.abs(norm3(m, 4 * c) - 1) > ORTHONORMAL_TOLERANCE) {
                return 4 * c;
            }
            // orthogonal columns: their dot products vanish
            int d = (c + 1) % 3;
            double dot = m[4 * c] * m[4 * d] + m[4 * c + 1] * m[4 * d + 1] + m[4 * c + 2] * m[4 * d + 2];
            if (Math.abs(dot) > ORTHONORMAL_TOLERANCE) {
                return 4 * d;
            }
        }
        return -1;
    }

    private static double translation(double[] a, double[] b) {
        double x = a[12] - b[12];
        double y = a[13] - b[13];
        double z = a[14] - b[14];
        return Math.sqrt(x * x + y * y + z * z);
    }

    /** The angle of the rotation that takes {@code a}'s orientation to {@code b}'s. */
    private static double rotation(double[] a, double[] b) {
        double trace = 0;
        for (int c = 0; c < 3; c++) {
            trace += a[4 * c] * b[4 * c] + a[4 * c + 1] * b[4 * c + 1] + a[4 * c + 2] * b[4 * c + 2];
        }
        return Math.acos(Math.max(-1, Math.min(1, (trace - 1) / 2)));
    }

    private static double norm3(double[] v, int from) {
        return Math.sqrt(v[from] * v[from] + v[from + 1] * v[from + 1] + v[from + 2] * v[from + 2]);
    }
}
