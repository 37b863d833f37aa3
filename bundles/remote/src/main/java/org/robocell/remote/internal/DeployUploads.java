package org.robocell.remote.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Uploads into deploy/ as FileInstall must see them: whole or not at all. An upload is written to a hidden temporary
 * file in deploy/ (a name starting with {@value #TEMP_PREFIX}, which FileInstall's filter ignores) and renamed
 * atomically to its name when the client closes it complete; an upload that is refused, fails or is cut off leaves
 * nothing. Each upload is bounded by {@code maxUploadBytes} and by what deploy/ may still hold
 * ({@code maxDeployBytes}, {@code maxDeployFiles}). Every landed and every refused upload is logged with who sent it.
 */
final class DeployUploads {

    static final String TEMP_PREFIX = ".robocell-upload-";
    private static final System.Logger LOG = System.getLogger("org.robocell.remote");

    private final Path deploy;
    private final SshLimits limits;

    DeployUploads(Path deploy, SshLimits limits) {
        this.deploy = deploy;
        this.limits = limits;
    }

    /**
     * Starts an upload to {@code target} (a file in deploy/).
     *
     * @param announced the size the client announced (SCP), or -1
     * @param keep whether the upload starts from the current content of the target (an SFTP open without truncate)
     * @param who the client, for the log
     */
    UploadChannel begin(Path target, long announced, boolean keep, String who, FileAttribute<?>... attrs)
            throws IOException {
        String name = deploy.relativize(target).toString();
        Usage usage = usage(target);
        boolean replacing = Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS);
        if (!replacing && usage.files >= limits.maxDeployFiles()) {
            throw refused(who, name, new UploadRefused(UploadRefused.Reason.TOO_MANY_FILES, "upload of " + name
                    + " refused: deploy/ already holds " + usage.files + " files (maxDeployFiles="
                    + limits.maxDeployFiles() + ")"));
        }
        long room = limits.maxDeployBytes() - usage.bytes;
        long budget = Math.max(0, Math.min(limits.maxUploadBytes(), room));
        UploadChannel upload = new UploadChannel(this, target, name, who, budget);
        if (announced > budget) {
            throw refused(who, name, upload.overBudget(announced));
        }
        Path temp = target.resolveSibling(TEMP_PREFIX + UUID.randomUUID() + "-" + target.getFileName());
        FileChannel channel = FileChannel.open(temp, EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE));
        try {
            permissions(temp, attrs);
            if (keep && replacing) {
                try (FileChannel old = FileChannel.open(target, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                    if (old.size() > budget) {
                        throw refused(who, name, upload.overBudget(old.size()));
                    }
                    for (long done = 0; done < old.size();) {
                        done += old.transferTo(done, old.size() - done, channel);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            channel.close();
            Files.deleteIfExists(temp);
            throw e;
        }
        upload.start(temp, channel);
        return upload;
    }

    /**
     * The permissions a client asked for (SFTP sends them as "permissions", which FileChannel.open does not take);
     * other attributes are the client's to set on the file once it landed.
     */
    @SuppressWarnings("unchecked")
    private static void permissions(Path temp, FileAttribute<?>... attrs) {
        for (FileAttribute<?> a : attrs) {
            if ((a.name().equals("permissions") || a.name().endsWith(":permissions")) && a.value() instanceof Set<?> set) {
                try {
                    Files.setPosixFilePermissions(temp, (Set<PosixFilePermission>) set);
                } catch (IOException | UnsupportedOperationException | ClassCastException ignored) {
                    // the file keeps the default permissions
                }
            }
        }
    }

    /** The bytes and files in deploy/ now, without the file an upload replaces. */
    private record Usage(long bytes, int files) {
    }

    private Usage usage(Path replaced) throws IOException {
        long bytes = 0;
        int files = 0;
        try (Stream<Path> all = Files.walk(deploy)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (a.isRegularFile() && !p.equals(replaced)) {
                    bytes += a.size();
                    files++;
                }
            }
        }
        return new Usage(bytes, files);
    }

    UploadRefused refused(String who, String name, UploadRefused e) {
        LOG.log(Level.WARNING, "SSH: {0}: {1}", who, e.getMessage());
        return e;
    }

    void landed(String who, String name, long size) {
        LOG.log(Level.INFO, "SSH: {0} uploaded deploy/{1} ({2} bytes)", who, name, String.valueOf(size));
    }

    void discarded(String who, String name, long size) {
        LOG.log(Level.INFO, "SSH: upload of deploy/{0} by {1} did not finish ({2} bytes received); deploy/ is unchanged",
                name, who, String.valueOf(size));
    }

    SshLimits limits() {
        return limits;
    }

    /** Temporary files of uploads cut off by a crash or a kill of RoboCell itself: removed when the server starts. */
    void removeLeftovers() {
        try (DirectoryStream<Path> temps = Files.newDirectoryStream(deploy, TEMP_PREFIX + "*")) {
            for (Path t : temps) {
                Files.deleteIfExists(t);
                LOG.log(Level.INFO, "SSH: removed {0}, an upload that never finished", t);
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "SSH: cannot remove unfinished uploads from {0}: {1}", deploy, e.getMessage());
        }
    }
}
