package org.robocell.driver.franka.control;

/**
 * libfranka's client-side command pipeline for one control interface ({@code src/control_loop.cpp}): the low-pass
 * filter against the robot's last commanded value, then the rate limiter, then the check that the command is finite
 * (and, for poses and elbows, well-formed), each stage as {@link ShapingSettings} switches it. A refusal is reported
 * in the shaper's {@link ShapingResult}, typed, with libfranka's error text; nothing is thrown on the control cycle.
 *
 * <p>One shaper per control loop and interface; not thread-safe; allocates nothing per command. {@link #restart()}
 * at the start of every motion (libfranka builds a new control loop per motion).
 */
public abstract class CommandShaper {

    final FrankaLimits limits;
    final ShapingSettings settings;
    final double gain;
    final ShapingResult result = new ShapingResult();

    CommandShaper(FrankaLimits limits, ShapingSettings settings) {
        if (limits == null || settings == null) {
            throw new NullPointerException("a command shaper needs limits and settings");
        }
        this.limits = limits;
        this.settings = settings;
        this.gain = settings.filterGain();
    }

    public FrankaLimits limits() {
        return limits;
    }

    public ShapingSettings settings() {
        return settings;
    }

    /** The outcome of the last {@code shape} call (the same instance every time). */
    public ShapingResult result() {
        return result;
    }

    /** A new motion starts: the interfaces that seed their filter with the first command do so again. */
    public void restart() {
    }

    /** Filters {@code n} values of {@code command} against {@code last} into {@code out}; false on a NaN / ∞. */
    final boolean filter(double[] command, double[] last, int n, CommandField field, double[] out) {
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(command[i])) {
                return result.refuse(CommandCheck.FILTER_INPUT_NOT_FINITE, field, i, false);
            }
            if (!Double.isFinite(last[i])) {
                return result.refuse(CommandCheck.FILTER_INPUT_NOT_FINITE, field, i, true);
            }
            out[i] = LowPassFilter.filter(gain, command[i], last[i]);
        }
        return true;
    }

    /** False, with {@code check} recorded on the first non-finite of {@code n} values, if there is one. */
    final boolean allFinite(double[] values, int n, CommandCheck check, CommandField field) {
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(values[i])) {
                return result.refuse(check, field, i, false);
            }
        }
        return true;
    }

    /**
     * The elbow stages of the Cartesian interfaces: {@code elbow[0]} filtered against {@code previousElbow} and rate
     * limited as a position, then both elements checked (finite, sign ±1). {@code elbow == null}: no elbow, {@code
     * out} (if given) is zeroed as libfranka zeroes {@code elbow_c}.
     */
    final boolean elbow(double[] elbow, double previousElbow, boolean previousFromState, CommandedState state,
            CartesianRateLimiter limiter, double[] out) {
        if (elbow == null) {
            if (out != null) {
                out[0] = 0;
                out[1] = 0;
            }
            return true;
        }
        double angle = elbow[0];
        double sign = elbow[1];
        if (settings.filterEnabled()) {
            if (!Double.isFinite(angle)) {
                return result.refuse(CommandCheck.FILTER_INPUT_NOT_FINITE, CommandField.ELBOW_C, 0, false);
            }
            if (!Double.isFinite(previousElbow)) {
                return result.refuse(CommandCheck.FILTER_INPUT_NOT_FINITE, CommandField.ELBOW_C, 0, previousFromState);
            }
            angle = LowPassFilter.filter(gain, angle, previousElbow);
        }
        if (settings.limitRate()) {
            if (!Double.isFinite(angle)) {
                return result.refuse(CommandCheck.LIMITER_INPUT_NOT_FINITE, CommandField.ELBOW_C, 0, false);
            }
            angle = limiter.elbow(angle, state.elbowC()[0], state.delbowC()[0], state.ddelbowC()[0]);
        }
        out[0] = angle;
        out[1] = sign;
        if (!allFinite(out, 2, CommandCheck.NOT_FINITE, CommandField.ELBOW_C)) {
            return false;
        }
        if (sign != -1.0 && sign != 1.0) {
            return result.refuse(CommandCheck.ELBOW_SIGN_INVALID, CommandField.ELBOW_C, 1, false);
        }
        return true;
    }
}
