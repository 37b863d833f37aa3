package org.robocell.cell.internal;

import java.util.List;
import java.util.Set;

import org.robocell.api.text.Suggestions;

/**
 * Hardware plugin names as upstream URDFs write them. pluginlib finds a plugin by its lookup name
 * ({@code mock_components/GenericSystem}) or by its C++ class ({@code mock_components::GenericSystem}); RoboCell's
 * drivers register lookup names, so a class name is read with {@code /} for {@code ::}, and, failing that, by its
 * class part when exactly one installed plugin has that class.
 */
final class PluginNames {

    private PluginNames() {
    }

    /** The installed plugin name that {@code written} means, or null when none does. */
    static String resolve(String written, Set<String> installed) {
        if (written == null) {
            return null;
        }
        String name = written.trim();
        if (installed.contains(name)) {
            return name;
        }
        String slashed = name.replace("::", "/");
        if (installed.contains(slashed)) {
            return slashed;
        }
        String cls = classPart(slashed);
        List<String> sameClass = installed.stream().filter(p -> classPart(p).equals(cls)).toList();
        return sameClass.size() == 1 ? sameClass.get(0) : null;
    }

    /**
     * "hardware plugin 'x' is not installed (did you mean 'y'?); installed: a, b" — one line for a component whose
     * plugin no driver serves.
     */
    static String notInstalled(String written, Set<String> installed) {
        String hint = Suggestions.didYouMean(written.replace("::", "/"), installed);
        return "hardware plugin '" + written + "' is not installed" + hint + "; installed: "
                + (installed.isEmpty() ? "none" : Suggestions.list(installed));
    }

    private static String classPart(String name) {
        int slash = name.lastIndexOf('/');
        return slash < 0 ? name : name.substring(slash + 1);
    }
}
