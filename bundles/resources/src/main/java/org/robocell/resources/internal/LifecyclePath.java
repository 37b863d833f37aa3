package org.robocell.resources.internal;

import org.robocell.api.cell.HardwareStateResult;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * The way from a component's state to a target state, one lifecycle transition at a time, as ros2_control's
 * {@code ResourceManager::set_component_state} walks it: UNCONFIGURED → ACTIVE is configure then activate, ACTIVE →
 * UNCONFIGURED deactivate then cleanup, anything → FINALIZED (deactivate then) shutdown. FINALIZED is terminal.
 */
final class LifecyclePath {

    private LifecyclePath() {
    }

    /**
     * Takes {@code hw} to {@code target}, stopping at the first step that does not reach its state. Runs the
     * callbacks on the calling thread; the caller has detached the component from the loop.
     */
    static HardwareStateResult walk(ManagedHardware hw, LifecycleState target) {
        LifecycleState start = hw.state();
        if (target == null || target == LifecycleState.UNKNOWN) {
            return new HardwareStateResult(false, start, "'" + target + "' is not a state a component can be set to");
        }
        if (start == LifecycleState.FINALIZED) {
            boolean ok = target == LifecycleState.FINALIZED;
            return new HardwareStateResult(ok, start, ok ? "'" + hw.name() + "' is finalized"
                    : "'" + hw.name() + "' is finalized and can only be destroyed; it cannot go to '" + target + "'");
        }
        LifecycleState s = start;
        int guard = 0;
        while (s != target && guard++ < 4) {
            LifecycleState expected = expectedAfterStep(s, target);
            s = step(hw, s, target);
            if (s != expected) {
                break;
            }
        }
        boolean ok = s == target;
        String message = ok ? (start == s ? "'" + hw.name() + "' is " + s + " already"
                : "'" + hw.name() + "' went from " + start + " to " + s)
                : "'" + hw.name() + "' did not reach '" + target + "', it is " + s
                        + (hw.lastError() == null ? "" : ": " + hw.lastError());
        return new HardwareStateResult(ok, s, message);
    }

    private static LifecycleState expectedAfterStep(LifecycleState s, LifecycleState target) {
        if (target == LifecycleState.FINALIZED) {
            return s == LifecycleState.ACTIVE ? LifecycleState.INACTIVE : LifecycleState.FINALIZED;
        }
        switch (s) {
            case UNCONFIGURED:
                return LifecycleState.INACTIVE;
            case INACTIVE:
                return target == LifecycleState.ACTIVE ? LifecycleState.ACTIVE : LifecycleState.UNCONFIGURED;
            case ACTIVE:
                return LifecycleState.INACTIVE;
            default:
                return s;
        }
    }

    private static LifecycleState step(ManagedHardware hw, LifecycleState s, LifecycleState target) {
        if (target == LifecycleState.FINALIZED) {
            return s == LifecycleState.ACTIVE ? hw.deactivate() : hw.shutdown();
        }
        switch (s) {
            case UNCONFIGURED:
                return hw.configure();
            case INACTIVE:
                return target == LifecycleState.ACTIVE ? hw.activate() : hw.cleanup();
            case ACTIVE:
                return hw.deactivate();
            default:
                return s;
        }
    }
}
