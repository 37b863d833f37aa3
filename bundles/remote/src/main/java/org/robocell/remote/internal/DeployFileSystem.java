package org.robocell.remote.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.AsynchronousFileChannel;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileAttributeView;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;

import org.apache.sshd.common.file.FileSystemFactory;
import org.apache.sshd.common.file.root.RootedFileSystemProvider;
import org.apache.sshd.common.file.root.RootedPath;
import org.apache.sshd.common.session.SessionContext;

/**
 * The file system SFTP and SCP see: deploy/ as its root, and nothing outside it, also through symbolic links. A
 * link inside deploy/ that leads outside (to etc/host.key, say) is refused for reading, writing, listing and
 * attributes, as is a path whose folders lead outside; the link itself may still be listed, renamed or removed.
 * Clients cannot create symbolic or hard links. (SSHD's RootedFileSystem confines path names only: its provider
 * follows links wherever they point.)
 */
final class DeployFileSystem implements FileSystemFactory {

    private final Path deploy;

    DeployFileSystem(Path deploy) {
        this.deploy = deploy;
    }

    @Override
    public Path getUserHomeDir(SessionContext session) {
        return deploy;
    }

    @Override
    public FileSystem createFileSystem(SessionContext session) throws IOException {
        // one provider per session: a provider maps each root to one file system
        return new ConfinedProvider(Login.who(session)).newFileSystem(deploy, Collections.emptyMap());
    }

    /** RootedFileSystemProvider that checks, before each operation, where the kernel would really go. */
    static final class ConfinedProvider extends RootedFileSystemProvider {

        private static final System.Logger LOG = System.getLogger("org.robocell.remote");
        private final String who;

        ConfinedProvider(String who) {
            this.who = who;
        }

        @Override
        public InputStream newInputStream(Path path, OpenOption... options) throws IOException {
            confine(path, follows(options));
            return super.newInputStream(path, options);
        }

        @Override
        public OutputStream newOutputStream(Path path, OpenOption... options) throws IOException {
            confine(path, follows(options));
            return super.newOutputStream(path, options);
        }

        @Override
        public FileChannel newFileChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
                throws IOException {
            confine(path, follows(options.toArray()));
            return super.newFileChannel(path, options, attrs);
        }

        @Override
        public AsynchronousFileChannel newAsynchronousFileChannel(Path path, Set<? extends OpenOption> options,
                ExecutorService executor, FileAttribute<?>... attrs) throws IOException {
            confine(path, follows(options.toArray()));
            return super.newAsynchronousFileChannel(path, options, executor, attrs);
        }

        @Override
        public SeekableByteChannel newByteChannel(Path path, Set<? extends OpenOption> options,
                FileAttribute<?>... attrs) throws IOException {
            confine(path, follows(options.toArray()));
            return super.newByteChannel(path, options, attrs);
        }

        @Override
        public DirectoryStream<Path> newDirectoryStream(Path dir, DirectoryStream.Filter<? super Path> filter)
                throws IOException {
            confine(dir, true);
            return super.newDirectoryStream(dir, filter);
        }

        @Override
        public void createDirectory(Path dir, FileAttribute<?>... attrs) throws IOException {
            confine(dir, false);
            super.createDirectory(dir, attrs);
        }

        @Override
        public void createSymbolicLink(Path link, Path target, FileAttribute<?>... attrs) throws IOException {
            throw new AccessDeniedException(link.toString(), null, "links cannot be created in deploy/");
        }

        @Override
        public void createLink(Path link, Path existing) throws IOException {
            throw new AccessDeniedException(link.toString(), null, "links cannot be created in deploy/");
        }

        @Override
        public void delete(Path path) throws IOException {
            confine(path, false);
            super.delete(path);
        }

        @Override
        public boolean deleteIfExists(Path path) throws IOException {
            confine(path, false);
            return super.deleteIfExists(path);
        }

        @Override
        public Path readSymbolicLink(Path link) throws IOException {
            confine(link, false);
            return super.readSymbolicLink(link);
        }

        @Override
        public void copy(Path source, Path target, CopyOption... options) throws IOException {
            confine(source, follows(options));
            confine(target, false);
            super.copy(source, target, options);
        }

        @Override
        public void move(Path source, Path target, CopyOption... options) throws IOException {
            confine(source, false);
            confine(target, false);
            super.move(source, target, options);
        }

        @Override
        public boolean isSameFile(Path path, Path path2) throws IOException {
            confine(path, true);
            confine(path2, true);
            return super.isSameFile(path, path2);
        }

        @Override
        public void checkAccess(Path path, AccessMode... modes) throws IOException {
            confine(path, true);
            super.checkAccess(path, modes);
        }

        @Override
        public <V extends FileAttributeView> V getFileAttributeView(Path path, Class<V> type, LinkOption... options) {
            try {
                confine(path, follows(options));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return super.getFileAttributeView(path, type, options);
        }

        @Override
        public <A extends BasicFileAttributes> A readAttributes(Path path, Class<A> type, LinkOption... options)
                throws IOException {
            confine(path, follows(options));
            return super.readAttributes(path, type, options);
        }

        @Override
        public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options)
                throws IOException {
            confine(path, follows(options));
            return super.readAttributes(path, attributes, options);
        }

        @Override
        public void setAttribute(Path path, String attribute, Object value, LinkOption... options) throws IOException {
            confine(path, follows(options));
            super.setAttribute(path, attribute, value, options);
        }

        /** The path on the disk for a path of this file system, after checking that its folder is inside deploy/. */
        Path local(Path rooted) throws IOException {
            confine(rooted, false);
            return unroot(rooted);
        }

        /**
         * Refuses the path unless its folder really is inside the root and, when the operation follows the last
         * name, that name too: a link that leads outside, or nowhere, is refused.
         */
        private void confine(Path rooted, boolean followLast) throws IOException {
            Path local = unroot(rooted);
            Path lexicalRoot = ((RootedPath) rooted).getFileSystem().getRoot();
            Path root = lexicalRoot.toRealPath();
            if (!local.equals(lexicalRoot)) {
                Path realParent = existingRealPath(local.getParent());
                if (!realParent.startsWith(root)) {
                    throw outside(rooted);
                }
            }
            if (followLast && Files.isSymbolicLink(local)) {
                Path target;
                try {
                    target = local.toRealPath();
                } catch (NoSuchFileException dangling) {
                    throw refused(rooted, "a link to nothing (it could lead outside deploy/)");
                }
                if (!target.startsWith(root)) {
                    throw outside(rooted);
                }
            }
        }

        /** The real path of the deepest existing folder on the way to {@code path}. */
        private static Path existingRealPath(Path path) throws IOException {
            Path p = path;
            while (p != null) {
                try {
                    return p.toRealPath();
                } catch (NoSuchFileException missing) {
                    p = p.getParent();
                }
            }
            throw new NoSuchFileException(path.toString());
        }

        private AccessDeniedException outside(Path rooted) {
            return refused(rooted, "it leads outside deploy/ through a link");
        }

        private AccessDeniedException refused(Path rooted, String why) {
            LOG.log(System.Logger.Level.WARNING, "SSH: {0}: refused deploy{1}: {2}", who, rooted, why);
            return new AccessDeniedException(rooted.toString(), null, why);
        }

        private static boolean follows(Object[] options) {
            return !Arrays.asList(options).contains(LinkOption.NOFOLLOW_LINKS);
        }
    }
}
