package org.robocell.api.cell;

/**
 * How a switch request treats controllers that cannot be switched (ros2_control's {@code strictness}).
 * <ul>
 * <li>STRICT: any controller that cannot be switched fails the whole request and nothing changes. A STRICT request
 * that fails while the loop commits it is rolled back completely.</li>
 * <li>BEST_EFFORT: controllers that cannot be switched are dropped from the request and the rest is switched.
 * Interface conflicts fail the request in both modes.</li>
 * </ul>
 */
public enum Strictness {
    STRICT,
    BEST_EFFORT;

    /** {@code strict} / {@code best_effort} / {@code best-effort} (any case), or null. */
    public static Strictness fromLabel(String label) {
        if (label == null) {
            return null;
        }
        String l = label.trim().toLowerCase(java.util.Locale.ROOT).replace('-', '_');
        return switch (l) {
            case "strict" -> STRICT;
            case "best_effort", "besteffort" -> BEST_EFFORT;
            default -> null;
        };
    }
}
