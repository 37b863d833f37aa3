package org.robocell.driver.franka.control;

/**
 * libfranka's pipeline for end-effector twists and the optional elbow ({@code ControlLoop<CartesianVelocities>}),
 * against {@code O_dP_EE_c, O_ddP_EE_c} and {@code elbow_c, delbow_c, ddelbow_c}. Twists are {@code [vx vy vz wx wy
 * wz]} in the base frame.
 */
public final class CartesianVelocityCommandShaper extends CommandShaper {

    private final CartesianRateLimiter limiter;

    public CartesianVelocityCommandShaper(FrankaLimits limits, ShapingSettings settings) {
        super(limits, settings);
        limiter = new CartesianRateLimiter(limits);
    }

    /**
     * Shapes {@code twist} (6 values) into {@code outTwist} (which may be {@code twist}) and, when {@code elbow} is
     * not {@code null}, the elbow (2 values) into {@code outElbow}, which must then be given; see {@link
     * #result()}. Without an elbow, {@code outElbow} (may be {@code null}) is zeroed.
     */
    public ShapingResult shape(double[] twist, double[] elbow, CommandedState state, double[] outTwist,
            double[] outElbow) {
        result.accept();
        if (!shapeTwist(twist, state, outTwist)) {
            return result;
        }
        if (!allFinite(outTwist, 6, CommandCheck.NOT_FINITE, CommandField.O_DP_EE_C)) {
            return result;
        }
        elbow(elbow, elbow == null ? 0 : state.elbowC()[0], true, state, limiter, outElbow);
        return result;
    }

    private boolean shapeTwist(double[] twist, CommandedState state, double[] out) {
        if (settings.filterEnabled()) {
            if (!filter(twist, state.oDPEEc(), 6, CommandField.O_DP_EE_C, out)) {
                return false;
            }
        } else if (out != twist) {
            System.arraycopy(twist, 0, out, 0, 6);
        }
        if (settings.limitRate()) {
            if (!allFinite(out, 6, CommandCheck.LIMITER_INPUT_NOT_FINITE, CommandField.O_DP_EE_C)) {
                return false;
            }
            limiter.twist(out, state.oDPEEc(), state.oDdPEEc(), out);
        }
        return true;
    }
}
