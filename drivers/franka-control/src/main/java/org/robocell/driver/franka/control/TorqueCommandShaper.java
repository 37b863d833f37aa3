package org.robocell.driver.franka.control;

import static org.robocell.driver.franka.control.FrankaLimits.JOINTS;

/** libfranka's pipeline for joint torques ({@code ControlLoop::spinControl}), against {@code tau_J_d}. */
public final class TorqueCommandShaper extends CommandShaper {

    private final JointRateLimiter limiter;

    public TorqueCommandShaper(FrankaLimits limits, ShapingSettings settings) {
        super(limits, settings);
        limiter = new JointRateLimiter(limits);
    }

    /** Shapes the 7 torques {@code tau} into {@code out} (which may be {@code tau}); see {@link #result()}. */
    public ShapingResult shape(double[] tau, CommandedState state, double[] out) {
        result.accept();
        if (apply(tau, state, out)) {
            allFinite(out, JOINTS, CommandCheck.NOT_FINITE, CommandField.TAU_J_D);
        }
        return result;
    }

    private boolean apply(double[] tau, CommandedState state, double[] out) {
        if (settings.filterEnabled()) {
            if (!filter(tau, state.tauJD(), JOINTS, CommandField.TAU_J_D, out)) {
                return false;
            }
        } else if (out != tau) {
            System.arraycopy(tau, 0, out, 0, JOINTS);
        }
        if (settings.limitRate()) {
            if (!allFinite(out, JOINTS, CommandCheck.LIMITER_INPUT_NOT_FINITE, CommandField.TAU_J_D)) {
                return false;
            }
            limiter.torques(out, state.tauJD(), out);
        }
        return true;
    }
}
