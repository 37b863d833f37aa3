package org.robocell.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.felix.gogo.runtime.CommandProcessorImpl;
import org.apache.felix.gogo.runtime.threadio.ThreadIOImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.BundleContext;

/**
 * The configuration: off by default, loopback and port 8101 by default, bounded clients and uploads, nothing listens
 * while disabled or while a setting is wrong.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SshComponentTest {

    @TempDir
    Path dir;

    @Test
    void theDefaultsAreOffLoopbackAndPort8101WithFilesUnderEtcAndBoundedClients() {
        SshConfiguration defaults = config(Map.of());
        assertFalse(defaults.enabled());
        SshSettings s = SshSettings.of(defaults, null);
        assertEquals("127.0.0.1", s.host());
        assertEquals(8101, s.port());
        assertEquals(Path.of("etc/authorized_keys").toAbsolutePath(), s.authorizedKeys());
        assertEquals(Path.of("etc/host.key").toAbsolutePath(), s.hostKey());
        assertEquals(Path.of("deploy").toAbsolutePath(), s.deployDir());
        assertEquals(Duration.ofMinutes(30), s.idleTimeout());
        assertEquals(new SshLimits(Duration.ofSeconds(30), 6, 30, 10, 64L << 20, 1L << 30, 1000), s.limits());
    }

    @Test
    void aDisabledConfigurationOpensNoPortAndAnEnabledOneDoes() throws Exception {
        int port = freePort();
        Map<String, Object> values = Map.of("port", port,
                "authorizedKeys", dir.resolve("etc/authorized_keys").toString(),
                "hostKey", dir.resolve("etc/host.key").toString());
        ThreadIOImpl tio = new ThreadIOImpl();
        tio.start();
        CommandProcessorImpl processor = new CommandProcessorImpl(tio);
        BundleContext context = context(dir.resolve("deploy").toString());

        try {
            SshComponent disabled = new SshComponent(context, config(values), processor);
            try {
                assertThrows(ConnectException.class, () -> connect(port));
                assertFalse(Files.exists(dir.resolve("etc/host.key")), "a disabled server generated a host key");
            } finally {
                disabled.deactivate();
            }

            Map<String, Object> on = new java.util.HashMap<>(values);
            on.put("enabled", true);
            SshComponent enabled = new SshComponent(context, config(on), processor);
            try (Socket socket = connect(port)) {
                byte[] banner = socket.getInputStream().readNBytes(4);
                assertEquals("SSH-", new String(banner, StandardCharsets.US_ASCII));
            } finally {
                enabled.deactivate();
            }
            assertThrows(ConnectException.class, () -> connect(port));
        } finally {
            tio.stop();
        }
    }

    @Test
    void aLimitThatIsNotPositiveKeepsTheServerOffWithOneLineNamingTheSetting() throws Exception {
        int port = freePort();
        Map<String, Object> values = Map.of("enabled", true, "port", port, "maxUploadBytes", 0L,
                "authorizedKeys", dir.resolve("etc/authorized_keys").toString(),
                "hostKey", dir.resolve("etc/host.key").toString());
        ThreadIOImpl tio = new ThreadIOImpl();
        tio.start();
        try (LogRecorder log = new LogRecorder()) {
            SshComponent component = new SshComponent(context(dir.resolve("deploy").toString()), config(values),
                    new CommandProcessorImpl(tio));
            try {
                assertThrows(ConnectException.class, () -> connect(port));
                assertEquals(1, log.matching("SSH server not started: org.robocell.remote.ssh: maxUploadBytes must be"
                        + " positive, not 0").size(), String.join("\n", log.lines));
            } finally {
                component.deactivate();
            }
        } finally {
            tio.stop();
        }
    }

    private static Socket connect(int port) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            socket.setSoTimeout(10_000);
            return socket;
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The configuration DS would build: the given values, the annotation's defaults for the rest. */
    static SshConfiguration config(Map<String, Object> values) {
        return (SshConfiguration) Proxy.newProxyInstance(SshConfiguration.class.getClassLoader(),
                new Class<?>[] { SshConfiguration.class }, (proxy, method, args) -> {
                    if (method.getDeclaringClass() == Object.class || method.getName().equals("annotationType")) {
                        return method.getName().equals("annotationType") ? SshConfiguration.class : method.invoke(values, args);
                    }
                    Object v = values.get(method.getName());
                    return v != null ? v : method.getDefaultValue();
                });
    }

    private static BundleContext context(String deployDir) {
        return (BundleContext) Proxy.newProxyInstance(BundleContext.class.getClassLoader(),
                new Class<?>[] { BundleContext.class }, (proxy, method, args) -> {
                    if (method.getName().equals("getProperty") && "felix.fileinstall.dir".equals(args[0])) {
                        return deployDir;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
