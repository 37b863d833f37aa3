package org.robocell.driver.kuka.rsi.protocol;

import java.util.Locale;

/** What the axis channel of a reply ({@code AK.A1}...) means to the robot's RSI program. */
public enum CorrectionMode {
    /**
     * The value is the commanded axis position minus the axis position at RSI start, in degrees: what
     * {@code RSI_ON(#ABSOLUTE)} with an AXISCORR object expects (both public ROS drivers work this way).
     */
    RELATIVE,
    /** The value is the commanded axis position itself, in degrees (an RSI program that feeds AXISCORR absolutely). */
    ABSOLUTE;

    /** {@code relative} or {@code absolute}, any case. */
    public static CorrectionMode parse(String text) {
        for (CorrectionMode m : values()) {
            if (m.name().equalsIgnoreCase(text.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("RSI correction mode must be 'relative' or 'absolute', got "
                + RsiLayout.quoted(text));
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
