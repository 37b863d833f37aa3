package org.robocell.remote.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.KeyPair;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.scp.client.ScpClientCreator;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.apache.sshd.sftp.common.SftpConstants;
import org.apache.sshd.sftp.common.SftpException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Someone with a key (or a careless operator's symlink) tries to reach outside deploy/ through links: a link in
 * deploy/ to etc/host.key, a link to a folder outside, a dangling link, and links made over SFTP. None reaches
 * anything outside; links that stay inside deploy/ still work.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DeployConfinementTest {

    @TempDir
    Path dir;

    KeyPair key;
    TestCell cell;
    ClientSession session;
    SftpClient sftp;

    @BeforeEach
    void start() throws Exception {
        key = KeyUtils.generateKeyPair(KeyPairProviderTypes.ED25519, 256);
        cell = new TestCell(dir, () -> null, key);
        session = cell.login(key);
        sftp = SftpClientFactory.instance().createSftpClient(session);
    }

    @AfterEach
    void stop() throws IOException {
        sftp.close();
        session.close();
        cell.close();
    }

    @Test
    void aLinkInDeployToTheHostKeyCannotBeReadStatedOrWrittenOverSftpOrScpButCanBeListedAndRemoved() throws Exception {
        byte[] hostKey = Files.readAllBytes(cell.hostKey);
        Files.createSymbolicLink(cell.deploy.resolve("key.jar"), Path.of("../etc/host.key"));

        try (LogRecorder log = new LogRecorder()) {
            SftpException read = assertThrows(SftpException.class, () -> {
                try (InputStream in = sftp.read("key.jar")) {
                    in.readAllBytes();
                }
            });
            assertEquals(SftpConstants.SSH_FX_PERMISSION_DENIED, read.getStatus(), read.toString());
            assertFalse(log.matching("refused deploy/key.jar: it leads outside deploy/ through a link").isEmpty(),
                    String.join("\n", log.lines));
        }
        assertThrows(IOException.class, () -> sftp.stat("key.jar"));
        // opened for reading and writing, it is a new upload that would replace the link: the key is not in it
        try (SftpClient.CloseableHandle h = sftp.open("key.jar", SftpClient.OpenMode.Read, SftpClient.OpenMode.Write)) {
            assertEquals(-1, sftp.read(h, 0, new byte[64], 0, 64));
        }
        Files.delete(cell.deploy.resolve("key.jar"));
        Files.createSymbolicLink(cell.deploy.resolve("key.jar"), Path.of("../etc/host.key"));
        assertThrows(IOException.class, () -> ScpClientCreator.instance().createScpClient(session)
                .downloadBytes("key.jar"));
        // listing deploy/ shows the link as a link, without following it
        List<String> names = new ArrayList<>();
        for (SftpClient.DirEntry e : sftp.readDir(".")) {
            names.add(e.getFilename());
            if (e.getFilename().equals("key.jar")) {
                assertTrue(e.getAttributes().isSymbolicLink(), "listed as " + e.getAttributes());
                assertTrue(e.getAttributes().getSize() < hostKey.length / 2 || e.getAttributes().getSize() == 0,
                        "the listing showed the host key's size");
            }
        }
        assertTrue(names.contains("key.jar"), names.toString());
        // and the operator can remove it
        sftp.remove("key.jar");
        assertFalse(Files.exists(cell.deploy.resolve("key.jar"), LinkOption.NOFOLLOW_LINKS));

        assertArrayEquals(hostKey, Files.readAllBytes(cell.hostKey), "the host key was changed");
    }

    @Test
    void writingToTheLinkReplacesTheLinkNeverTheHostKey() throws Exception {
        byte[] hostKey = Files.readAllBytes(cell.hostKey);
        Files.createSymbolicLink(cell.deploy.resolve("key.cfg"), Path.of("../etc/host.key"));
        try (OutputStream out = sftp.write("key.cfg")) {
            out.write("a=1\n".getBytes(StandardCharsets.UTF_8));
        }
        assertArrayEquals(hostKey, Files.readAllBytes(cell.hostKey), "the host key was overwritten");
        assertFalse(Files.isSymbolicLink(cell.deploy.resolve("key.cfg")));
        assertEquals("a=1\n", Files.readString(cell.deploy.resolve("key.cfg")));
    }

    @Test
    void aLinkToAFolderOutsideCannotBeListedOrWrittenThrough() throws Exception {
        Path etc = cell.hostKey.getParent();
        Files.createSymbolicLink(cell.deploy.resolve("etc"), Path.of("../etc"));

        assertThrows(IOException.class, () -> sftp.openDir("etc"));
        assertThrows(IOException.class, () -> sftp.stat("etc/host.key"));
        assertThrows(IOException.class, () -> {
            try (InputStream in = sftp.read("etc/host.key")) {
                in.readAllBytes();
            }
        });
        assertThrows(IOException.class, () -> {
            try (OutputStream out = sftp.write("etc/planted.jar")) {
                out.write(1);
            }
        });
        assertThrows(IOException.class, () -> sftp.mkdir("etc/planted"));
        assertThrows(IOException.class, () -> sftp.remove("etc/host.key"));
        assertThrows(IOException.class, () -> sftp.rename("etc/host.key", "stolen.key"));
        assertThrows(IOException.class, () -> ScpClientCreator.instance().createScpClient(session)
                .upload(new byte[] { 1 }, "etc/planted-by-scp.jar", EnumSet.of(PosixFilePermission.OWNER_READ), null));
        assertTrue(Files.exists(cell.hostKey));
        try (var files = Files.list(etc)) {
            assertEquals(List.of("authorized_keys", "host.key"),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
        assertFalse(Files.exists(cell.deploy.resolve("stolen.key")));
    }

    @Test
    void aDanglingLinkIsNeitherFollowedForReadingNorForWriting() throws Exception {
        Path planted = dir.resolve("planted.jar");
        Files.createSymbolicLink(cell.deploy.resolve("new.jar"), Path.of("../planted.jar"));
        assertThrows(IOException.class, () -> sftp.read("new.jar").readAllBytes());
        try (OutputStream out = sftp.write("new.jar")) {
            out.write("bundle".getBytes(StandardCharsets.UTF_8));
        }
        assertFalse(Files.exists(planted, LinkOption.NOFOLLOW_LINKS), "the upload went through the link");
    }

    @Test
    void sftpCannotCreateSymbolicOrHardLinks() throws Exception {
        Files.writeString(cell.deploy.resolve("inside.cfg"), "a=1\n");
        assertThrows(IOException.class, () -> sftp.symLink("key.jar", "../etc/host.key"));
        assertThrows(IOException.class, () -> sftp.symLink("alias.cfg", "inside.cfg"));
        assertThrows(IOException.class, () -> sftp.link("inside.cfg", "hard.cfg", false));
        assertThrows(IOException.class, () -> sftp.link("inside.cfg", "hard.cfg", true));
        try (var files = Files.list(cell.deploy)) {
            assertEquals(List.of("inside.cfg"), files.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void aLinkThatStaysInsideDeployStillWorks() throws Exception {
        Files.writeString(cell.deploy.resolve("robot.cfg"), "rate=250\n");
        Files.createDirectories(cell.deploy.resolve("sub"));
        Files.createSymbolicLink(cell.deploy.resolve("sub/alias.cfg"), Path.of("../robot.cfg"));
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        try (InputStream in = sftp.read("sub/alias.cfg")) {
            in.transferTo(read);
        }
        assertEquals("rate=250\n", read.toString(StandardCharsets.UTF_8));
        assertEquals(9, sftp.stat("sub/alias.cfg").getSize());
    }
}
