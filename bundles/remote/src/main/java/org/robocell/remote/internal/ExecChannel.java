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
 * RoboCell.
 */
final class ExecChannel implements Command {

    private final CommandProcessor processor;
    private final String commandLine;
    private final AtomicBoolean finished = new AtomicBoolean();
    private InputStream in;
    private OutputStream out;
    private OutputStream err;
    private ExitCallback exit;
    private Thread thread;

    ExecChannel(CommandProcessor processor, String commandLine) {
        this.processor = processor;
        this.commandLine = commandLine;
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
        thread = new Thread(this::run, "robocell-ssh-exec-" + channel.getSession().getUsername());
        thread.setDaemon(true);
        thread.start();
    }

    private void run() {
        PrintStream stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
        int status = 0;
        try (CommandSession session = processor.createSession(in, stdout, stderr)) {
            session.put(ShellRunner.CLOSE_SESSION, (Runnable) () -> { });
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
