package org.robocell.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.KeyPair;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.scp.client.ScpClient;
import org.apache.sshd.scp.client.ScpClientCreator;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The SSH server over real loopback sockets, driven by SSHD's own client. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemoteSshServerTest {

    @TempDir
    Path dir;

    KeyPair known;
    TestCell cell;

    @BeforeEach
    void start() throws Exception {
        known = KeyUtils.generateKeyPair(KeyPairProviderTypes.ED25519, 256);
        cell = new TestCell(dir, () -> null, known);
    }

    @AfterEach
    void stop() throws IOException {
        cell.close();
    }

    @Test
    void aKnownKeyRunsACommandAndGetsItsOutputWithStatusZero() throws Exception {
        try (ClientSession session = cell.login(known)) {
            TestCell.Result r = TestCell.exec(session, "test:hello world");
            assertEquals(0, r.status(), r.err());
            assertEquals("hello world", r.out().strip());
            assertEquals("", r.err());
            TestCell.Result printed = TestCell.exec(session, "print 'from the cell'");
            assertEquals(0, printed.status(), printed.err());
            assertEquals("from the cell", printed.out().strip());
        }
        assertEquals(List.of("hello world"), cell.commands.calls);
    }

    @Test
    void aFailingCommandEndsWithStatusOneAndItsErrorOnStderr() throws Exception {
        try (ClientSession session = cell.login(known)) {
            TestCell.Result r = TestCell.exec(session, "fail");
            assertEquals(1, r.status());
            assertEquals("error: the arm is not homed", r.err().strip());
            assertEquals("", r.out());
            TestCell.Result unknown = TestCell.exec(session, "controller:nonsense");
            assertEquals(1, unknown.status());
            assertTrue(unknown.err().contains("unknown command: controller:nonsense"), unknown.err());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { KeyPairProviderTypes.ED25519, KeyPairProviderTypes.ECDSA, KeyPairProviderTypes.RSA })
    void everyOpenSshKeyTypeInAuthorizedKeysLogsIn(String type) throws Exception {
        KeyPair key = KeyUtils.generateKeyPair(type, KeyPairProviderTypes.bits(type));
        cell.authorize(known, key);
        try (ClientSession session = cell.login(key)) {
            assertEquals(0, TestCell.exec(session, "hello " + type.replace('-', '_')).status());
        }
    }

    @Test
    void anUnknownKeyIsRefused() throws Exception {
        KeyPair stranger = KeyUtils.generateKeyPair(KeyPairProviderTypes.ED25519, 256);
        try (ClientSession session = cell.connect("operator")) {
            session.addPublicKeyIdentity(stranger);
            assertThrows(IOException.class, () -> session.auth().verify(TestCell.TIMEOUT));
            assertFalse(session.isAuthenticated());
        }
        assertTrue(cell.commands.calls.isEmpty());
    }

    @Test
    void aKeyRemovedFromTheFileIsRefusedWithoutARestart() throws Exception {
        try (ClientSession session = cell.login(known)) {
            assertEquals(0, TestCell.exec(session, "hello again").status());
        }
        KeyPair other = KeyUtils.generateKeyPair(KeyPairProviderTypes.ECDSA, 256);
        cell.authorize(other);
        // the watcher compares modification time and size; make the change visible even on coarse clocks
        Files.setLastModifiedTime(cell.authorizedKeys, java.nio.file.attribute.FileTime.fromMillis(
                Files.getLastModifiedTime(cell.authorizedKeys).toMillis() + 10_000));
        try (ClientSession session = cell.connect("operator")) {
            session.addPublicKeyIdentity(known);
            assertThrows(IOException.class, () -> session.auth().verify(TestCell.TIMEOUT));
        }
        try (ClientSession session = cell.login(other)) {
            assertTrue(session.isAuthenticated());
        }
    }

    @Test
    void passwordsAreRefusedEvenWithAKnownUserName() throws Exception {
        try (ClientSession session = cell.connect("operator")) {
            session.addPasswordIdentity("operator");
            assertThrows(IOException.class, () -> session.auth().verify(TestCell.TIMEOUT));
            assertFalse(session.isAuthenticated());
        }
    }

    @Test
    void sftpUploadsLandInDeploy() throws Exception {
        try (ClientSession session = cell.login(known);
                SftpClient sftp = SftpClientFactory.instance().createSftpClient(session)) {
            try (OutputStream out = sftp.write("my-controller.jar")) {
                out.write("a bundle".getBytes(StandardCharsets.UTF_8));
            }
            assertEquals("/", sftp.canonicalPath("."));
        }
        assertEquals("a bundle", Files.readString(cell.deploy.resolve("my-controller.jar")));
    }

    @Test
    void sftpCannotReachAnythingOutsideDeploy() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(dir.resolve("secret.txt"), "not for you");
        try (ClientSession session = cell.login(known);
                SftpClient sftp = SftpClientFactory.instance().createSftpClient(session)) {
            // ../ stops at the root of the virtual file system, which is deploy/
            writeOrFail(sftp, "../escaped.jar");
            writeOrFail(sftp, "../../escaped.jar");
            // an absolute path of the host is a path below deploy/, where that folder does not exist
            writeOrFail(sftp, outside.resolve("absolute.jar").toString());
            assertEquals("/", sftp.canonicalPath(".."));
            assertThrows(IOException.class, () -> sftp.read("../secret.txt").readAllBytes());
        }
        assertFalse(Files.exists(dir.resolve("escaped.jar")));
        assertFalse(Files.exists(dir.getParent().resolve("escaped.jar")));
        assertFalse(Files.exists(outside.resolve("absolute.jar")));
        try (var files = Files.walk(dir)) {
            assertEquals(List.of(), files.filter(p -> p.getFileName().toString().endsWith(".jar"))
                    .filter(p -> !p.startsWith(cell.deploy)).toList());
        }
    }

    @Test
    void scpUploadsLandInDeployAndStayInside() throws Exception {
        try (ClientSession session = cell.login(known)) {
            ScpClient scp = ScpClientCreator.instance().createScpClient(session);
            scp.upload("scp bundle".getBytes(StandardCharsets.UTF_8), "dropped.jar",
                    EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE), null);
            try {
                scp.upload("x".getBytes(StandardCharsets.UTF_8), "../scp-escaped.jar",
                        EnumSet.of(PosixFilePermission.OWNER_READ), null);
            } catch (IOException refused) {
                // refused outright is as good as confined
            }
        }
        assertEquals("scp bundle", Files.readString(cell.deploy.resolve("dropped.jar")));
        assertFalse(Files.exists(dir.resolve("scp-escaped.jar")));
    }

    @Test
    void theHostKeyIsGeneratedOwnerOnlyAndKeptAcrossRestarts() throws Exception {
        assertTrue(Files.isRegularFile(cell.hostKey));
        if (Files.getFileAttributeView(cell.hostKey, java.nio.file.attribute.PosixFileAttributeView.class) != null) {
            assertEquals(EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                    Files.getPosixFilePermissions(cell.hostKey));
        }
        try (ClientSession session = cell.login(known)) {
            assertTrue(session.isAuthenticated());
        }
        KeyPair onDisk = new FileKeyPairProvider(cell.hostKey).loadKeys(null).iterator().next();
        assertEquals(1, cell.hostKeysSeen.size());
        assertTrue(KeyUtils.compareKeys(onDisk.getPublic(), cell.hostKeysSeen.get(0)));

        int port = cell.server.port();
        cell.server.close();
        assertFalse(cell.server.isRunning());
        RemoteSshServer again = new RemoteSshServer(new SshSettings("127.0.0.1", 0, cell.authorizedKeys,
                cell.hostKey, cell.deploy, java.time.Duration.ZERO), cell.processor, () -> null);
        again.start();
        try (ClientSession session = cell.client.connect("operator", "127.0.0.1", again.port())
                .verify(TestCell.TIMEOUT).getSession()) {
            session.addPublicKeyIdentity(known);
            session.auth().verify(TestCell.TIMEOUT);
        } finally {
            again.close();
        }
        assertEquals(2, cell.hostKeysSeen.size());
        assertTrue(KeyUtils.compareKeys(onDisk.getPublic(), cell.hostKeysSeen.get(1)), "port " + port);
    }

    @Test
    void itListensOnLoopbackOnly() throws Exception {
        assertNotNull(cell.server);
        java.util.Set<SocketAddress> bound = serverBoundAddresses();
        assertFalse(bound.isEmpty());
        for (SocketAddress a : bound) {
            assertTrue(((InetSocketAddress) a).getAddress().isLoopbackAddress(), a.toString());
        }
    }

    private java.util.Set<SocketAddress> serverBoundAddresses() throws Exception {
        java.lang.reflect.Field f = RemoteSshServer.class.getDeclaredField("server");
        f.setAccessible(true);
        return ((org.apache.sshd.server.SshServer) f.get(cell.server)).getBoundAddresses();
    }

    private static void writeOrFail(SftpClient sftp, String path) {
        try (OutputStream out = sftp.write(path)) {
            out.write("escape".getBytes(StandardCharsets.UTF_8));
        } catch (IOException refused) {
            // refused outright is as good as confined
        }
    }
}
