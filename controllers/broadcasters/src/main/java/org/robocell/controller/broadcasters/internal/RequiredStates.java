package org.robocell.controller.broadcasters.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.controller.Loans;
import org.robocell.api.controller.StateHandle;

/**
 * The state interfaces a broadcaster cannot work without, found among its loans at activation: all of them, or the
 * names of those missing (a semantic component in ros2_control refuses to activate with any of its interfaces
 * missing, and so do these broadcasters).
 */
final class RequiredStates {

    private RequiredStates() {
    }

    /**
     * Fills {@code into} with the loan of each of {@code names}, in that order.
     *
     * @return the names without a loan, empty when all were found
     */
    static List<String> find(Loans loans, List<String> names, StateHandle[] into) {
        List<String> missing = new ArrayList<>();
        List<StateHandle> states = loans.states();
        for (int i = 0; i < names.size(); i++) {
            into[i] = null;
            for (StateHandle h : states) {
                if (h.name().equals(names.get(i))) {
                    into[i] = h;
                    break;
                }
            }
            if (into[i] == null) {
                missing.add(names.get(i));
            }
        }
        return missing;
    }

    /** One line for a refused activation: "state interfaces missing: a, b (needs a, b, c)". */
    static String describe(List<String> missing, List<String> needed) {
        return "state interface" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing)
                + (missing.size() == 1 ? " does" : " do") + " not exist (needs " + String.join(", ", needed) + ")";
    }
}
