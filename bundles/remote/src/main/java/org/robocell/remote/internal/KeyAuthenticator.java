package org.robocell.remote.internal;

import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.PublicKey;

import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.server.auth.pubkey.PublickeyAuthenticator;
import org.apache.sshd.server.session.ServerSession;

/**
 * Accepts the keys of an OpenSSH authorized_keys file, whatever the user name, honouring each key's
 * {@code from="..."}; the file is read on each login, so adding or removing a key needs no restart. The key that let
 * a client in is kept on the session as a {@link Login} (its options decide what the channels run). Every refused
 * key is logged with its fingerprint and the reason, so an operator can see which key to add or where it may log in
 * from.
 */
final class KeyAuthenticator implements PublickeyAuthenticator {

    private static final System.Logger LOG = System.getLogger("org.robocell.remote");

    /** Why an offered key was refused. */
    enum Refusal {
        NOT_LISTED, NOT_FROM_HERE, FILE_REFUSED
    }

    private final AuthorizedKeysFile file;

    KeyAuthenticator(AuthorizedKeysFile file) {
        this.file = file;
    }

    @Override
    public boolean authenticate(String username, PublicKey key, ServerSession session) {
        AuthorizedKeysFile.Keys keys = file.read();
        InetAddress client = session.getClientAddress() instanceof InetSocketAddress i ? i.getAddress() : null;
        AuthorizedKeyLine elsewhere = null;
        for (AuthorizedKeyLine line : keys.lines()) {
            if (!KeyUtils.compareKeys(line.key(), key)) {
                continue;
            }
            AddressPatterns from = line.options().from();
            if (from != null && (client == null || !from.allows(client))) {
                elsewhere = line;
                continue;
            }
            session.setAttribute(Login.KEY, Login.of(username, key, RemoteSshServer.address(session), line,
                    file.path().toString()));
            return true;
        }
        session.removeAttribute(Login.KEY);
        Refusal refusal = keys.refusal() != null ? Refusal.FILE_REFUSED
                : elsewhere != null ? Refusal.NOT_FROM_HERE : Refusal.NOT_LISTED;
        String why = switch (refusal) {
            case FILE_REFUSED -> keys.reason();
            case NOT_FROM_HERE -> file.path() + ":" + elsewhere.line() + " allows it only from=\""
                    + elsewhere.options().from() + "\"";
            case NOT_LISTED -> "it is not in " + file.path();
        };
        LOG.log(Level.INFO, "SSH: refused key {0} {1} offered by {2} from {3}: {4}", KeyUtils.getKeyType(key),
                KeyUtils.getFingerPrint(key), username, RemoteSshServer.address(session), why);
        session.setAttribute(REFUSED, username);
        return false;
    }

    /** The user name of the last refused key of a session, for the message when the session ends. */
    static final AttributeRepository.AttributeKey<String> REFUSED = new AttributeRepository.AttributeKey<>();
}
