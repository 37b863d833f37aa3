package org.robocell.driver.franka.control;

import static org.robocell.driver.franka.control.FrankaLimits.JOINTS;

/**
 * libfranka's pipeline for joint positions ({@code ControlLoop<JointPositions>}), against {@code q_d, dq_d, ddq_d}.
 * The first command of a motion seeds the filter with itself, so it passes the filter unchanged (libfranka 0.15.0).
 */
public final class JointPositionCommandShaper extends CommandShaper {

    private final JointRateLimiter limiter;
    private boolean seeded;

    public JointPositionCommandShaper(FrankaLimits limits, ShapingSettings settings) {
        super(limits, settings);
        limiter = new JointRateLimiter(limits);
    }

    @Override
    public void restart() {
        seeded = false;
    }

    /** Shapes the 7 joint positions {@code q} into {@code out} (which may be {@code q}); see {@link #result()}. */
    public ShapingResult shape(double[] q, CommandedState state, double[] out) {
        result.accept();
        double[] previous = seeded ? state.qD() : q;
        seeded = true;
        if (apply(q, previous, state, out)) {
            allFinite(out, JOINTS, CommandCheck.NOT_FINITE, CommandField.Q_C);
        }
        return result;
    }

    private boolean apply(double[] q, double[] previous, CommandedState state, double[] out) {
        if (settings.filterEnabled()) {
            if (!filter(q, previous, JOINTS, CommandField.Q_C, out)) {
                return false;
            }
        } else if (out != q) {
            System.arraycopy(q, 0, out, 0, JOINTS);
        }
        if (settings.limitRate()) {
            if (!allFinite(out, JOINTS, CommandCheck.LIMITER_INPUT_NOT_FINITE, CommandField.Q_C)) {
                return false;
            }
            limiter.positions(out, state.qD(), state.dqD(), state.ddqD(), out);
        }
        return true;
    }
}
