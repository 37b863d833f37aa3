package org.robocell.manager.internal;

import java.util.function.Supplier;

import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;

/**
 * Calls a controller's lifecycle callbacks off the loop the way the manager must: a null answer or a throwable is
 * ERROR, and what went wrong is kept on the controller (typed fault and the line to show).
 */
final class ControllerCalls {

    private ControllerCalls() {
    }

    static CallbackReturn call(Supplier<CallbackReturn> callback, ManagedController mc) {
        try {
            CallbackReturn r = callback.get();
            if (r == null) {
                mc.recordFault(Fault.CALLBACK_ERROR, "a callback answered null");
                return CallbackReturn.ERROR;
            }
            if (r != CallbackReturn.SUCCESS) {
                mc.recordFault(ownFault(mc, r == CallbackReturn.FAILURE ? Fault.CALLBACK_FAILURE : Fault.CALLBACK_ERROR),
                        null);
            }
            return r;
        } catch (RuntimeException | LinkageError e) {
            mc.recordFault(Fault.EXCEPTION, "threw " + e);
            return CallbackReturn.ERROR;
        }
    }

    /** The controller's own fault, or {@code fallback} when it names none. */
    static Fault ownFault(ManagedController mc, Fault fallback) {
        try {
            Fault f = mc.controller.fault();
            return f == null || f == Fault.NONE ? fallback : f;
        } catch (RuntimeException | LinkageError e) {
            return fallback;
        }
    }

    /** ": why" from the controller's own {@code lastError()} or what the manager recorded; empty when neither. */
    static String reason(ManagedController mc) {
        String r;
        try {
            r = mc.controller.lastError();
        } catch (RuntimeException | LinkageError e) {
            r = null;
        }
        if (r == null) {
            r = mc.lastError;
        }
        return r == null ? "" : ": " + r;
    }

    /** The reason without the leading ": ", or null. */
    static String reasonOrNull(ManagedController mc) {
        String r = reason(mc);
        return r.isEmpty() ? null : r.substring(2);
    }
}
