package org.robocell.api.cell;

import java.util.List;

/**
 * The answer to a switch request, given once the loop has committed it (or once it failed before or during the
 * commit, or timed out).
 *
 * @param ok          true when every requested change that was kept took effect
 * @param message     one line for users (ros2_control's texts where it has one)
 * @param activated   controllers that became ACTIVE through this request
 * @param deactivated controllers that became INACTIVE through this request
 * @param cycle       the loop cycle at whose start the switch was committed; -1 when nothing was committed
 * @param reason      why it failed, or what BEST_EFFORT dropped ({@link Reason#PARTIAL}); {@link Reason#NONE} when it
 *                    did all that was asked (since 1.4)
 */
public record SwitchResult(boolean ok, String message, List<String> activated, List<String> deactivated, long cycle,
        Reason reason) {

    public SwitchResult {
        message = message == null ? "" : message;
        activated = List.copyOf(activated);
        deactivated = List.copyOf(deactivated);
        reason = reason == null ? (ok ? Reason.NONE : Reason.UNSPECIFIED) : reason;
    }

    /** An answer without a typed reason: {@link Reason#NONE} when ok, {@link Reason#UNSPECIFIED} otherwise. */
    public SwitchResult(boolean ok, String message, List<String> activated, List<String> deactivated, long cycle) {
        this(ok, message, activated, deactivated, cycle, null);
    }

    public static SwitchResult failed(String message) {
        return new SwitchResult(false, message, List.of(), List.of(), -1, Reason.UNSPECIFIED);
    }

    /** @since 1.4 */
    public static SwitchResult failed(Reason reason, String message) {
        return new SwitchResult(false, message, List.of(), List.of(), -1, reason);
    }
}
