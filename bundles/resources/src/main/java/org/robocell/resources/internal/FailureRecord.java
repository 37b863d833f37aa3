package org.robocell.resources.internal;

import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;

/**
 * Why one hardware component last failed: the typed reason ({@link Fault}) and the line for people. Lifecycle
 * callbacks (off the loop) are worded at once; the loop records only the reason, a flag and the throwable, and the
 * line, with the component's own words when it gives them, is worded off the loop when {@link #lastError()} is asked.
 */
final class FailureRecord {

    private final String name;
    private final HardwareComponent component;
    private final ExecutionBudget readBudget;
    private final ExecutionBudget writeBudget;

    private volatile Throwable lastThrowable;
    private volatile String lastError;
    /** Why it last failed: what the component said, or what the manager saw. */
    private volatile Fault fault = Fault.NONE;
    /** Set by the loop when a real-time call failed, so that the component's own words are fetched off the loop. */
    private volatile boolean realtimeFailure;
    /** Set by the loop when the budget took the component out. */
    private volatile boolean overBudget;

    FailureRecord(String name, HardwareComponent component, ExecutionBudget readBudget, ExecutionBudget writeBudget) {
        this.name = name;
        this.component = component;
        this.readBudget = readBudget;
        this.writeBudget = writeBudget;
    }

    /** Why it last failed; {@link Fault#NONE} when it has not. */
    Fault fault() {
        return fault;
    }

    /** The last error, formatted off the loop: the component's own line when it gives one. */
    String lastError() {
        Throwable t = lastThrowable;
        if (t != null) {
            lastThrowable = null;
            lastError = "'" + name + "' threw " + t;
        } else if (overBudget) {
            overBudget = false;
            realtimeFailure = false;
            ExecutionBudget b = writeBudget.longestNanos() >= readBudget.longestNanos() ? writeBudget : readBudget;
            lastError = "'" + name + "' took longer than its execution budget of " + b.budgetNanos() / 1000 + " µs in "
                    + b.limit() + " " + (b == writeBudget ? "writes" : "reads") + " in a row (longest "
                    + b.longestNanos() / 1000 + " µs)";
        } else if (realtimeFailure) {
            realtimeFailure = false;
            String own = ownError();
            lastError = "'" + name + "' " + (own != null ? own : "answered ERROR in read or write");
        }
        return lastError;
    }

    /**
     * Off the loop: lifecycle callback {@code what} answered {@code r}. A null or unsuccessful answer is worded now;
     * SUCCESS from {@code onConfigure} or {@code onActivate} clears the fault, as the component starts again.
     */
    void callbackAnswered(String what, CallbackReturn r) {
        if (r == null) {
            lastError = "'" + name + "' " + what + " answered null";
            fault = Fault.CALLBACK_ERROR;
        } else if (r != CallbackReturn.SUCCESS) {
            String own = ownError();
            lastError = "'" + name + "' " + what + " answered " + r + (own == null ? "" : ": " + own);
            fault = ownFault(r == CallbackReturn.FAILURE ? Fault.CALLBACK_FAILURE : Fault.CALLBACK_ERROR);
        } else if (what.equals("onConfigure") || what.equals("onActivate")) {
            // a component that starts again has recovered from what went before
            fault = Fault.NONE;
        }
    }

    /** Off the loop: lifecycle callback {@code what} threw. */
    void callbackThrew(String what, Throwable e) {
        lastError = "'" + name + "' " + what + " threw " + e;
        fault = Fault.EXCEPTION;
    }

    /** Real time: another member of its group failed first. */
    void groupMemberFailed() {
        fault = Fault.GROUP_MEMBER_FAILED;
    }

    /** Real time: {@code read} or {@code write} answered ERROR, DEACTIVATE or null. */
    void answeredError() {
        fault = ownFault(Fault.REALTIME_ERROR);
        realtimeFailure = true;
    }

    /** Real time: the execution budget took it out. */
    void overBudget() {
        fault = Fault.BUDGET_OVERRUN;
        overBudget = true;
    }

    /** Real time: {@code read} or {@code write} threw; worded off the loop. */
    void threw(Throwable t) {
        lastThrowable = t;
        fault = Fault.EXCEPTION;
    }

    /** The component's own explanation, or null (a driver that throws here gives none). */
    private String ownError() {
        try {
            String own = component.lastError();
            return own == null || own.isBlank() ? null : own;
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** The component's own fault, or {@code fallback} when it gives none. Real-time safe for a well-behaved driver. */
    private Fault ownFault(Fault fallback) {
        try {
            Fault f = component.fault();
            return f == null || f == Fault.NONE ? fallback : f;
        } catch (Throwable t) {
            return fallback;
        }
    }
}
