package org.robocell.remote.internal;

import java.security.PublicKey;
import java.util.Set;

import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;

/**
 * One line of an authorized_keys file: {@code [options] keytype base64-key [comment]}, the options as
 * {@link KeyOptions} parses them.
 *
 * @param key the public key
 * @param options its options ({@link KeyOptions#NONE} without)
 * @param line the line number in the file, from 1
 */
record AuthorizedKeyLine(PublicKey key, KeyOptions options, int line) {

    /** Key types whose lines start without options, also those SSHD cannot decode (refused with a clear reason). */
    private static final Set<String> KNOWN_PREFIXES = Set.of("ssh-", "ecdsa-", "sk-", "rsa-", "x509v3-");

    /** A line that cannot be used: comments and blank lines are not parsed at all (null). */
    static final class Unusable extends Exception {
        private static final long serialVersionUID = 1L;
        final KeyOptions.Problem problem;

        Unusable(KeyOptions.Problem problem, String message) {
            super(message);
            this.problem = problem;
        }
    }

    /** The key on a line, or null for a blank line or a comment. */
    static AuthorizedKeyLine parse(String text, int line) throws Unusable {
        String s = text.strip();
        if (s.isEmpty() || s.startsWith("#")) {
            return null;
        }
        KeyOptions options = KeyOptions.NONE;
        String keyText = s;
        if (!startsWithKeyType(s)) {
            int end = endOfOptions(s);
            try {
                options = KeyOptions.parse(s.substring(0, end));
            } catch (KeyOptions.Invalid e) {
                throw new Unusable(e.problem, e.getMessage());
            }
            keyText = s.substring(end).strip();
            if (keyText.isEmpty()) {
                throw new Unusable(KeyOptions.Problem.MALFORMED, "no key after the options");
            }
        }
        try {
            PublicKeyEntry entry = PublicKeyEntry.parsePublicKeyEntry(keyText);
            PublicKey key = entry.resolvePublicKey(null, null, PublicKeyEntryResolver.FAILING);
            if (key == null) {
                throw new Unusable(KeyOptions.Problem.MALFORMED, "key type " + entry.getKeyType() + " is not supported");
            }
            return new AuthorizedKeyLine(key, options, line);
        } catch (Unusable e) {
            throw e;
        } catch (Exception e) {
            String type = keyText.split("\\s+", 2)[0];
            throw new Unusable(KeyOptions.Problem.MALFORMED, "not a public key of a supported type (" + type + "): "
                    + e.getMessage());
        }
    }

    private static boolean startsWithKeyType(String s) {
        String first = s.split("\\s+", 2)[0];
        if (KeyUtils.getPublicKeyEntryDecoder(first) != null) {
            return true;
        }
        for (String prefix : KNOWN_PREFIXES) {
            if (first.startsWith(prefix) && !first.contains("=") && !first.contains(",")) {
                return true;
            }
        }
        return false;
    }

    /** The index of the first whitespace outside double quotes: where the options end. */
    private static int endOfOptions(String s) throws Unusable {
        boolean quoted = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && quoted && i + 1 < s.length() && s.charAt(i + 1) == '"') {
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && Character.isWhitespace(c)) {
                return i;
            }
        }
        throw new Unusable(KeyOptions.Problem.MALFORMED, quoted ? "a quote in the options is not closed" : "no key after the options");
    }
}
