package org.robocell.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.KeyPair;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.scp.client.ScpClient;
import org.apache.sshd.scp.client.ScpClientCreator;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClient.OpenMode;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Uploads into deploy/ as a careless operator or an attacker makes them: too large, into a full deploy/, cut off
 * halfway (a killed scp or sftp). FileInstall must never see half a jar or half a .cfg under its name, and a refused
 * or cut-off upload leaves nothing behind; a replaced file keeps its old content until the new one is complete.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DeployUploadTest {

    private static final int KIB = 1024;

    @TempDir
    Path dir;

    KeyPair key;
    TestCell cell;

    @AfterEach
    void stop() throws IOException {
        if (cell != null) {
            cell.close();
        }
    }

    private void start(long maxUpload, long maxDeploy, int maxFiles) throws Exception {
        key = KeyUtils.generateKeyPair(KeyPairProviderTypes.ED25519, 256);
        cell = new TestCell(dir, () -> null, SshLimits.DEFAULTS.withDeploy(maxUpload, maxDeploy, maxFiles), key);
    }

    private List<String> deployed() throws IOException {
        try (Stream<Path> files = Files.list(cell.deploy)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Bounded wait until deploy/ holds exactly these names (uploads are discarded as the server notices the cut). */
    private void awaitDeployed(List<String> names) throws Exception {
        for (int i = 0; i < 400 && !deployed().equals(names); i++) {
            Thread.sleep(25);
        }
        assertEquals(names, deployed());
    }

    private static byte[] bytes(int n, char c) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) c);
        return b;
    }

    @Test
    void anSftpUploadOverMaxUploadBytesFailsWithTheReasonAndLeavesNothing() throws Exception {
        start(64 * KIB, 1L << 30, 1000);
        try (ClientSession session = cell.login(key);
                SftpClient sftp = SftpClientFactory.instance().createSftpClient(session)) {
            IOException e = assertThrows(IOException.class, () -> {
                try (OutputStream out = sftp.write("huge.jar")) {
                    out.write(bytes(100 * KIB, 'x'));
                }
            });
            assertTrue(e.getMessage().contains("maxUploadBytes=65536"), e.getMessage());
        }
        awaitDeployed(List.of());
    }

    @Test
    void anScpUploadLargerThanTheLimitIsRefusedFromItsAnnouncedSize() throws Exception {
        start(64 * KIB, 1L << 30, 1000);
        try (LogRecorder log = new LogRecorder(); ClientSession session = cell.login(key)) {
            ScpClient scp = ScpClientCreator.instance().createScpClient(session);
            IOException e = assertThrows(IOException.class, () -> scp.upload(bytes(100 * KIB, 'x'), "huge.jar",
                    EnumSet.of(PosixFilePermission.OWNER_READ), null));
            assertTrue(e.getMessage().contains("maxUploadBytes=65536"), e.getMessage());
            assertEquals(1, log.matching("upload of huge.jar refused", "operator (ssh-ed25519").size(),
                    String.join("\n", log.lines));
        }
        awaitDeployed(List.of());
    }

    @Test
    void anSftpUploadCutOffHalfwayLeavesNoFileUnderItsNameAndTheOldVersionIntact() throws Exception {
        start(1L << 20, 1L << 30, 1000);
        Files.writeString(cell.deploy.resolve("robot.jar"), "old version");
        try (LogRecorder log = new LogRecorder()) {
            ClientSession session = cell.login(key);
            SftpClient sftp = SftpClientFactory.instance().createSftpClient(session);
            SftpClient.Handle upload = sftp.open("robot.jar", OpenMode.Write, OpenMode.Create, OpenMode.Truncate);
            sftp.write(upload, 0, bytes(40 * KIB, 'n'));

            // half-way: FileInstall's view of deploy/ is the old jar and a hidden name
            List<String> during = deployed();
            assertEquals(2, during.size(), during.toString());
            assertTrue(during.get(0).startsWith(DeployUploads.TEMP_PREFIX), during.toString());
            assertEquals("robot.jar", during.get(1));
            assertEquals("old version", Files.readString(cell.deploy.resolve("robot.jar")));

            session.close(true); // the client is killed: no SSH_FXP_CLOSE
            awaitDeployed(List.of("robot.jar"));
            assertEquals("old version", Files.readString(cell.deploy.resolve("robot.jar")));
            assertFalse(log.matching("upload of deploy/robot.jar", "did not finish (40960 bytes received)").isEmpty(),
                    String.join("\n", log.lines));
        }
    }

    @Test
    void anScpUploadCutOffHalfwayLeavesNoFileUnderItsName() throws Exception {
        start(1L << 20, 1L << 30, 1000);
        ClientSession session = cell.login(key);
        // the scp protocol by hand: announce 100 KiB, send 30 KiB, then the client dies
        ChannelExec scp = session.createExecChannel("scp -t .");
        scp.open().verify(TestCell.TIMEOUT);
        OutputStream out = scp.getInvertedIn();
        InputStream in = scp.getInvertedOut();
        assertEquals(0, in.read(), "scp did not start");
        out.write("C0644 102400 cut.cfg\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        assertEquals(0, in.read(), "scp refused the file");
        out.write(bytes(30 * KIB, 'c'));
        out.flush();
        for (int i = 0; i < 400 && deployed().isEmpty(); i++) {
            Thread.sleep(25);
        }
        assertFalse(deployed().contains("cut.cfg"), "half a .cfg is visible under its name: " + deployed());

        session.close(true);
        awaitDeployed(List.of());
    }

    @Test
    void anUploadLandsWholeUnderItsNameOnlyWhenClosed() throws Exception {
        start(1L << 20, 1L << 30, 1000);
        try (LogRecorder log = new LogRecorder(); ClientSession session = cell.login(key);
                SftpClient sftp = SftpClientFactory.instance().createSftpClient(session)) {
            try (SftpClient.CloseableHandle upload = sftp.open("arm.cfg", OpenMode.Write, OpenMode.Create,
                    OpenMode.Truncate)) {
                sftp.write(upload, 0, "rate=250\n".getBytes(StandardCharsets.UTF_8));
                assertFalse(deployed().contains("arm.cfg"), deployed().toString());
                sftp.write(upload, 9, "robot=kr6\n".getBytes(StandardCharsets.UTF_8));
            }
            assertEquals(List.of("arm.cfg"), deployed());
            assertEquals("rate=250\nrobot=kr6\n", Files.readString(cell.deploy.resolve("arm.cfg")));
            assertEquals(1, log.matching("operator (ssh-ed25519", "uploaded deploy/arm.cfg (19 bytes)").size(),
                    String.join("\n", log.lines));

            // opened without truncating, an upload starts from what was there (a resumed transfer)
            try (SftpClient.CloseableHandle more = sftp.open("arm.cfg", OpenMode.Write)) {
                sftp.write(more, 19, "mode=joint_position\n".getBytes(StandardCharsets.UTF_8));
            }
            assertEquals("rate=250\nrobot=kr6\nmode=joint_position\n", Files.readString(cell.deploy.resolve("arm.cfg")));
        }
    }

    @Test
    void uploadsThatWouldOverfillDeployAreRefusedButReplacingAFileIsNot() throws Exception {
        start(1L << 20, 100 * KIB, 2);
        Files.write(cell.deploy.resolve("big.jar"), bytes(80 * KIB, 'b'));
        try (ClientSession session = cell.login(key);
                SftpClient sftp = SftpClientFactory.instance().createSftpClient(session)) {
            IOException full = assertThrows(IOException.class, () -> {
                try (OutputStream out = sftp.write("more.jar")) {
                    out.write(bytes(40 * KIB, 'm'));
                }
            });
            assertTrue(full.getMessage().contains("maxDeployBytes=102400"), full.getMessage());
            awaitDeployed(List.of("big.jar"));

            try (OutputStream out = sftp.write("big.jar")) {
                out.write(bytes(90 * KIB, 'B'));
            }
            assertEquals(90 * KIB, Files.size(cell.deploy.resolve("big.jar")));

            try (OutputStream out = sftp.write("small.cfg")) {
                out.write('a');
            }
            IOException tooMany = assertThrows(IOException.class, () -> {
                try (OutputStream out = sftp.write("third.cfg")) {
                    out.write('c');
                }
            });
            assertTrue(tooMany.getMessage().contains("maxDeployFiles=2"), tooMany.getMessage());
        }
        awaitDeployed(List.of("big.jar", "small.cfg"));
    }

    @Test
    void uploadsLeftUnfinishedByACrashOfRoboCellAreRemovedWhenTheServerStarts() throws Exception {
        Path deploy = Files.createDirectories(dir.resolve("deploy"));
        Files.writeString(deploy.resolve(DeployUploads.TEMP_PREFIX + "1234-robot.jar"), "half a jar");
        Files.writeString(deploy.resolve(".hidden-by-the-operator"), "kept");
        start(1L << 20, 1L << 30, 1000);
        assertEquals(List.of(".hidden-by-the-operator"), deployed());
    }
}
