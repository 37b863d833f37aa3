package org.robocell.features.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FeatureCatalogueTest {

    @TempDir
    Path dir;

    @Test
    void aRuntimeJarNamesEachFeatureWithThePidsThatCallForItAndItsBundles() throws IOException {
        byte[] remote = bundle("org.acme.remote", "1.2.3");
        Path jar = jar(dir.resolve("runtime.jar"), Map.of(
                "launcher.properties", "x=1".getBytes(StandardCharsets.UTF_8),
                "jar/org.acme.core.jar", bundle("org.acme.core", "1.0.0"),
                "features/ssh/feature.properties", "# the SSH server\npids = org.acme.ssh , org.acme.ssh.keys\n"
                        .getBytes(StandardCharsets.UTF_8),
                "features/ssh/remote.jar", remote,
                "features/ssh/crypto.jar", bundle("org.acme.crypto", "2.0.0"),
                "features/web/feature.properties", "pids=org.acme.web".getBytes(StandardCharsets.UTF_8),
                "features/web/web.jar", bundle("org.acme.web", "0.1.0")));

        FeatureCatalogue c = FeatureCatalogue.read(jar);

        assertEquals(2, c.features().size());
        FeatureCatalogue.Feature ssh = c.features().get(0);
        assertEquals("ssh", ssh.name());
        assertEquals(Set.of("org.acme.ssh", "org.acme.ssh.keys"), ssh.pids());
        assertEquals(List.of("features/ssh/crypto.jar", "features/ssh/remote.jar"), ssh.bundles());
        assertTrue(ssh.calledFor("org.acme.ssh.keys"));
        assertFalse(ssh.calledFor("org.acme.web"));
        assertFalse(ssh.calledFor(null));
        assertEquals("web", c.features().get(1).name());
        try (InputStream in = c.open("features/ssh/remote.jar")) {
            assertArrayEquals(remote, in.readAllBytes());
        }
    }

    @Test
    void aDriverFeatureIsCalledForByThePluginItServesAsAUrdfWritesIt() throws IOException {
        Path jar = jar(dir.resolve("runtime.jar"), Map.of(
                "features/eac/feature.properties", ("pids=org.acme.eac.emulator\nplugins=kuka_eac/KukaEACHardwareInterface\n")
                        .getBytes(StandardCharsets.UTF_8),
                "features/eac/eac.jar", bundle("org.acme.eac", "1.0.0"),
                "features/arm/feature.properties", "plugins=acme/Arm".getBytes(StandardCharsets.UTF_8),
                "features/arm/arm.jar", bundle("org.acme.arm", "1.0.0")));

        FeatureCatalogue c = FeatureCatalogue.read(jar);

        FeatureCatalogue.Feature arm = c.features().get(0);
        FeatureCatalogue.Feature eac = c.features().get(1);
        assertEquals(Set.of(), arm.pids(), "plugins alone call for a feature");
        assertTrue(eac.serves("kuka_eac/KukaEACHardwareInterface"));
        assertTrue(eac.serves(" kuka_eac::KukaEACHardwareInterface "), "the C++ class name, as kuka_robot_descriptions writes it");
        assertFalse(eac.serves("kuka_eac/Other"));
        assertFalse(eac.serves(null));
        assertTrue(eac.calledFor("org.acme.eac.emulator"));
        assertFalse(arm.serves("kuka_eac::KukaEACHardwareInterface"));
    }

    @Test
    void aControllerFeatureIsCalledForByTheTypesItProvides() throws IOException {
        Path jar = jar(dir.resolve("runtime.jar"), Map.of(
                "features/pid/feature.properties", "types=pid_controller/PidController\n"
                        .getBytes(StandardCharsets.UTF_8),
                "features/pid/pid.jar", bundle("org.acme.pid", "1.0.0"),
                "features/gripper/feature.properties", ("types=position_controllers/GripperActionController,"
                        + " effort_controllers/GripperActionController\n").getBytes(StandardCharsets.UTF_8),
                "features/gripper/gripper.jar", bundle("org.acme.gripper", "1.0.0")));

        FeatureCatalogue c = FeatureCatalogue.read(jar);

        FeatureCatalogue.Feature gripper = c.features().get(0);
        FeatureCatalogue.Feature pid = c.features().get(1);
        assertEquals(Set.of(), pid.pids(), "types alone call for a feature");
        assertTrue(pid.provides("pid_controller/PidController"));
        assertTrue(gripper.provides(" effort_controllers/GripperActionController"), "a list, spaces trimmed");
        assertFalse(pid.provides("pid_controller/Other"));
        assertFalse(pid.provides(null));
        assertFalse(pid.serves("pid_controller/PidController"), "a type is not a hardware plugin");
    }

    @Test
    void aFolderIsReadLikeTheJar() throws IOException {
        Path ssh = Files.createDirectories(dir.resolve("features/ssh"));
        Files.writeString(ssh.resolve("feature.properties"), "pids=org.acme.ssh\n");
        Files.write(ssh.resolve("remote.jar"), bundle("org.acme.remote", "1.0.0"));
        Files.writeString(ssh.resolve("README.txt"), "not a bundle, not listed");

        FeatureCatalogue c = FeatureCatalogue.read(dir);

        assertEquals(1, c.features().size());
        assertEquals(List.of("features/ssh/remote.jar"), c.features().get(0).bundles());
        try (InputStream in = c.open("features/ssh/remote.jar")) {
            assertArrayEquals(new String[] { "org.acme.remote", "1.0.0" }, FeatureBundles.identity(in.readAllBytes()));
        }
    }

    @Test
    void aJarWithoutFeaturesHasNone() throws IOException {
        Path jar = jar(dir.resolve("plain.jar"), Map.of("a/b.txt", new byte[] { 1 }));
        assertEquals(List.of(), FeatureCatalogue.read(jar).features());
        assertEquals(List.of(), FeatureCatalogue.read(Files.createDirectories(dir.resolve("empty"))).features());
    }

    @Test
    void aFeatureWithoutPidsIsRefusedNamingTheSourceAndTheFolder() throws IOException {
        Path jar = jar(dir.resolve("runtime.jar"), Map.of(
                "features/web/feature.properties", "pid=org.acme.web".getBytes(StandardCharsets.UTF_8),
                "features/web/web.jar", bundle("org.acme.web", "0.1.0")));
        IOException e = assertThrows(IOException.class, () -> FeatureCatalogue.read(jar));
        assertTrue(e.getMessage().contains("runtime.jar: features/web/feature.properties: pids, plugins and types are missing"),
                e.getMessage());
    }

    @Test
    void bundlesWithoutADescriptorOrADescriptorWithoutBundlesAreRefused() throws IOException {
        Path noDescriptor = jar(dir.resolve("a.jar"), Map.of("features/web/web.jar", bundle("org.acme.web", "1")));
        assertTrue(assertThrows(IOException.class, () -> FeatureCatalogue.read(noDescriptor)).getMessage()
                .endsWith("features/web/ has bundles but no feature.properties"));
        Path noBundle = jar(dir.resolve("b.jar"), Map.of("features/web/feature.properties",
                "pids=org.acme.web".getBytes(StandardCharsets.UTF_8)));
        assertTrue(assertThrows(IOException.class, () -> FeatureCatalogue.read(noBundle)).getMessage()
                .endsWith("features/web/ has no bundle jar"));
    }

    @Test
    void aSourceThatIsNotThereIsOneLineNamingIt() {
        IOException e = assertThrows(IOException.class, () -> FeatureCatalogue.read(dir.resolve("gone.jar")));
        assertTrue(e.getMessage().endsWith("gone.jar: no such jar or folder"), e.getMessage());
    }

    @Test
    void aBundleIsKnownByTheSymbolicNameWithoutDirectivesAndItsVersion() throws IOException {
        assertArrayEquals(new String[] { "org.acme.remote", "1.2.3" },
                FeatureBundles.identity(bundle("org.acme.remote;singleton:=true", "1.2.3")));
        assertArrayEquals(new String[] { "org.acme.x", "0.0.0" }, FeatureBundles.identity(bundle("org.acme.x", null)));
        assertNull(FeatureBundles.identity(jarBytes(new Manifest(), Map.of())));
    }

    static byte[] bundle(String bsn, String version) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue("Bundle-ManifestVersion", "2");
        m.getMainAttributes().putValue("Bundle-SymbolicName", bsn);
        if (version != null) {
            m.getMainAttributes().putValue("Bundle-Version", version);
        }
        return jarBytes(m, Map.of());
    }

    private static byte[] jarBytes(Manifest m, Map<String, byte[]> entries) throws IOException {
        m.getMainAttributes().putIfAbsent(Attributes.Name.MANIFEST_VERSION, "1.0");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, m, entries);
        return out.toByteArray();
    }

    private static Path jar(Path file, Map<String, byte[]> entries) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        try (OutputStream out = Files.newOutputStream(file)) {
            write(out, m, entries);
        }
        return file;
    }

    private static void write(OutputStream out, Manifest m, Map<String, byte[]> entries) throws IOException {
        try (JarOutputStream j = new JarOutputStream(out, m)) {
            for (Map.Entry<String, byte[]> e : new java.util.TreeMap<>(entries).entrySet()) {
                j.putNextEntry(new JarEntry(e.getKey()));
                j.write(e.getValue());
                j.closeEntry();
            }
        }
    }
}
