package org.robocell.motion.internal;

import java.util.List;
import java.util.Locale;

import org.robocell.motion.PlanningException;
import org.robocell.motion.PlanningException.Reason;

/**
 * Checks a joint table against the joints' position, velocity and acceleration limits by finite differences of the
 * samples (the positions the loop will command every cycle), with a relative allowance for rounding only.
 */
final class LimitCheck {

    private static final double RELATIVE = 1e-6;

    private final RobotChain chain;
    private final double dt;

    LimitCheck(RobotChain chain, double dt) {
        this.chain = chain;
        this.dt = dt;
    }

    /** A violation found in a table: which joint, at which row, of which kind, how much against which limit. */
    record Violation(Reason reason, int joint, int row, double value, double limit) {
    }

    void check(double[] table, int rows, List<Segment> segments, List<String> kinds, int[] offset)
            throws PlanningException {
        Violation v = firstViolation(chain, dt, table, rows);
        if (v == null) {
            return;
        }
        int i = 0;
        while (i + 1 < offset.length && offset[i + 1] <= v.row) {
            i++;
        }
        int steps = Math.max(1, segments.get(i).steps());
        throw refusal(chain, v, i, kinds.get(i), Math.min(1.0, (v.row - offset[i]) / (double) steps));
    }

    /** The refusal of primitive {@code index} for {@code v}, found at {@code fraction} of its motion. */
    static PlanningException refusal(RobotChain chain, Violation v, int index, String kind, double fraction) {
        double percent = 100.0 * fraction;
        String joint = chain.jointNames.get(v.joint);
        String label = SegmentPlanner.label(index, kind);
        boolean cartesian = !"PTP".equals(kind);
        String hint = cartesian ? ": the path passes near a singularity or the tool moves too fast for this joint;"
                + " lower the velocity scaling or choose another path" : ": lower the scaling";
        String message = switch (v.reason) {
            case JOINT_POSITION_LIMIT -> String.format(Locale.ROOT,
                    "%s puts joint %s at %.4f at %.0f%% of its motion, outside its limits [%.4f, %.4f]", label, joint,
                    v.value, percent, chain.lower[v.joint], chain.upper[v.joint]);
            case JOINT_VELOCITY_LIMIT -> String.format(Locale.ROOT,
                    "%s needs joint %s at %.4g rad/s at %.0f%% of its motion; its velocity limit is %.4g%s", label,
                    joint, v.value, percent, v.limit, hint);
            default -> String.format(Locale.ROOT,
                    "%s needs joint %s to accelerate at %.4g rad/s² at %.0f%% of its motion; its limit is %.4g%s",
                    label, joint, v.value, percent, v.limit, hint);
        };
        return new PlanningException(v.reason, index, message);
    }

    /** The first sample that breaks a limit, null when none does. */
    static Violation firstViolation(RobotChain chain, double dt, double[] table, int rows) {
        int dof = chain.dof;
        for (int k = 0; k < rows; k++) {
            for (int j = 0; j < dof; j++) {
                double q = table[k * dof + j];
                // the start may be a hair outside (a measured position): only going further out counts
                if (k > 0 && outside(chain, j, q) > outside(chain, j, table[j]) + 1e-9) {
                    return new Violation(Reason.JOINT_POSITION_LIMIT, j, k, q,
                            q < chain.lower[j] ? chain.lower[j] : chain.upper[j]);
                }
                if (k + 1 < rows) {
                    double v = Math.abs(table[(k + 1) * dof + j] - q) / dt;
                    double limit = chain.velocity[j];
                    if (v > limit * (1 + RELATIVE) + 1e-9) {
                        return new Violation(Reason.JOINT_VELOCITY_LIMIT, j, k, v, limit);
                    }
                }
                if (k > 0 && k + 1 < rows) {
                    double a = Math.abs(table[(k + 1) * dof + j] - 2 * q + table[(k - 1) * dof + j]) / (dt * dt);
                    double limit = chain.acceleration[j];
                    if (a > limit * (1 + RELATIVE) + 1e-6) {
                        return new Violation(Reason.JOINT_ACCELERATION_LIMIT, j, k, a, limit);
                    }
                }
            }
        }
        return null;
    }

    /** How far {@code q} is outside joint {@code j}'s range; 0 inside. */
    private static double outside(RobotChain chain, int j, double q) {
        return Math.max(0.0, Math.max(chain.lower[j] - q, q - chain.upper[j]));
    }
}
