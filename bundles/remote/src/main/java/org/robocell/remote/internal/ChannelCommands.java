package org.robocell.remote.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.function.Supplier;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.apache.sshd.server.command.CommandFactory;
import org.apache.sshd.server.shell.ShellFactory;
import org.apache.sshd.server.subsystem.SubsystemFactory;
import org.robocell.console.ShellRunner;

/**
 * What a channel runs: the shell, the command line or the subsystem its client asks for, or, when the key it logged
 * in with has {@code command="..."} in authorized_keys, that one command whatever the client asked (sshd's forced
 * command: the interactive shell, SCP and SFTP included). The client's request is kept in the command session as
 * {@code SSH_ORIGINAL_COMMAND} and logged.
 */
final class ChannelCommands implements ShellFactory, CommandFactory {

    private static final System.Logger LOG = System.getLogger("org.robocell.remote");

    private final CommandProcessor processor;
    private final Supplier<ShellRunner> shell;
    private final CommandFactory commands;

    /** @param commands what runs a command line when no command is forced (SCP, or a RoboCell command) */
    ChannelCommands(CommandProcessor processor, Supplier<ShellRunner> shell, CommandFactory commands) {
        this.processor = processor;
        this.shell = shell;
        this.commands = commands;
    }

    @Override
    public Command createShell(ChannelSession channel) {
        Command forced = forced(channel, "the interactive shell", "");
        return forced != null ? forced : new ShellChannel(processor, shell);
    }

    @Override
    public Command createCommand(ChannelSession channel, String commandLine) throws IOException {
        Command forced = forced(channel, "'" + commandLine + "'", commandLine);
        return forced != null ? forced : commands.createCommand(channel, commandLine);
    }

    /** The subsystem factory that runs the forced command, if there is one, instead of {@code subsystems}'. */
    SubsystemFactory subsystem(SubsystemFactory subsystems) {
        return new SubsystemFactory() {
            @Override
            public String getName() {
                return subsystems.getName();
            }

            @Override
            public Command createSubsystem(ChannelSession channel) throws IOException {
                Command forced = forced(channel, "the " + getName() + " subsystem", "");
                return forced != null ? forced : subsystems.createSubsystem(channel);
            }
        };
    }

    private Command forced(ChannelSession channel, String asked, String original) {
        Login login = channel.getSession().getAttribute(Login.KEY);
        if (login == null || login.options().command() == null) {
            return null;
        }
        String command = login.options().command();
        LOG.log(Level.INFO, "SSH: {0} asked for {1}; running the forced command ''{2}'' of {3}", login.describe(),
                asked, command, login.source());
        return new ExecChannel(processor, command, original);
    }
}
