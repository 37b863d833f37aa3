package org.robocell.console.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.robocell.console.Example;

/**
 * {@code help}: RoboCell's commands by scope, one line each; {@code help COMMAND}: how to call it, its options with
 * their meaning and default, and an example; {@code help --all}: every command of the shell (Felix's and Gogo's
 * too). The text is the commands' own ({@link CommandCatalog}). Ranked above Felix's {@code help}.
 */
public final class HelpCommand {

    static final String[] FUNCTIONS = { "help" };

    @Descriptor("RoboCell's commands by scope, one line each; help COMMAND explains one")
    @Example("help controller:switch")
    public String help(CommandSession session,
            @Descriptor("every command of the shell, Felix's and Gogo's included") @Parameter(names = { "-a", "--all" }, absentValue = "false", presentValue = "true") boolean all)
            throws Exception {
        if (all) {
            Object everything = session.execute("felix:help");
            return everything == null ? "" : session.format(everything, org.apache.felix.service.command.Converter.INSPECT).toString();
        }
        return overview(CommandCatalog.of(session));
    }

    @Descriptor("how to call one command: usage, options with their meaning and default, an example")
    @Example("help trajectory:move")
    public String help(CommandSession session,
            @Descriptor("every command of the shell, Felix's and Gogo's included") @Parameter(names = { "-a", "--all" }, absentValue = "false", presentValue = "true") boolean all,
            @Descriptor("command, with or without its scope: controller:switch or switch") String command) {
        return explain(CommandCatalog.of(session), command);
    }

    static String overview(Map<String, CommandCatalog.Command> catalog) {
        Map<String, List<CommandCatalog.Command>> byScope = new TreeMap<>();
        int width = 0;
        for (CommandCatalog.Command c : catalog.values()) {
            if (c.robocell()) {
                byScope.computeIfAbsent(c.scope(), s -> new ArrayList<>()).add(c);
                width = Math.max(width, c.function().length());
            }
        }
        StringBuilder sb = new StringBuilder("RoboCell's commands (help COMMAND explains one; help --all lists the shell's"
                + " own too):");
        for (Map.Entry<String, List<CommandCatalog.Command>> scope : byScope.entrySet()) {
            sb.append('\n').append(scope.getKey()).append(':');
            for (CommandCatalog.Command c : scope.getValue()) {
                sb.append(String.format(Locale.ROOT, "%n  %-" + width + "s  %s", c.function(), oneLine(c.summary())));
            }
        }
        return sb.toString();
    }

    static String explain(Map<String, CommandCatalog.Command> catalog, String name) {
        CommandCatalog.Command c = find(catalog, name);
        StringBuilder sb = new StringBuilder(c.name()).append(" - ").append(c.summary());
        for (CommandCatalog.Signature s : c.signatures()) {
            sb.append("\nusage: ").append(c.name());
            for (CommandCatalog.Option o : s.options()) {
                sb.append(" [").append(o.names().get(0)).append(o.flag() ? "" : " " + placeholder(o)).append(']');
            }
            for (CommandCatalog.Argument a : s.arguments()) {
                sb.append(" <").append(a.description().isEmpty() ? "argument" : firstClause(a.description())).append('>')
                        .append(a.repeated() ? "..." : "");
            }
            if (c.signatures().size() > 1 && !s.description().equals(c.summary())) {
                sb.append("\n       ").append(s.description());
            }
        }
        List<CommandCatalog.Option> options = c.options();
        if (!options.isEmpty()) {
            sb.append("\noptions:");
            int width = options.stream().mapToInt(o -> optionNames(o).length()).max().orElse(0);
            for (CommandCatalog.Option o : options) {
                sb.append(String.format(Locale.ROOT, "%n  %-" + width + "s  %s", optionNames(o),
                        o.description().isEmpty() ? "-" : o.description()));
                if (!o.flag() && !o.absent().isEmpty() && !o.description().contains("default")) {
                    sb.append(" (default: ").append(o.absent()).append(')');
                }
            }
        }
        List<String> examples = c.signatures().stream().map(CommandCatalog.Signature::example)
                .filter(e -> e != null && !e.isEmpty()).distinct().toList();
        if (!examples.isEmpty()) {
            sb.append("\nexample").append(examples.size() > 1 ? "s:" : ":");
            examples.forEach(e -> sb.append("\n  ").append(e));
        }
        return sb.toString();
    }

    private static CommandCatalog.Command find(Map<String, CommandCatalog.Command> catalog, String name) {
        CommandCatalog.Command exact = catalog.get(name);
        if (exact != null) {
            return exact;
        }
        List<CommandCatalog.Command> matches = catalog.values().stream()
                .filter(c -> c.function().equals(name)).toList();
        List<CommandCatalog.Command> ours = matches.stream().filter(CommandCatalog.Command::robocell).toList();
        if (ours.size() == 1 || matches.size() == 1) {
            return ours.size() == 1 ? ours.get(0) : matches.get(0);
        }
        if (matches.size() > 1) {
            throw new CommandError("'" + name + "' is a command of several scopes: " + String.join(", ",
                    (ours.isEmpty() ? matches : ours).stream().map(CommandCatalog.Command::name).toList())
                    + "; give one of them");
        }
        throw new CommandError("no command '" + name + "'; help lists RoboCell's commands, help --all every command");
    }

    private static String optionNames(CommandCatalog.Option o) {
        return String.join(", ", o.names()) + (o.flag() ? "" : " " + placeholder(o));
    }

    /** {@code --robot} → {@code ROBOT}. */
    private static String placeholder(CommandCatalog.Option o) {
        return o.longName().replaceFirst("^-+", "").replace('-', '_').toUpperCase(Locale.ROOT);
    }

    /** A description up to its first ": " or "; " (what follows explains it: help COMMAND shows all). */
    static String oneLine(String description) {
        int depth = 0;
        for (int i = 0; i + 1 < description.length(); i++) {
            char c = description.charAt(i);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (depth == 0 && (c == ':' || c == ';') && description.charAt(i + 1) == ' ' && i > 0) {
                return description.substring(0, i);
            }
        }
        return description;
    }

    /** "controller name, e.g. x" → "controller name". */
    private static String firstClause(String description) {
        int cut = description.length();
        for (String stop : new String[] { ",", " (", ";" }) {
            int i = description.indexOf(stop);
            if (i > 0) {
                cut = Math.min(cut, i);
            }
        }
        return description.substring(0, cut);
    }
}
