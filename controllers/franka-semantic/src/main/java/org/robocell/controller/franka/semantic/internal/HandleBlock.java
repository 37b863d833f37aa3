package org.robocell.controller.franka.semantic.internal;

import java.util.List;

import org.robocell.api.controller.Loans;
import org.robocell.api.controller.StateHandle;
import org.robocell.controller.franka.semantic.MissingStateInterfaceException;

/**
 * A fixed list of state interface names and, once bound, their handles, read by offset into arrays the caller owns.
 * Binding scans the loans from where the previous name was found, so names loaned in the order they were asked for
 * (the controller manager keeps that order) bind in one pass, without allocating.
 */
public final class HandleBlock {

    private final String[] names;
    private final StateHandle[] handles;
    private boolean bound;

    public HandleBlock(List<String> names) {
        this.names = names.toArray(new String[0]);
        this.handles = new StateHandle[this.names.length];
    }

    public int size() {
        return names.length;
    }

    public boolean bound() {
        return bound;
    }

    /** Binds every name or none. */
    public void bind(Loans loans) {
        List<StateHandle> states = loans.states();
        int n = states.size();
        int cursor = 0;
        for (int i = 0; i < names.length; i++) {
            int found = -1;
            for (int k = 0; k < n && found < 0; k++) {
                int at = (cursor + k) % n;
                if (states.get(at).name().equals(names[i])) {
                    found = at;
                }
            }
            if (found < 0) {
                java.util.Arrays.fill(handles, null);
                bound = false;
                throw new MissingStateInterfaceException(names[i]);
            }
            handles[i] = states.get(found);
            cursor = found + 1;
        }
        bound = true;
    }

    public void release() {
        java.util.Arrays.fill(handles, null);
        bound = false;
    }

    /** Copies {@code count} values from {@code offset} into {@code out[0..count)}; whether all were finite. */
    public boolean read(int offset, int count, double[] out) {
        if (!bound) {
            throw new IllegalStateException("not bound: call bind(loans) at activation first");
        }
        if (out.length < count) {
            throw new IllegalArgumentException("the output array holds " + out.length + " values, " + count
                    + " needed");
        }
        boolean finite = true;
        for (int i = 0; i < count; i++) {
            double v = handles[offset + i].get();
            out[i] = v;
            finite &= Double.isFinite(v);
        }
        return finite;
    }

    /** The value at {@code offset}. */
    public double value(int offset) {
        if (!bound) {
            throw new IllegalStateException("not bound: call bind(loans) at activation first");
        }
        return handles[offset].get();
    }
}
