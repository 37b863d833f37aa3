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
    ABSOLUTE,
    /**
     * The value is this cycle's increment: the commanded axis position minus the one commanded in the cycle before,
     * in degrees, which the controller adds up: what {@code RSI_ON(#RELATIVE)} expects.
     *
     * @since 1.2
     */
    INCREMENTAL;

    /** {@code relative}, {@code absolute} or {@code incremental}, any case. */
    public static CorrectionMode parse(String text) {
        for (CorrectionMode m : values()) {
            if (m.name().equalsIgnoreCase(text.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("RSI correction mode must be 'relative', 'absolute' or 'incremental', got "
                + RsiLayout.quoted(text));
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
