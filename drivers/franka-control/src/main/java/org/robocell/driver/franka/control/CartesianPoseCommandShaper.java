package org.robocell.driver.franka.control;

import org.robocell.driver.franka.control.internal.Rotations;

/**
 * libfranka's pipeline for end-effector poses and the optional elbow ({@code ControlLoop<CartesianPose>}), against
 * {@code O_T_EE_c, O_dP_EE_c, O_ddP_EE_c} and {@code elbow_c, delbow_c, ddelbow_c}. Poses are column-major 4x4. The
 * first command of a motion seeds the filter with itself (libfranka 0.15.0); the pose must be a homogeneous
 * transformation before the limiter and after it.
 */
public final class CartesianPoseCommandShaper extends CommandShaper {

    private final CartesianRateLimiter limiter;
    private final CartesianLowPassFilter filter = new CartesianLowPassFilter();
    private boolean seeded;

    public CartesianPoseCommandShaper(FrankaLimits limits, ShapingSettings settings) {
        super(limits, settings);
        limiter = new CartesianRateLimiter(limits);
    }

    @Override
    public void restart() {
        seeded = false;
    }

    /**
     * Shapes {@code pose} (16 values) into {@code outPose} (which may be {@code pose}) and, when {@code elbow} is
     * not {@code null}, the elbow (2 values) into {@code outElbow}, which must then be given; see {@link
     * #result()}. Without an elbow, {@code outElbow} (may be {@code null}) is zeroed.
     */
    public ShapingResult shape(double[] pose, double[] elbow, CommandedState state, double[] outPose,
            double[] outElbow) {
        result.accept();
        boolean first = !seeded;
        seeded = true;
        double[] previousPose = first ? pose : state.oTEEc();
        double previousElbow = elbow == null ? 0 : first ? elbow[0] : state.elbowC()[0];
        if (!shapePose(pose, previousPose, !first, state, outPose)) {
            return result;
        }
        if (!allFinite(outPose, 16, CommandCheck.NOT_FINITE, CommandField.O_T_EE_C)) {
            return result;
        }
        int bad = Rotations.firstNonHomogeneousElement(outPose);
        if (bad >= 0) {
            result.refuse(CommandCheck.POSE_NOT_HOMOGENEOUS, CommandField.O_T_EE_C, bad, false);
            return result;
        }
        elbow(elbow, previousElbow, !first, state, limiter, outElbow);
        return result;
    }

    private boolean shapePose(double[] pose, double[] previous, boolean previousFromState, CommandedState state,
            double[] out) {
        if (settings.filterEnabled()) {
            for (int i = 0; i < 16; i++) {
                if (!Double.isFinite(pose[i])) {
                    return result.refuse(CommandCheck.CARTESIAN_FILTER_INPUT_NOT_FINITE, CommandField.O_T_EE_C, i,
                            false);
                }
                if (!Double.isFinite(previous[i])) {
                    return result.refuse(CommandCheck.CARTESIAN_FILTER_INPUT_NOT_FINITE, CommandField.O_T_EE_C, i,
                            previousFromState);
                }
            }
            filter.filter(gain, pose, previous, out);
        } else if (out != pose) {
            System.arraycopy(pose, 0, out, 0, 16);
        }
        if (settings.limitRate()) {
            if (!allFinite(out, 16, CommandCheck.LIMITER_INPUT_NOT_FINITE, CommandField.O_T_EE_C)) {
                return false;
            }
            int bad = Rotations.firstNonHomogeneousElement(out);
            if (bad >= 0) {
                return result.refuse(CommandCheck.LIMITER_POSE_NOT_HOMOGENEOUS, CommandField.O_T_EE_C, bad, false);
            }
            limiter.pose(out, state.oTEEc(), state.oDPEEc(), state.oDdPEEc(), out);
        }
        return true;
    }
}
