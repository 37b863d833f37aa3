package org.robocell.remote.internal;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.security.PublicKey;

import org.apache.sshd.common.AttributeRepository.AttributeKey;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.session.SessionContext;

/**
 * Who logged in: the user name they gave, the key that let them in (and its line and options in authorized_keys),
 * and the address they came from. Kept on the SSH session for the channels and the log.
 */
record Login(String user, String keyType, String fingerprint, String address, String source, KeyOptions options) {

    static final AttributeKey<Login> KEY = new AttributeKey<>();

    static Login of(String user, PublicKey key, String address, AuthorizedKeyLine line, String file) {
        return new Login(user, KeyUtils.getKeyType(key), KeyUtils.getFingerPrint(key), address,
                file + ":" + line.line(), line.options());
    }

    /** Who runs a session, for the log: {@link #describe()}, or the user name and address before a login. */
    static String who(SessionContext session) {
        Login login = session.getAttribute(KEY);
        if (login != null) {
            return login.describe();
        }
        SocketAddress a = session.getRemoteAddress();
        return session.getUsername() + " from " + (a instanceof InetSocketAddress i ? i.getHostString() + ":"
                + i.getPort() : String.valueOf(a));
    }

    /** "operator (ssh-ed25519 SHA256:...) from 127.0.0.1:50412": the user, the key and the address. */
    String describe() {
        return user + " (" + keyType + " " + fingerprint + ") from " + address;
    }
}
