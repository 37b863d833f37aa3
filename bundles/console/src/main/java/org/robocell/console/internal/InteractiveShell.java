package org.robocell.console.internal;

import java.net.URL;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.felix.gogo.jline.Expander;
import org.apache.felix.gogo.jline.Highlighter;
import org.apache.felix.gogo.jline.Parser;
import org.apache.felix.gogo.jline.Shell;
import org.apache.felix.gogo.runtime.CommandSessionImpl;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Function;
import org.jline.builtins.Completers.CompletionData;
import org.jline.builtins.Completers.CompletionEnvironment;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.ParsedLine;
import org.jline.terminal.Terminal;

/**
 * RoboCell's interactive shell on a terminal, the local console's and each remote session's: Gogo's line editing,
 * completion and highlighting, RoboCell's profile ({@code gosh_profile}: prompt, completions, banner), and the
 * {@link ReadEvalPrint} loop. On the local console, log lines go above the prompt ({@link PromptLogHandler}).
 */
final class InteractiveShell {

    private final Shell shell;
    private final CommandProcessor processor;
    private final URL profile;
    private final AtomicBoolean stopping = new AtomicBoolean();

    InteractiveShell(Shell shell, CommandProcessor processor, URL profile) {
        this.shell = shell;
        this.processor = processor;
        this.profile = profile;
    }

    /** Ends every loop at its next line (the local one is also woken by an interrupt). */
    void stop() {
        stopping.set(true);
        shell.stop();
    }

    /**
     * Runs the shell on {@code terminal} until {@code exit}, Ctrl-D or the end of its input.
     *
     * @param logAbovePrompt the local console: the process's log lines are printed above the prompt
     */
    void run(CommandSession session, Terminal terminal, boolean logAbovePrompt) throws Exception {
        LineReader reader = reader(session, terminal);
        session.put(Shell.VAR_TERMINAL, terminal);
        session.put(Shell.VAR_CONTEXT, shell.getContext());
        session.put(Shell.VAR_PROCESSOR, processor);
        session.put(Shell.VAR_SESSION, session);
        session.put("#TERM", (Function) (s, arguments) -> terminal.getType());
        session.put("#COLUMNS", (Function) (s, arguments) -> terminal.getWidth());
        session.put("#LINES", (Function) (s, arguments) -> terminal.getHeight());
        session.put("#PWD", (Function) (s, arguments) -> s.currentDir().toString());
        session.put(LineReader.HISTORY_FILE, Paths.get(System.getProperty("user.home"), ".gogo.history"));
        session.put(Shell.VAR_READER, reader);
        session.put(Shell.VAR_COMPLETIONS, new HashMap<>());
        if (profile != null) {
            shell.source(session, profile.toString());
        }
        LogRedirect redirect = logAbovePrompt ? LogRedirect.to(new PromptLogHandler(reader)) : null;
        try {
            new ReadEvalPrint(session, terminal, reader, stopping::get).run();
        } finally {
            if (redirect != null) {
                redirect.restore();
            }
        }
    }

    static LineReader reader(CommandSession session, Terminal terminal) {
        CompletionEnvironment completions = new CompletionEnvironment() {
            @Override
            public Map<String, List<CompletionData>> getCompletions() {
                return Shell.getCompletions(session);
            }

            @Override
            public Set<String> getCommands() {
                return Shell.getCommands(session);
            }

            @Override
            public String resolveCommand(String command) {
                return Shell.resolve(session, command);
            }

            @Override
            public String commandName(String command) {
                int colon = command.indexOf(':');
                return colon >= 0 ? command.substring(colon + 1) : command;
            }

            @Override
            public Object evaluate(LineReader reader, ParsedLine line, String func) throws Exception {
                session.put(Shell.VAR_COMMAND_LINE, line);
                return session.execute(func);
            }
        };
        LineReader reader = LineReaderBuilder.builder().terminal(terminal)
                .variables(((CommandSessionImpl) session).getVariables())
                .completer(new ArgumentCompleter(completions, session))
                .highlighter(new Highlighter(session)).parser(new Parser()).expander(new Expander(session)).build();
        reader.setOpt(LineReader.Option.AUTO_FRESH_LINE);
        return reader;
    }
}
