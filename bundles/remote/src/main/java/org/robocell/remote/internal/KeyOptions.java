package org.robocell.remote.internal;

import java.util.Locale;

/**
 * The options in front of a key in authorized_keys (sshd(8), AUTHORIZED_KEYS FILE FORMAT), as far as RoboCell
 * implements them: {@code from="pattern-list"} (where the key may be used from), {@code command="..."} (the one
 * RoboCell command the key runs, whatever the client asks), {@code no-pty} / {@code pty} and {@code restrict}.
 * Options that only take away what RoboCell never gives ({@code no-port-forwarding}, {@code no-agent-forwarding},
 * {@code no-X11-forwarding}, {@code no-user-rc}, {@code permitopen}, {@code permitlisten}) are accepted. Any other
 * option makes the key unusable: an option the server does not honour must not be taken as granted.
 *
 * @param from where the key may log in from; null: anywhere
 * @param command the forced command; null: the client chooses
 * @param noPty whether terminal requests are refused
 */
record KeyOptions(AddressPatterns from, String command, boolean noPty) {

    static final KeyOptions NONE = new KeyOptions(null, null, false);

    /** Why an option list cannot be used. */
    enum Problem {
        /** An option RoboCell does not implement, or one that grants what it never gives. */
        UNSUPPORTED,
        /** Not an option list: bad quoting, a missing or unexpected value, a repeated option, a bad pattern. */
        MALFORMED
    }

    /** The option list cannot be used: the message names the option. */
    static final class Invalid extends Exception {
        private static final long serialVersionUID = 1L;
        final Problem problem;

        Invalid(Problem problem, String message) {
            super(message);
            this.problem = problem;
        }
    }

    /** Options accepted because they only take away what RoboCell never offers. */
    private static final java.util.Set<String> HARMLESS = java.util.Set.of("no-port-forwarding", "no-agent-forwarding",
            "no-x11-forwarding", "no-user-rc");
    private static final java.util.Set<String> HARMLESS_WITH_VALUE = java.util.Set.of("permitopen", "permitlisten");

    /** Parses the options text: everything in front of the key type, without the whitespace that ends it. */
    static KeyOptions parse(String text) throws Invalid {
        AddressPatterns from = null;
        String command = null;
        boolean noPty = false;
        int i = 0;
        while (true) {
            int nameStart = i;
            while (i < text.length() && text.charAt(i) != '=' && text.charAt(i) != ',') {
                i++;
            }
            String name = text.substring(nameStart, i).toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                throw new Invalid(Problem.MALFORMED, "an option name is missing (two commas, or a leading '=')");
            }
            if (!name.matches("[a-z0-9-]+")) {
                throw new Invalid(Problem.MALFORMED, "'" + name + "' is not an option name (options are separated by commas)");
            }
            String value = null;
            if (i < text.length() && text.charAt(i) == '=') {
                i++;
                if (i >= text.length() || text.charAt(i) != '"') {
                    throw new Invalid(Problem.MALFORMED, "the value of " + name + "= must be in double quotes");
                }
                StringBuilder v = new StringBuilder();
                i++;
                while (i < text.length() && text.charAt(i) != '"') {
                    if (text.charAt(i) == '\\' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        i++;
                    }
                    v.append(text.charAt(i++));
                }
                if (i >= text.length()) {
                    throw new Invalid(Problem.MALFORMED, "the value of " + name + "= has no closing quote");
                }
                i++;
                value = v.toString();
            }
            switch (name) {
                case "from" -> {
                    requireValue(name, value);
                    if (from != null) {
                        throw new Invalid(Problem.MALFORMED, "from= is given twice");
                    }
                    try {
                        from = AddressPatterns.parse(value);
                    } catch (IllegalArgumentException e) {
                        throw new Invalid(Problem.MALFORMED, "from=\"" + value + "\": " + e.getMessage());
                    }
                }
                case "command" -> {
                    requireValue(name, value);
                    if (command != null) {
                        throw new Invalid(Problem.MALFORMED, "command= is given twice");
                    }
                    if (value.isBlank()) {
                        throw new Invalid(Problem.MALFORMED, "command= is empty");
                    }
                    command = value;
                }
                case "restrict", "no-pty" -> {
                    requireNoValue(name, value);
                    noPty = true;
                }
                case "pty" -> {
                    requireNoValue(name, value);
                    noPty = false;
                }
                default -> {
                    if (HARMLESS.contains(name)) {
                        requireNoValue(name, value);
                    } else if (HARMLESS_WITH_VALUE.contains(name)) {
                        requireValue(name, value);
                    } else {
                        throw new Invalid(Problem.UNSUPPORTED, "option '" + name + "' is not supported"
                                + (name.endsWith("forwarding") ? " (RoboCell never forwards)" : "")
                                + "; RoboCell implements from=, command=, no-pty, pty, restrict and accepts the no-*"
                                + " forwarding options");
                    }
                }
            }
            if (i == text.length()) {
                return new KeyOptions(from, command, noPty);
            }
            if (text.charAt(i) != ',') {
                throw new Invalid(Problem.MALFORMED, "expected ',' after " + name + " but found '" + text.charAt(i) + "'");
            }
            i++;
        }
    }

    private static void requireValue(String name, String value) throws Invalid {
        if (value == null) {
            throw new Invalid(Problem.MALFORMED, name + " needs a value: " + name + "=\"...\"");
        }
    }

    private static void requireNoValue(String name, String value) throws Invalid {
        if (value != null) {
            throw new Invalid(Problem.MALFORMED, name + " takes no value");
        }
    }
}
