package org.robocell.controller.common;

import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerContext;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;

/**
 * What every controller does with its context and its failures, once: it keeps the context it was initialized
 * with, and a failed callback says why — a line for people ({@link #lastError()}, prefixed with the controller's
 * name) and a type for the cell ({@link #fault()}).
 * <p>
 * A subclass that overrides {@link #onInit} calls {@code super.onInit(context)} first.
 *
 * @since 1.2
 */
public abstract class ControllerBase implements Controller {

    private ControllerContext context;
    private volatile String lastError;
    private volatile Fault fault = Fault.NONE;

    @Override
    public CallbackReturn onInit(ControllerContext context) {
        this.context = context;
        return CallbackReturn.SUCCESS;
    }

    /** The context {@link #onInit} got. */
    protected final ControllerContext context() {
        return context;
    }

    /** A wrong parameter or setup: FAILURE, with {@code message} as the reason and {@link Fault#CONFIGURATION}. */
    protected final CallbackReturn fail(String message) {
        return fail(Fault.CONFIGURATION, message);
    }

    /** FAILURE, with {@code message} as the reason and {@code why} as its type. */
    protected final CallbackReturn fail(Fault why, String message) {
        lastError = (context == null ? "" : context.name() + ": ") + message;
        fault = why;
        return CallbackReturn.FAILURE;
    }

    /** A callback that succeeds clears what an earlier one reported. */
    protected final void clearError() {
        lastError = null;
        fault = Fault.NONE;
    }

    @Override
    public String lastError() {
        return lastError;
    }

    @Override
    public Fault fault() {
        return fault;
    }
}
