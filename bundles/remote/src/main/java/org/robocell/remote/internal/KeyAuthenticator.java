package org.robocell.remote.internal;

import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;

import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.server.auth.pubkey.PublickeyAuthenticator;
import org.apache.sshd.server.config.keys.AuthorizedKeysAuthenticator;
import org.apache.sshd.server.session.ServerSession;

/**
 * Accepts exactly the keys of an OpenSSH authorized_keys file, whatever the user name. SSHD's watcher re-reads
 * the file when it changes, so adding or removing a key needs no restart. Every refused key is logged with its
 * fingerprint, so an operator can see which key to add.
 */
final class KeyAuthenticator implements PublickeyAuthenticator {

    private static final System.Logger LOG = System.getLogger("org.robocell.remote");

    private final Path file;
    private final AuthorizedKeysAuthenticator keys;

    KeyAuthenticator(Path file) {
        this.file = file;
        this.keys = new AuthorizedKeysAuthenticator(file);
    }

    @Override
    public boolean authenticate(String username, PublicKey key, ServerSession session) {
        boolean known;
        try {
            known = keys.authenticate(username, key, session);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "SSH: cannot read the authorized keys file {0}: {1}", file, e.getMessage());
            known = false;
        }
        if (!known) {
            String why = Files.isRegularFile(file) ? "it is not in " + file : "there is no authorized keys file " + file;
            LOG.log(Level.INFO, "SSH: refused key {0} {1} offered by {2} from {3}: {4}", KeyUtils.getKeyType(key),
                    KeyUtils.getFingerPrint(key), username, RemoteSshServer.address(session), why);
            session.setAttribute(REFUSED, username);
        }
        return known;
    }

    /** The user name of the last refused key of a session, for the message when the session ends. */
    static final AttributeRepository.AttributeKey<String> REFUSED = new AttributeRepository.AttributeKey<>();
}
