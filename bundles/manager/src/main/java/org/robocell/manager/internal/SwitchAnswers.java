package org.robocell.manager.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.cell.Reason;
import org.robocell.api.cell.SwitchResult;

/** Turns what the loop recorded in a {@link Commit} into the requester's {@link SwitchResult}, off the loop. */
final class SwitchAnswers {

    private SwitchAnswers() {
    }

    static SwitchResult of(Commit c) {
        List<String> activated = new ArrayList<>();
        List<String> deactivated = new ArrayList<>();
        for (ManagedController mc : c.activate) {
            boolean restarted = false;
            for (ManagedController x : c.deactivate) {
                restarted |= x == mc;
            }
            if (mc.isActive() && !restarted) {
                activated.add(mc.name);
            }
        }
        for (ManagedController mc : c.deactivate) {
            if (!mc.isActive()) {
                deactivated.add(mc.name);
            }
        }
        if (c.forced) {
            return new SwitchResult(true, "Deactivated " + deactivated + " at cycle " + c.cycle, activated, deactivated,
                    c.cycle, Reason.NONE);
        }
        switch (c.outcome) {
            case Commit.OK:
                return new SwitchResult(true, "Successfully switched controllers!" + c.notes, activated, deactivated,
                        c.cycle, c.notes.isEmpty() ? Reason.NONE : Reason.PARTIAL);
            case Commit.STALE:
                return new SwitchResult(false, "Failed switching controllers: the controllers changed state before the"
                        + " loop committed the switch; nothing was switched", List.of(), List.of(), -1, Reason.STALE);
            case Commit.MODE_SWITCH_FAILED:
                return new SwitchResult(false, "Could not switch controllers since perform command mode switch of '"
                        + c.modeSwitch.componentName(c.modeFailedIndex) + "' failed; nothing was switched", List.of(),
                        List.of(), -1, Reason.HARDWARE_REFUSED);
            case Commit.ROLLED_BACK:
                return new SwitchResult(false, "Failed switching controllers.... Unable to activate controllers: "
                        + failures(c) + "; the switch was rolled back, every controller is as it was before the request",
                        List.of(), List.of(), c.cycle, Reason.ROLLED_BACK);
            default:
                return new SwitchResult(false, "Failed switching controllers.... Unable to activate controllers: "
                        + failures(c) + "; activated " + activated + ", deactivated " + deactivated + c.notes, activated,
                        deactivated, c.cycle, Reason.PARTIAL);
        }
    }

    private static String failures(Commit c) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < c.activate.length; i++) {
            ManagedController mc = c.activate[i];
            String why = switch (c.activationCode[i]) {
                case Commit.ACT_OK, Commit.ACT_NOT_TRIED -> null;
                case Commit.ACT_CONFLICT -> "Resource conflict for controller '" + mc.name + "'. Command interface '"
                        + c.conflictInterface[i] + "' is already claimed.";
                case Commit.ACT_FAILURE -> "onActivate answered FAILURE" + ControllerCalls.reason(mc);
                case Commit.ACT_ERROR -> "onActivate answered ERROR" + ControllerCalls.reason(mc);
                case Commit.ACT_THREW -> "onActivate " + mc.lastError();
                case Commit.ACT_CHAINED_MODE_REFUSED -> "it refused chained mode " + c.chainedAfter[i];
                default -> "it was not inactive";
            };
            if (why != null) {
                out.add(mc.name + " (" + why + ")");
            }
        }
        return out.toString();
    }
}
