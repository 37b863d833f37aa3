package org.robocell.remote.internal;

import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.HashMap;
import java.util.Map;

import org.apache.sshd.common.AttributeRepository.AttributeKey;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;

/**
 * Bounds the connections that have not logged in yet, all together and per client address, so that a flood of idle
 * connections can neither exhaust the process's file descriptors nor keep a real key out. A connection over a bound
 * is closed as soon as SSHD creates its session; those within the bounds are closed by the login timeout unless they
 * log in. One line is logged when a bound is reached and one, with the number refused, when it is no longer: never a
 * line per connection.
 */
final class ConnectionLimits implements SessionListener {

    private static final System.Logger LOG = System.getLogger("org.robocell.remote");

    /** The bound a refused connection ran into. */
    enum Bound {
        TOTAL("maxUnauthenticated"), PER_ADDRESS("maxUnauthenticatedPerAddress");

        final String setting;

        Bound(String setting) {
            this.setting = setting;
        }
    }

    /** Thrown from {@link #sessionCreated}: SSHD then closes the connection. No stack trace, it is not an error. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final Bound bound;

        Refused(Bound bound, String address) {
            super("connection from " + address + " refused: " + bound.setting + " reached", null, false, false);
            this.bound = bound;
        }
    }

    /** The client address a session counts against, while it has not logged in. */
    private static final AttributeKey<String> COUNTED = new AttributeKey<>();
    /** Set on sessions closed by a bound: they are neither counted nor logged one by one. */
    static final AttributeKey<Bound> REFUSED = new AttributeKey<>();

    private final int maxTotal;
    private final int maxPerAddress;
    private int pending;
    private final Map<String, Integer> pendingByAddress = new HashMap<>();
    /** Connections refused since a bound was reached, by address, or under "" for the total. */
    private final Map<String, Integer> refused = new HashMap<>();

    ConnectionLimits(int maxTotal, int maxPerAddress) {
        this.maxTotal = maxTotal;
        this.maxPerAddress = maxPerAddress;
    }

    @Override
    public void sessionCreated(Session session) {
        String address = address(session.getRemoteAddress());
        Bound over = admit(address);
        if (over != null) {
            session.setAttribute(REFUSED, over);
            throw new Refused(over, address);
        }
        session.setAttribute(COUNTED, address);
    }

    @Override
    public void sessionEvent(Session session, Event event) {
        if (event == Event.Authenticated) {
            release(session);
        }
    }

    @Override
    public void sessionClosed(Session session) {
        release(session);
    }

    /** Connections counted now: all, or from one address. */
    synchronized int pending(String address) {
        return address == null ? pending : pendingByAddress.getOrDefault(address, 0);
    }

    private synchronized Bound admit(String address) {
        int fromThere = pendingByAddress.getOrDefault(address, 0);
        if (fromThere >= maxPerAddress) {
            refuse(address, Bound.PER_ADDRESS, fromThere);
            return Bound.PER_ADDRESS;
        }
        if (pending >= maxTotal) {
            refuse("", Bound.TOTAL, pending);
            return Bound.TOTAL;
        }
        pending++;
        pendingByAddress.put(address, fromThere + 1);
        return null;
    }

    private void refuse(String key, Bound bound, int count) {
        int before = refused.merge(key, 1, Integer::sum) - 1;
        if (before == 0) {
            LOG.log(Level.WARNING, "SSH: refusing new connections{0}: {1} have not logged in yet ({2}={1})",
                    key.isEmpty() ? "" : " from " + key, String.valueOf(count), bound.setting);
        }
    }

    private void release(Session session) {
        String address = session.removeAttribute(COUNTED);
        if (address == null) {
            return;
        }
        synchronized (this) {
            pending--;
            int left = pendingByAddress.merge(address, -1, Integer::sum);
            if (left <= 0) {
                pendingByAddress.remove(address);
            }
            if (left < maxPerAddress) {
                relieved(address, Bound.PER_ADDRESS);
            }
            if (pending < maxTotal) {
                relieved("", Bound.TOTAL);
            }
        }
    }

    private void relieved(String key, Bound bound) {
        Integer count = refused.remove(key);
        if (count != null) {
            LOG.log(Level.INFO, "SSH: accepting connections{0} again; {1} were refused ({2})",
                    key.isEmpty() ? "" : " from " + key, String.valueOf(count), bound.setting);
        }
    }

    private static String address(SocketAddress a) {
        return a instanceof InetSocketAddress i && i.getAddress() != null ? i.getAddress().getHostAddress()
                : String.valueOf(a);
    }
}
