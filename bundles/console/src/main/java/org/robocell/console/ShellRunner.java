package org.robocell.console;

import org.apache.felix.service.command.CommandSession;
import org.jline.terminal.Terminal;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Runs the same interactive shell as the local console on a terminal the caller owns (a remote session, for
 * example). Registered by the console bundle as an OSGi service.
 */
@ProviderType
public interface ShellRunner {

    /**
     * Session variable holding a {@link Runnable}: when present, {@code exit} runs it to end that session only,
     * instead of stopping RoboCell. Remote sessions set it; the local console does not.
     */
    String CLOSE_SESSION = "robocell.session.close";

    /**
     * Session variable holding a one-line description of who runs the session and from where, for the log (a remote
     * session: "operator (ssh-ed25519 SHA256:...) from 10.0.0.7:50412"). Remote sessions set it; a session without
     * it is the local console's.
     *
     * @since 1.1
     */
    String SESSION_ORIGIN = "robocell.session.origin";

    /**
     * Runs the interactive shell in {@code session} on {@code terminal} until the user leaves it ({@code exit},
     * Ctrl-D, or the terminal's input ends). Blocks the calling thread; never stops the framework.
     */
    void run(CommandSession session, Terminal terminal) throws Exception;
}
