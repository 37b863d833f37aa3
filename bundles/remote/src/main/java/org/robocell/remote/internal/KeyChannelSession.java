package org.robocell.remote.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.Map;

import org.apache.sshd.common.channel.Channel;
import org.apache.sshd.common.channel.ChannelFactory;
import org.apache.sshd.common.channel.PtyMode;
import org.apache.sshd.common.channel.RequestHandler;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.server.channel.ChannelSession;

/**
 * The server's session channel: it honours the {@code no-pty} (or {@code restrict}) of the key its client logged in
 * with (a terminal request is refused, so the shell or command runs without one, as with sshd), and it sends a
 * command's exit status before its EOF, as sshd does.
 */
final class KeyChannelSession extends ChannelSession {

    private static final System.Logger LOG = System.getLogger("org.robocell.remote");

    /** The only channel type the server opens: no direct-tcpip, no forwarding of any kind. */
    static final ChannelFactory FACTORY = new ChannelFactory() {
        @Override
        public String getName() {
            return "session";
        }

        @Override
        public Channel createChannel(Session session) {
            return new KeyChannelSession();
        }
    };

    /**
     * SSHD sends EOF, then the exit status. A client whose own input has ended (ssh with nothing on stdin) closes the
     * channel as soon as the EOF arrives, and a status sent after that close is dropped: ssh then exits 255. The status
     * goes first.
     */
    @Override
    protected void closeShell(int exitValue, boolean closeImmediately) throws IOException {
        if (!isClosing()) {
            flush(out);
            flush(err);
            sendExitStatus(exitValue);
        }
        super.closeShell(exitValue, closeImmediately); // EOF, close; the status is not sent twice
    }

    private static void flush(java.io.OutputStream stream) {
        try {
            if (stream != null) {
                stream.flush();
            }
        } catch (IOException closedByTheCommand) {
            // nothing left to send on it
        }
    }

    @Override
    protected RequestHandler.Result handlePtyReqParsed(String term, int columns, int rows, int width, int height,
            Map<PtyMode, Integer> modes) throws IOException {
        Login login = getSession().getAttribute(Login.KEY);
        if (login != null && login.options().noPty()) {
            LOG.log(Level.INFO, "SSH: terminal refused for {0}: no-pty for its key in {1}", login.describe(),
                    login.source());
            return RequestHandler.Result.ReplyFailure;
        }
        return super.handlePtyReqParsed(term, columns, rows, width, height, modes);
    }
}
