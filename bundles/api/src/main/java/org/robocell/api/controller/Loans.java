package org.robocell.api.controller;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The interfaces a controller holds while it is active, in the order of its interface configuration. Handed over
 * at {@code onActivate}; valid until {@code onDeactivate} returns.
 */
@ProviderType
public interface Loans {

    List<CommandHandle> commands();

    List<StateHandle> states();

    /** A chainable controller's own reference interfaces, in export order; empty for others. */
    List<CommandHandle> references();

    /** A chainable controller's own exported state interfaces, in export order, for it to write. */
    List<CommandHandle> exportedStates();

    default CommandHandle command(String fullName) {
        for (CommandHandle h : commands()) {
            if (h.name().equals(fullName)) {
                return h;
            }
        }
        throw new IllegalArgumentException("no claimed command interface '" + fullName + "'");
    }

    default StateHandle state(String fullName) {
        for (StateHandle h : states()) {
            if (h.name().equals(fullName)) {
                return h;
            }
        }
        throw new IllegalArgumentException("no state interface '" + fullName + "'");
    }
}
