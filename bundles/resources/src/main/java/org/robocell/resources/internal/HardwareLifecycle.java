package org.robocell.resources.internal;

import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareContext;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * The lifecycle transitions of one hardware component, off the loop, exactly ros2_control's table: {@code initialize}
 * UNKNOWN → UNCONFIGURED (FAILURE or ERROR → FINALIZED); {@code configure} UNCONFIGURED → INACTIVE (FAILURE stays,
 * ERROR → error handling); {@code cleanup} INACTIVE → UNCONFIGURED (FAILURE or ERROR → error handling);
 * {@code activate} INACTIVE → ACTIVE (FAILURE stays INACTIVE); {@code deactivate} ACTIVE → INACTIVE (FAILURE stays
 * ACTIVE); {@code shutdown} any state but UNKNOWN/FINALIZED → FINALIZED (FAILURE or ERROR → error handling); error
 * handling ({@code onError}) from any state but UNKNOWN/UNCONFIGURED/FINALIZED: SUCCESS → UNCONFIGURED, otherwise
 * FINALIZED. A call from a state the table does not allow does nothing and answers the current state. FINALIZED is
 * terminal. An exception thrown from a callback counts as ERROR.
 * <p>
 * The state itself, and what it means for the loop, is the {@link ManagedHardware}'s; why a callback failed goes to
 * its {@link FailureRecord}.
 */
final class HardwareLifecycle {

    private final ManagedHardware hw;
    private final HardwareComponent component;
    private final ManagedHardware.Group group;
    private final FailureRecord failure;

    HardwareLifecycle(ManagedHardware hw, HardwareComponent component, ManagedHardware.Group group,
            FailureRecord failure) {
        this.hw = hw;
        this.component = component;
        this.group = group;
        this.failure = failure;
    }

    /** UNKNOWN → UNCONFIGURED via onInit; FAILURE or ERROR → FINALIZED. */
    LifecycleState initialize(HardwareContext context) {
        LifecycleState state = hw.state();
        if (state != LifecycleState.UNKNOWN) {
            return state;
        }
        CallbackReturn r = call(() -> component.onInit(context), "onInit");
        hw.setInitialState(r == CallbackReturn.SUCCESS ? LifecycleState.UNCONFIGURED : LifecycleState.FINALIZED);
        return hw.state();
    }

    LifecycleState configure() {
        LifecycleState state = hw.state();
        if (state != LifecycleState.UNCONFIGURED) {
            return state;
        }
        CallbackReturn r = call(() -> component.onConfigure(state), "onConfigure");
        if (r == CallbackReturn.SUCCESS) {
            resetGroup();
            hw.clearPendingEvent();
            hw.setState(LifecycleState.INACTIVE);
            return hw.state();
        }
        if (r == CallbackReturn.FAILURE) {
            return hw.state();
        }
        return error();
    }

    LifecycleState cleanup() {
        LifecycleState state = hw.state();
        if (state != LifecycleState.INACTIVE) {
            return state;
        }
        CallbackReturn r = call(() -> component.onCleanup(state), "onCleanup");
        if (r == CallbackReturn.SUCCESS) {
            resetGroup();
            hw.setState(LifecycleState.UNCONFIGURED);
            return hw.state();
        }
        return error();
    }

    LifecycleState activate() {
        LifecycleState state = hw.state();
        if (state != LifecycleState.INACTIVE) {
            return state;
        }
        CallbackReturn r = call(() -> component.onActivate(state), "onActivate");
        if (r == CallbackReturn.SUCCESS) {
            hw.activated();
            hw.setState(LifecycleState.ACTIVE);
            return hw.state();
        }
        if (r == CallbackReturn.FAILURE) {
            return hw.state();
        }
        return error();
    }

    LifecycleState deactivate() {
        LifecycleState state = hw.state();
        if (state != LifecycleState.ACTIVE) {
            return state;
        }
        CallbackReturn r = call(() -> component.onDeactivate(state), "onDeactivate");
        if (r == CallbackReturn.SUCCESS) {
            hw.setState(LifecycleState.INACTIVE);
            return hw.state();
        }
        if (r == CallbackReturn.FAILURE) {
            return hw.state();
        }
        return error();
    }

    LifecycleState shutdown() {
        LifecycleState state = hw.state();
        if (state == LifecycleState.UNKNOWN || state == LifecycleState.FINALIZED) {
            return state;
        }
        CallbackReturn r = call(() -> component.onShutdown(state), "onShutdown");
        if (r == CallbackReturn.SUCCESS) {
            resetGroup();
            hw.setState(LifecycleState.FINALIZED);
            return hw.state();
        }
        return error();
    }

    /** Error handling: onError(previous); SUCCESS → UNCONFIGURED, otherwise FINALIZED. */
    LifecycleState error() {
        LifecycleState state = hw.state();
        if (state == LifecycleState.UNKNOWN || state == LifecycleState.UNCONFIGURED
                || state == LifecycleState.FINALIZED) {
            return state;
        }
        CallbackReturn r = call(() -> component.onError(state), "onError");
        hw.setState(r == CallbackReturn.SUCCESS ? LifecycleState.UNCONFIGURED : LifecycleState.FINALIZED);
        return hw.state();
    }

    /** Configuring, cleaning up or shutting down a member of a {@code <group>} clears the failure the group shares. */
    private void resetGroup() {
        if (group != null) {
            group.reset();
        }
    }

    private interface Callback {
        CallbackReturn run();
    }

    private CallbackReturn call(Callback c, String what) {
        try {
            CallbackReturn r = c.run();
            failure.callbackAnswered(what, r);
            return r == null ? CallbackReturn.ERROR : r;
        } catch (RuntimeException | LinkageError e) {
            failure.callbackThrew(what, e);
            return CallbackReturn.ERROR;
        }
    }
}
