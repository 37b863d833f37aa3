package org.robocell.remote.internal;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.robocell.console.ShellRunner;

/**
 * {@code ssh host COMMAND}: runs one command line in a fresh shell session and ends with its status: 0 with the
 * output (and the formatted result) on stdout, or 1 with the error on stderr. {@code exit} ends the command, never
 * RoboCell. Also runs a key's forced command, with what the client asked for in {@code SSH_ORIGINAL_COMMAND}.
 */
final class ExecChannel implements Command {

    private final CommandProcessor processor;
    private final String commandLine;
    private final String originalCommand;
    private final AtomicBoolean finished = new AtomicBoolean();
    private InputStream in;
    private OutputStream out;
    private OutputStream err;
    private ExitCallback exit;
    private Thread thread;

    ExecChannel(CommandProcessor processor, String commandLine) {
        this(processor, commandLine, null);
    }

    /** @param originalCommand what the client asked for, when {@code commandLine} is a forced command */
    ExecChannel(CommandProcessor processor, String commandLine, String originalCommand) {
        this.processor = processor;
        this.commandLine = commandLine;
        this.originalCommand = originalCommand;
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
        this.err = err;
    }

    @Override
    public void setExitCallback(ExitCallback callback) {
        this.exit = callback;
    }

    @Override
    public void start(ChannelSession channel, Environment env) {
        Login login = channel.getSession().getAttribute(Login.KEY);
        String origin = login != null ? login.describe() : channel.getSession().getUsername() + " over SSH";
        thread = new Thread(() -> run(origin), "robocell-ssh-exec-" + channel.getSession().getUsername());
        thread.setDaemon(true);
        thread.start();
    }

    private void run(String origin) {
        PrintStream stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
        int status = 0;
        try (CommandSession session = processor.createSession(in, stdout, stderr)) {
            session.put(ShellRunner.CLOSE_SESSION, (Runnable) () -> { });
            session.put(ShellRunner.SESSION_ORIGIN, origin);
            if (originalCommand != null) {
                session.put("SSH_ORIGINAL_COMMAND", originalCommand);
            }
            Object result = session.execute(commandLine);
            if (result != null) {
                CharSequence text = session.format(result, Converter.INSPECT);
                if (text != null && text.length() > 0) {
                    stdout.println(text);
                }
            }
        } catch (Exception e) {
            status = 1;
            stderr.println(Errors.describe(e));
        } finally {
            stdout.flush();
            stderr.flush();
            finish(status);
        }
    }

    private void finish(int status) {
        if (finished.compareAndSet(false, true)) {
            exit.onExit(status);
        }
    }

    @Override
    public void destroy(ChannelSession channel) {
        finished.set(true);
        if (thread != null && thread.isAlive()) {
            thread.interrupt();
        }
    }
}
