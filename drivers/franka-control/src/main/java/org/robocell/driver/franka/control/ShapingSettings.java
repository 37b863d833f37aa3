package org.robocell.driver.franka.control;

import java.util.Locale;

/**
 * Which stages of libfranka's command pipeline run for a robot: the rate limiter ({@code limit_rate}) and the
 * low-pass filter ({@code cutoff_frequency}, off at {@value LowPassFilter#MAX_CUTOFF_FREQUENCY} Hz or more). The
 * final NaN / pose / elbow check always runs. Immutable.
 *
 * @param limitRate whether the rate limiter runs
 * @param cutoffFrequency the low-pass filter's cutoff frequency in Hz, finite and above 0
 */
public record ShapingSettings(boolean limitRate, double cutoffFrequency) {

    /** The name of the rate-limiter switch in libfranka's {@code Robot::control} and in driver parameters. */
    public static final String LIMIT_RATE = "limit_rate";
    /** The name of the filter's cutoff frequency in libfranka's {@code Robot::control} and in driver parameters. */
    public static final String CUTOFF_FREQUENCY = "cutoff_frequency";

    /** libfranka's defaults since 0.10 (FR3): no rate limiting, 100 Hz low-pass filter. */
    public static final ShapingSettings LIBFRANKA_DEFAULTS =
            new ShapingSettings(false, LowPassFilter.DEFAULT_CUTOFF_FREQUENCY);
    /** libfranka 0.9.2's defaults (Panda / FER): rate limiting on, 100 Hz low-pass filter. */
    public static final ShapingSettings LIBFRANKA_0_9_DEFAULTS =
            new ShapingSettings(true, LowPassFilter.DEFAULT_CUTOFF_FREQUENCY);

    public ShapingSettings {
        if (!(cutoffFrequency > 0) || Double.isInfinite(cutoffFrequency)) {
            throw new IllegalArgumentException(CUTOFF_FREQUENCY + ": expected a frequency in Hz above 0 ("
                    + LowPassFilter.MAX_CUTOFF_FREQUENCY + " or more switches the filter off), got " + cutoffFrequency);
        }
    }

    /**
     * Settings from textual parameters (a URDF {@code <param>}, a configuration): {@code limit_rate} is {@code true}
     * or {@code false}, {@code cutoff_frequency} a number of Hz; a {@code null} or blank value keeps libfranka's
     * default. A bad value is refused with one line naming the parameter and what was expected.
     */
    public static ShapingSettings fromParameters(String limitRate, String cutoffFrequency) {
        boolean limit = LIBFRANKA_DEFAULTS.limitRate;
        if (limitRate != null && !limitRate.isBlank()) {
            String value = limitRate.trim().toLowerCase(Locale.ROOT);
            if (!value.equals("true") && !value.equals("false")) {
                throw new IllegalArgumentException(LIMIT_RATE + ": expected true or false, got '" + limitRate + "'");
            }
            limit = value.equals("true");
        }
        double cutoff = LIBFRANKA_DEFAULTS.cutoffFrequency;
        if (cutoffFrequency != null && !cutoffFrequency.isBlank()) {
            try {
                cutoff = Double.parseDouble(cutoffFrequency.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(CUTOFF_FREQUENCY + ": expected a frequency in Hz above 0 ("
                        + LowPassFilter.MAX_CUTOFF_FREQUENCY + " or more switches the filter off), got '"
                        + cutoffFrequency + "'");
            }
        }
        return new ShapingSettings(limit, cutoff);
    }

    /** Whether the low-pass filter runs ({@code cutoffFrequency < }{@value LowPassFilter#MAX_CUTOFF_FREQUENCY}). */
    public boolean filterEnabled() {
        return cutoffFrequency < LowPassFilter.MAX_CUTOFF_FREQUENCY;
    }

    /** The filter gain at libfranka's sample time {@link FrankaLimits#DELTA_T}. */
    public double filterGain() {
        return LowPassFilter.gain(FrankaLimits.DELTA_T, cutoffFrequency);
    }
}
