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

    /** The loan of a command interface by full name; an index loop, so that activation allocates nothing. */
    default CommandHandle command(String fullName) {
        List<CommandHandle> commands = commands();
        for (int i = 0; i < commands.size(); i++) {
            CommandHandle h = commands.get(i);
            if (h.name().equals(fullName)) {
                return h;
            }
        }
        throw new IllegalArgumentException("no claimed command interface '" + fullName + "'");
    }

    /** The loan of a state interface by full name; an index loop, so that activation allocates nothing. */
    default StateHandle state(String fullName) {
        List<StateHandle> states = states();
        for (int i = 0; i < states.size(); i++) {
            StateHandle h = states.get(i);
            if (h.name().equals(fullName)) {
                return h;
            }
        }
        throw new IllegalArgumentException("no state interface '" + fullName + "'");
    }
}
