package org.robocell.controller.franka.semantic;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.StateHandle;
import org.robocell.controller.testkit.InterfaceTable;

/** The loans a controller manager would hand over for {@code names}: those the table has, in that order. */
record TableLoans(List<StateHandle> states) implements Loans {

    static TableLoans of(InterfaceTable table, List<String> names) {
        List<StateHandle> states = new ArrayList<>();
        for (String n : names) {
            if (table.hasState(n)) {
                states.add(table.state(n));
            }
        }
        return new TableLoans(states);
    }

    /** A table with every one of {@code names} as a state interface, value i + 0.5 for the i-th. */
    static InterfaceTable tableWith(List<String> names) {
        InterfaceTable table = new InterfaceTable(names.size() + 8);
        for (int i = 0; i < names.size(); i++) {
            table.addState(names.get(i), i + 0.5);
        }
        return table;
    }

    @Override
    public List<CommandHandle> commands() {
        return List.of();
    }

    @Override
    public List<CommandHandle> references() {
        return List.of();
    }

    @Override
    public List<CommandHandle> exportedStates() {
        return List.of();
    }
}
