package org.robocell.driver.franka.control;

/**
 * libfranka's first-order low-pass filter ({@code src/lowpass_filter.cpp}): {@code y = gain · y + (1 − gain) ·
 * y_last}, {@code gain = Ts / (Ts + 1 / (2π fc))}. At {@value #MAX_CUTOFF_FREQUENCY} Hz or more the control loop
 * does not filter at all. Pure functions, no allocation.
 */
public final class LowPassFilter {

    /** At this cutoff frequency or above the filter is off ({@code kMaxCutoffFrequency}), Hz. */
    public static final double MAX_CUTOFF_FREQUENCY = 1000.0;
    /** libfranka's default cutoff frequency ({@code kDefaultCutoffFrequency}), Hz. */
    public static final double DEFAULT_CUTOFF_FREQUENCY = 100.0;

    private LowPassFilter() {
    }

    /** The filter gain for sample time {@code sampleTime} (s) and {@code cutoffFrequency} (Hz). */
    public static double gain(double sampleTime, double cutoffFrequency) {
        return sampleTime / (sampleTime + (1.0 / (2.0 * Math.PI * cutoffFrequency)));
    }

    /** One filtered sample: {@code gain · y + (1 − gain) · yLast}. */
    public static double filter(double gain, double y, double yLast) {
        return gain * y + (1 - gain) * yLast;
    }
}
