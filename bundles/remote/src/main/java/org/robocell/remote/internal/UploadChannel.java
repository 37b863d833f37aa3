package org.robocell.remote.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * One upload into deploy/: a file channel on the hidden temporary file that refuses to grow past the upload's budget,
 * and on close either renames the file atomically to its name ({@link #commitOnClose()} was called: the client
 * closed it complete) or deletes it (refused, failed, or cut off).
 */
final class UploadChannel extends FileChannel {

    private final DeployUploads uploads;
    private final Path target;
    private final String name;
    private final String who;
    private final long budget;
    private Path temp;
    private FileChannel file;
    private boolean commit;
    private UploadRefused refused;

    UploadChannel(DeployUploads uploads, Path target, String name, String who, long budget) {
        this.uploads = uploads;
        this.target = target;
        this.name = name;
        this.who = who;
        this.budget = budget;
    }

    void start(Path tempFile, FileChannel channel) {
        this.temp = tempFile;
        this.file = channel;
    }

    /** The client closed the upload as complete: closing renames it into place. */
    void commitOnClose() {
        commit = true;
    }

    /** The refusal for an upload that would end at {@code size} bytes. */
    UploadRefused overBudget(long size) {
        SshLimits limits = uploads.limits();
        if (budget >= limits.maxUploadBytes()) {
            return new UploadRefused(UploadRefused.Reason.TOO_LARGE, "upload of " + name
                    + " refused: larger than maxUploadBytes=" + limits.maxUploadBytes() + " (it has " + size
                    + " bytes or more)");
        }
        return new UploadRefused(UploadRefused.Reason.DEPLOY_FULL, "upload of " + name + " refused: deploy/ would hold"
                + " more than maxDeployBytes=" + limits.maxDeployBytes() + " (with " + size + " bytes or more of it)");
    }

    private void check(long end) throws IOException {
        if (refused != null) {
            throw refused;
        }
        if (end > budget) {
            refused = uploads.refused(who, name, overBudget(end));
            file.close();
            Files.deleteIfExists(temp);
            throw refused;
        }
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        check(file.position() + src.remaining());
        return file.write(src);
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
        check(position + src.remaining());
        return file.write(src, position);
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        long total = 0;
        for (int i = offset; i < offset + length; i++) {
            total += srcs[i].remaining();
        }
        check(file.position() + total);
        return file.write(srcs, offset, length);
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(count, 64 * 1024));
        long done = 0;
        while (done < count) {
            buffer.clear().limit((int) Math.min(buffer.capacity(), count - done));
            int n = src.read(buffer);
            if (n <= 0) {
                break;
            }
            buffer.flip();
            while (buffer.hasRemaining()) {
                done += write(buffer, position + done);
            }
        }
        return done;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        check(0);
        return file.read(dst);
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        check(0);
        return file.read(dsts, offset, length);
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        check(0);
        return file.read(dst, position);
    }

    @Override
    public long position() throws IOException {
        check(0);
        return file.position();
    }

    @Override
    public FileChannel position(long newPosition) throws IOException {
        check(0);
        file.position(newPosition);
        return this;
    }

    @Override
    public long size() throws IOException {
        check(0);
        return file.size();
    }

    @Override
    public FileChannel truncate(long size) throws IOException {
        check(0);
        file.truncate(size);
        return this;
    }

    @Override
    public void force(boolean metaData) throws IOException {
        if (refused == null) {
            file.force(metaData);
        }
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
        check(0);
        return file.transferTo(position, count, target);
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
        check(mode == MapMode.READ_ONLY ? 0 : position + size);
        return file.map(mode, position, size);
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) throws IOException {
        check(0);
        return file.lock(position, size, shared);
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
        check(0);
        return file.tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() throws IOException {
        if (refused != null) {
            throw refused;
        }
        if (!commit) {
            // sizes and deletes by path: the channel may be closed already by an interrupt of the thread that
            // wrote, when SSHD stops a transfer that was cut off
            long size = Files.size(temp);
            discard();
            uploads.discarded(who, name, size);
            return;
        }
        long size;
        try {
            file.force(true);
            file.close();
            size = Files.size(temp);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            discard();
            throw e;
        }
        uploads.landed(who, name, size);
    }

    private void discard() throws IOException {
        try {
            file.close();
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** The bytes written so far. */
    long written() throws IOException {
        check(0);
        return Files.size(temp);
    }

    /** The upload as a stream (SCP). */
    Stream stream() {
        return new Stream();
    }

    /** An output stream on the upload, which knows its channel. */
    final class Stream extends OutputStream {
        UploadChannel channel() {
            return UploadChannel.this;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] { (byte) b }, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            ByteBuffer buffer = ByteBuffer.wrap(b, off, len);
            while (buffer.hasRemaining()) {
                UploadChannel.this.write(buffer);
            }
        }

        @Override
        public void close() throws IOException {
            UploadChannel.this.close();
        }
    }
}
