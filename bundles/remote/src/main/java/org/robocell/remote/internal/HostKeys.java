package org.robocell.remote.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.System.Logger.Level;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.util.EnumSet;
import java.util.Set;

import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.common.keyprovider.KeyPairProvider;

/** The server's host key: read from its file, or generated there (ECDSA P-256, owner-only) on first start. */
final class HostKeys {

    private static final System.Logger LOG = System.getLogger("org.robocell.remote");
    private static final Set<PosixFilePermission> OWNER_ONLY = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE);

    private HostKeys() {
    }

    static KeyPairProvider load(Path file) throws IOException, GeneralSecurityException {
        if (!Files.exists(file)) {
            generate(file);
        } else if (isPosix() && !OWNER_ONLY.containsAll(Files.getPosixFilePermissions(file))) {
            LOG.log(Level.WARNING, "SSH host key {0} is readable by others ({1}); chmod 600 it",
                    file, PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        }
        FileKeyPairProvider provider = new FileKeyPairProvider(file);
        if (!provider.loadKeys(null).iterator().hasNext()) {
            throw new IOException("no key in the host key file " + file);
        }
        return provider;
    }

    private static void generate(Path file) throws IOException, GeneralSecurityException {
        Path dir = file.getParent();
        Files.createDirectories(dir);
        KeyPair pair = KeyUtils.generateKeyPair(KeyPairProvider.ECDSA_SHA2_NISTP256, 256);
        Path tmp = isPosix()
                ? Files.createTempFile(dir, ".host-key", ".tmp", PosixFilePermissions.asFileAttribute(OWNER_ONLY))
                : Files.createTempFile(dir, ".host-key", ".tmp");
        try {
            if (!isPosix()) {
                ownerOnly(tmp);
            }
            try (OutputStream out = Files.newOutputStream(tmp)) {
                OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(pair, "robocell host key", null, out);
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        LOG.log(Level.INFO, "SSH host key generated: {0} ({1})", file,
                KeyUtils.getFingerPrint(pair.getPublic()));
    }

    /** Without POSIX permissions (Windows), take read and write away from everybody but the owner. */
    private static void ownerOnly(Path file) {
        java.io.File f = file.toFile();
        f.setReadable(false, false);
        f.setWritable(false, false);
        f.setReadable(true, true);
        f.setWritable(true, true);
    }

    private static boolean isPosix() {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    }
}
