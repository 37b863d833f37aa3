package org.robocell.remote.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.util.Set;

import org.apache.sshd.server.session.ServerSession;
import org.apache.sshd.sftp.common.SftpConstants;
import org.apache.sshd.sftp.common.SftpHelper;
import org.apache.sshd.sftp.server.FileHandle;
import org.apache.sshd.sftp.server.Handle;
import org.apache.sshd.sftp.server.SftpErrorStatusDataHandler;
import org.apache.sshd.sftp.server.SftpEventListener;
import org.apache.sshd.sftp.server.SftpFileSystemAccessor;
import org.apache.sshd.sftp.server.SftpSubsystemEnvironment;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;
import org.apache.sshd.sftp.server.SftpSubsystemProxy;
import org.apache.sshd.sftp.server.UnsupportedAttributePolicy;

/**
 * SFTP into deploy/: a file opened for writing is an upload ({@link DeployUploads}) that lands under its name only
 * when the client closes it (an {@code SSH_FXP_CLOSE}), not when the connection ends with the handle open; a refusal
 * (too large, deploy/ full, a path that leads outside) reaches the client with its reason as the status message.
 */
final class DeploySftp implements SftpFileSystemAccessor, SftpEventListener, SftpErrorStatusDataHandler {

    private final DeployUploads uploads;

    private DeploySftp(DeployUploads uploads) {
        this.uploads = uploads;
    }

    static SftpSubsystemFactory factory(DeployUploads uploads) {
        DeploySftp sftp = new DeploySftp(uploads);
        SftpSubsystemFactory factory = new SftpSubsystemFactory.Builder()
                .withFileSystemAccessor(sftp)
                .withSftpErrorStatusDataHandler(sftp)
                // a refused stat is an error, not a reply with no attributes
                .withUnsupportedAttributePolicy(UnsupportedAttributePolicy.ThrowException)
                .build();
        factory.addSftpEventListener(sftp);
        return factory;
    }

    @Override
    public SeekableByteChannel openFile(SftpSubsystemProxy subsystem, FileHandle fileHandle, Path file, String handle,
            Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
        if (!options.contains(StandardOpenOption.WRITE) && !options.contains(StandardOpenOption.APPEND)) {
            return SftpFileSystemAccessor.super.openFile(subsystem, fileHandle, file, handle, options, attrs);
        }
        Path local = ((DeployFileSystem.ConfinedProvider) file.getFileSystem().provider()).local(file);
        boolean exists = Files.exists(local, LinkOption.NOFOLLOW_LINKS);
        if (exists && options.contains(StandardOpenOption.CREATE_NEW)) {
            throw new FileAlreadyExistsException(file.toString());
        }
        if (!exists && !options.contains(StandardOpenOption.CREATE) && !options.contains(StandardOpenOption.CREATE_NEW)) {
            throw new NoSuchFileException(file.toString());
        }
        if (Files.isDirectory(local, LinkOption.NOFOLLOW_LINKS)) {
            throw new FileSystemException(file.toString(), null, "is a folder");
        }
        boolean keep = exists && !options.contains(StandardOpenOption.TRUNCATE_EXISTING);
        return uploads.begin(local, -1, keep, Login.who(subsystem.getServerSession()), exists ? new FileAttribute<?>[0] : attrs);
    }

    /** An upload syncs and lands in its own close; SSHD's forced sync first would fail in an interrupted thread. */
    @Override
    public void closeFile(SftpSubsystemProxy subsystem, FileHandle fileHandle, Path file, String handle,
            Channel channel, Set<? extends OpenOption> options) throws IOException {
        if (channel instanceof UploadChannel upload) {
            upload.close();
        } else {
            SftpFileSystemAccessor.super.closeFile(subsystem, fileHandle, file, handle, channel, options);
        }
    }

    /** Listings show a link as a link (lstat, as OpenSSH's sftp-server does), so a bad link can be seen and removed. */
    @Override
    public LinkOption[] resolveFileAccessLinkOptions(SftpSubsystemProxy subsystem, Path file, int cmd, String extension,
            boolean followLinks) throws IOException {
        return cmd == SftpConstants.SSH_FXP_READDIR ? new LinkOption[] { LinkOption.NOFOLLOW_LINKS }
                : SftpFileSystemAccessor.super.resolveFileAccessLinkOptions(subsystem, file, cmd, extension, followLinks);
    }

    @Override
    public void closing(ServerSession session, String remoteHandle, Handle localHandle) {
        if (localHandle instanceof FileHandle f && f.getFileChannel() instanceof UploadChannel upload) {
            upload.commitOnClose();
        }
    }

    @Override
    public int resolveSubStatus(SftpSubsystemEnvironment sftp, int id, Throwable e, int cmd, Object... args) {
        return e instanceof UploadRefused ? SftpConstants.SSH_FX_FAILURE : SftpHelper.resolveSubstatus(unwrapped(e));
    }

    @Override
    public String resolveErrorMessage(SftpSubsystemEnvironment sftp, int id, Throwable e, int subStatus, int cmd,
            Object... args) {
        Throwable t = unwrapped(e);
        return t instanceof UploadRefused || t instanceof AccessDeniedException ? t.getMessage()
                : SftpErrorStatusDataHandler.super.resolveErrorMessage(sftp, id, e, subStatus, cmd, args);
    }

    private static Throwable unwrapped(Throwable e) {
        return e instanceof UncheckedIOException u ? u.getCause() : e;
    }
}
