package org.robocell.console.internal;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.apache.felix.service.command.CommandSession;
import org.jline.builtins.Completers;
import org.jline.builtins.Completers.CompletionData;
import org.jline.builtins.Completers.CompletionEnvironment;
import org.jline.reader.Candidate;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Completes a command's arguments from the profile's {@code complete} definitions, each in its place: after an option
 * that takes a value, that option's values only (JLine's own completer adds every other definition's values too:
 * {@code controller:switch -a} offered {@code strict} and {@code best-effort}); an option's name where a word starts
 * with {@code -}; otherwise the positional definitions. A positional definition's function finds which argument is
 * completed in the session variable {@value #ARGUMENT} (1 for the first), so that one function can offer names for
 * the first argument and states for the second.
 */
final class ArgumentCompleter extends Completers.Completer {

    /** Session variable: the 1-based position of the argument being completed, options and their values left out. */
    static final String ARGUMENT = "robocell.completion.argument";

    /** Session variable: the robot the line names with {@code -r}/{@code --robot}, so names are offered for it alone. */
    static final String ROBOT = "robocell.completion.robot";

    /** What an option of this long name takes, whichever command it is on. */
    private static final Map<String, String> OPTION_VALUES = Map.of("--robot", "robocell:robotnames");

    private final CompletionEnvironment environment;
    private final CommandSession session;
    /** The options of the command being completed that take a value (the word after them is not an argument). */
    private final java.util.Set<String> takingValues = new java.util.HashSet<>();

    ArgumentCompleter(CompletionEnvironment environment, CommandSession session) {
        super(environment);
        this.environment = environment;
        this.session = session;
    }

    /** Every command, also one without definitions in the profile: its options come from its own code. */
    @Override
    protected void tryCompleteArguments(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        String resolved = environment.resolveCommand(line.words().get(0));
        Map<String, List<CompletionData>> all = environment.getCompletions();
        List<CompletionData> defined = all == null ? null : all.get(resolved);
        List<CompletionData> completions = new ArrayList<>(defined == null ? List.of() : defined);
        CommandCatalog.Command command = resolved == null ? null : catalog().get(resolved);
        takingValues.clear();
        if (command != null) {
            for (CommandCatalog.Option o : command.options()) {
                if (!o.flag()) {
                    takingValues.addAll(o.names());
                }
                if (completions.stream().noneMatch(c -> c.options != null && c.options.containsAll(o.names()))) {
                    String values = o.flag() ? null : OPTION_VALUES.get(o.longName());
                    completions.add(new CompletionData(o.names(), o.description(), values, null));
                }
            }
        }
        completeCommandArguments(reader, line, candidates, completions);
    }

    private Map<String, CommandCatalog.Command> catalog() {
        return CommandCatalog.of(session);
    }

    @Override
    protected void completeCommandArguments(LineReader reader, ParsedLine line, List<Candidate> candidates,
            List<CompletionData> completions) {
        String word = line.word();
        if (word.startsWith("-")) {
            for (CompletionData c : completions) {
                if (c.options != null) {
                    for (String option : c.options) {
                        candidates.add(new Candidate(option, option, "options", c.description, null, null, true));
                    }
                }
            }
            return;
        }
        String previous = line.wordIndex() >= 2 ? line.words().get(line.wordIndex() - 1) : null;
        CompletionData valueOf = previous == null || !previous.startsWith("-") ? null : optionWithValue(completions, previous);
        session.put(ARGUMENT, valueOf != null ? 1 : position(line, completions));
        session.put(ROBOT, robot(line));
        try {
            if (valueOf != null) {
                add(reader, line, valueOf, candidates);
                return;
            }
            for (CompletionData c : completions) {
                if (c.options == null && c.argument != null) {
                    add(reader, line, c, candidates);
                }
            }
        } finally {
            session.put(ARGUMENT, null);
            session.put(ROBOT, null);
        }
    }

    /** The value of the line's {@code -r} or {@code --robot} option, or null. */
    private static String robot(ParsedLine line) {
        List<String> words = line.words();
        for (int i = 1; i + 1 < words.size(); i++) {
            if (i + 1 != line.wordIndex() && ("-r".equals(words.get(i)) || "--robot".equals(words.get(i)))) {
                return words.get(i + 1);
            }
        }
        return null;
    }

    /** The definition of {@code option} when it takes a value, or null. */
    private static CompletionData optionWithValue(List<CompletionData> completions, String option) {
        for (CompletionData c : completions) {
            if (c.options != null && c.options.contains(option) && c.argument != null) {
                return c;
            }
        }
        return null;
    }

    /** Which positional argument the word under the cursor is: words before it, less options and their values. */
    private int position(ParsedLine line, List<CompletionData> completions) {
        int position = 0;
        List<String> words = line.words();
        for (int i = 1; i < line.wordIndex(); i++) {
            String w = words.get(i);
            if (w.startsWith("-")) {
                if (takingValues.contains(w) || optionWithValue(completions, w) != null) {
                    i++; // its value
                }
            } else {
                position++;
            }
        }
        return position + 1;
    }

    private void add(LineReader reader, ParsedLine line, CompletionData c, List<Candidate> candidates) {
        Object values;
        try {
            values = environment.evaluate(reader, line, c.argument);
        } catch (Exception e) {
            return; // a completion function that fails offers nothing
        }
        if (values instanceof Collection<?> collection) {
            collection.forEach(v -> add(v, c, candidates));
        } else if (values != null && values.getClass().isArray()) {
            for (int i = 0; i < Array.getLength(values); i++) {
                add(Array.get(values, i), c, candidates);
            }
        } else if (values != null) {
            add(values, c, candidates);
        }
    }

    private static void add(Object value, CompletionData c, List<Candidate> candidates) {
        if (value instanceof Candidate candidate) {
            candidates.add(candidate);
        } else if (value != null && !value.toString().isEmpty()) {
            candidates.add(new Candidate(value.toString(), value.toString(), null, null, null, null, true));
        }
    }
}
