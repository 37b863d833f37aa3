package org.robocell.remote.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

import org.apache.sshd.common.session.Session;
import org.apache.sshd.scp.common.helpers.DefaultScpFileOpener;

/**
 * SCP into deploy/: each received file is an upload ({@link DeployUploads}); one larger than the budget is refused
 * from its announced size before a byte is sent, and it lands under its name only when all announced bytes arrived
 * (SSHD's receiver takes a client that vanished for one that finished early).
 */
final class DeployScp extends DefaultScpFileOpener {

    private final DeployUploads uploads;

    DeployScp(DeployUploads uploads) {
        this.uploads = uploads;
    }

    @Override
    public OutputStream openWrite(Session session, Path file, long size, Set<PosixFilePermission> permissions,
            OpenOption... options) throws IOException {
        Path local = ((DeployFileSystem.ConfinedProvider) file.getFileSystem().provider()).local(file);
        return uploads.begin(local, size, false, Login.who(session)).stream();
    }

    @Override
    public void closeWrite(Session session, Path file, long size, Set<PosixFilePermission> permissions,
            OutputStream os) throws IOException {
        if (os instanceof UploadChannel.Stream upload) {
            long received = upload.channel().written();
            if (received != size) {
                os.close();
                throw new UploadRefused(UploadRefused.Reason.INCOMPLETE, "upload of " + file + " ended after "
                        + received + " of " + size + " bytes");
            }
            upload.channel().commitOnClose();
        }
        os.close();
    }
}
