package org.robocell.description.internal.xacro;

import java.util.Set;
import java.util.regex.Pattern;

/** Names xacro accepts for properties, macros and their parameters: Python identifiers that are not keywords. */
final class XacroNames {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Set<String> KEYWORDS = Set.of("False", "None", "True", "and", "as", "assert", "async",
            "await", "break", "class", "continue", "def", "del", "elif", "else", "except", "finally", "for", "from",
            "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try",
            "while", "with", "yield");

    private XacroNames() {
    }

    static boolean isIdentifier(String name) {
        return name != null && name.length() <= 256 && IDENTIFIER.matcher(name).matches() && !KEYWORDS.contains(name)
                && !name.startsWith("__");
    }
}
