package org.robocell.remote.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.Signal;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.ExternalTerminal;
import org.robocell.console.ShellRunner;

/**
 * {@code ssh host}: RoboCell's interactive shell on a JLine terminal built on the channel's streams, with the
 * client's terminal type and window size (and its changes). Each channel has its own command session; {@code exit}
 * or Ctrl-D closes this session only.
 */
final class ShellChannel implements Command {

    private static final System.Logger LOG = System.getLogger("org.robocell.remote");

    private final CommandProcessor processor;
    private final Supplier<ShellRunner> shell;
    private final AtomicBoolean finished = new AtomicBoolean();
    private volatile boolean closing;
    private InputStream in;
    private OutputStream out;
    private ExitCallback exit;
    private Terminal terminal;
    private Thread thread;

    ShellChannel(CommandProcessor processor, Supplier<ShellRunner> shell) {
        this.processor = processor;
        this.shell = shell;
    }

    @Override
    public void setInputStream(InputStream in) {
        this.in = in;
    }

    @Override
    public void setOutputStream(OutputStream out) {
        this.out = out;
    }

    @Override
    public void setErrorStream(OutputStream err) {
        // a terminal has one output: errors are shown on it
    }

    @Override
    public void setExitCallback(ExitCallback callback) {
        this.exit = callback;
    }

    @Override
    public void start(ChannelSession channel, Environment env) throws IOException {
        Map<String, String> vars = env.getEnv();
        String type = vars.getOrDefault(Environment.ENV_TERM, "dumb");
        // JLine's line discipline in Java on the channel's streams. With JNA present (it is in the runtime) the
        // builder would open a native pty pair per session instead, whose master descriptor JLine 3.21 never closes.
        terminal = new ExternalTerminal("robocell-ssh", type, in, out, StandardCharsets.UTF_8,
                Terminal.SignalHandler.SIG_DFL, false, null, size(vars));
        env.addSignalListener((ch, signal) -> {
            terminal.setSize(size(env.getEnv()));
            terminal.raise(Terminal.Signal.WINCH);
        }, Signal.WINCH);
        String user = channel.getSession().getUsername();
        Login login = channel.getSession().getAttribute(Login.KEY);
        String origin = login != null ? login.describe() : user + " over SSH";
        thread = new Thread(() -> run(user, origin), "robocell-ssh-shell-" + user);
        thread.setDaemon(true);
        thread.start();
    }

    private void run(String user, String origin) {
        int status = 0;
        PrintStream console = new PrintStream(terminal.output(), true, StandardCharsets.UTF_8);
        ShellRunner runner = shell.get();
        if (runner == null) {
            console.println("No interactive shell here (the RoboCell console bundle is not running);"
                    + " run single commands instead: ssh <host> <command>");
            finish(1);
            return;
        }
        try (CommandSession session = processor.createSession(terminal.input(), console, console)) {
            session.put("USER", user);
            session.put(ShellRunner.SESSION_ORIGIN, origin);
            session.put(ShellRunner.CLOSE_SESSION, (Runnable) () -> {
                closing = true;
                finish(0);
            });
            runner.run(session, terminal);
        } catch (Throwable e) {
            if (!closing) {
                status = 1;
                LOG.log(Level.WARNING, "SSH: the shell of " + user + " ended with an error", e);
            }
        } finally {
            try {
                terminal.close();
            } catch (IOException e) {
                // the channel is gone already
            }
            finish(status);
        }
    }

    private void finish(int status) {
        if (finished.compareAndSet(false, true)) {
            exit.onExit(status);
        }
    }

    @Override
    public void destroy(ChannelSession channel) throws IOException {
        closing = true;
        finished.set(true);
        if (terminal != null) {
            terminal.close();
        }
        if (thread != null) {
            thread.interrupt();
        }
    }

    private static Size size(Map<String, String> env) {
        return new Size(number(env.get(Environment.ENV_COLUMNS), 80), number(env.get(Environment.ENV_LINES), 24));
    }

    private static int number(String text, int fallback) {
        try {
            int n = Integer.parseInt(text);
            return n > 0 ? n : fallback;
        } catch (NumberFormatException | NullPointerException e) {
            return fallback;
        }
    }
}
