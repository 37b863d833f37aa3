package org.robocell.remote.internal;

import java.lang.System.Logger.Level;

import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;
import org.apache.sshd.server.session.ServerSession;

/**
 * Who logged in (user, key, address and the authorized_keys line), and who went away without logging in.
 * Connections closed by {@link ConnectionLimits} are not logged one by one: the limits log them in sum.
 */
final class LoginLog implements SessionListener {

    private static final System.Logger LOG = System.getLogger("org.robocell.remote");

    @Override
    public void sessionEvent(Session session, Event event) {
        if (event == Event.Authenticated && session instanceof ServerSession s) {
            Login login = s.getAttribute(Login.KEY);
            if (login != null) {
                LOG.log(Level.INFO, "SSH: {0} logged in (key of {1})", login.describe(), login.source());
            } else {
                LOG.log(Level.INFO, "SSH: {0} logged in from {1}", s.getUsername(), RemoteSshServer.address(s));
            }
        }
    }

    @Override
    public void sessionClosed(Session session) {
        if (!(session instanceof ServerSession s) || s.isAuthenticated()
                || s.getAttribute(ConnectionLimits.REFUSED) != null) {
            return;
        }
        String user = s.getAttribute(KeyAuthenticator.REFUSED);
        if (user != null) {
            LOG.log(Level.WARNING, "SSH: login refused for {0} from {1}: no offered key is authorized",
                    user, RemoteSshServer.address(s));
        } else {
            LOG.log(Level.INFO, "SSH: connection from {0} closed without logging in (only public keys are accepted)",
                    RemoteSshServer.address(s));
        }
    }
}
