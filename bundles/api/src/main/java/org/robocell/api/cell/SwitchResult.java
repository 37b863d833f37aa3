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
 */
public record SwitchResult(boolean ok, String message, List<String> activated, List<String> deactivated, long cycle) {

    public SwitchResult {
        message = message == null ? "" : message;
        activated = List.copyOf(activated);
        deactivated = List.copyOf(deactivated);
    }

    public static SwitchResult failed(String message) {
        return new SwitchResult(false, message, List.of(), List.of(), -1);
    }
}
