package org.robocell.driver.franka.control;

import static org.robocell.driver.franka.control.FrankaLimits.JOINTS;

/** libfranka's pipeline for joint velocities ({@code ControlLoop<JointVelocities>}), against {@code dq_d}. */
public final class JointVelocityCommandShaper extends CommandShaper {

    private final JointRateLimiter limiter;

    public JointVelocityCommandShaper(FrankaLimits limits, ShapingSettings settings) {
        super(limits, settings);
        limiter = new JointRateLimiter(limits);
    }

    /** Shapes the 7 joint velocities {@code dq} into {@code out} (which may be {@code dq}); see {@link #result()}. */
    public ShapingResult shape(double[] dq, CommandedState state, double[] out) {
        result.accept();
        if (apply(dq, state, out)) {
            allFinite(out, JOINTS, CommandCheck.NOT_FINITE, CommandField.DQ_C);
        }
        return result;
    }

    private boolean apply(double[] dq, CommandedState state, double[] out) {
        if (settings.filterEnabled()) {
            if (!filter(dq, state.dqD(), JOINTS, CommandField.DQ_C, out)) {
                return false;
            }
        } else if (out != dq) {
            System.arraycopy(dq, 0, out, 0, JOINTS);
        }
        if (settings.limitRate()) {
            if (!allFinite(out, JOINTS, CommandCheck.LIMITER_INPUT_NOT_FINITE, CommandField.DQ_C)) {
                return false;
            }
            limiter.velocities(out, state.qD(), state.dqD(), state.ddqD(), out);
        }
        return true;
    }
}
