package org.robocell.deploy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whether a deploy/ file is a bundle, and if not, the words that say why. */
class JarCheckTest {

    @TempDir
    Path dir;

    static byte[] jar(String symbolicName, int filler) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (symbolicName != null) {
            m.getMainAttributes().putValue("Bundle-ManifestVersion", "2");
            m.getMainAttributes().putValue("Bundle-SymbolicName", symbolicName);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes, m)) {
            out.putNextEntry(new JarEntry("filler.bin"));
            byte[] b = new byte[filler];
            new java.util.Random(1).nextBytes(b);
            out.write(b);
            out.closeEntry();
        }
        return bytes.toByteArray();
    }

    private Optional<String> check(String name, byte[] content) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, content);
        return JarCheck.problem(f);
    }

    @Test
    void aBundleJarPasses() throws Exception {
        assertEquals(Optional.empty(), check("good.jar", jar("org.acme.good", 1000)));
        assertEquals(Optional.empty(), check("good.bundle", jar("org.acme.good", 10)), "FileInstall takes a bundle whatever its name");
    }

    @Test
    void aTextFileNamedJarIsNotAJar() throws Exception {
        assertEquals(Optional.of("not a jar (not a zip file)"), check("foo.jar", "hello, I am text\n".getBytes()));
        assertEquals(Optional.of("empty file, not a jar"), check("empty.jar", new byte[0]));
    }

    @Test
    void aJarCutShortIsATruncatedZip() throws Exception {
        byte[] whole = jar("org.acme.cut", 20_000);
        String problem = check("bar.jar", Arrays.copyOf(whole, whole.length / 2)).orElseThrow();
        assertTrue(problem.startsWith("truncated zip ("), problem);
        assertTrue(problem.endsWith("); copy the whole jar again"), problem);
    }

    @Test
    void aJarWithoutSymbolicNameOrManifestIsNotABundle() throws Exception {
        assertEquals(Optional.of("not a bundle (no Bundle-SymbolicName)"), check("plain.jar", jar(null, 10)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (java.util.zip.ZipOutputStream out = new java.util.zip.ZipOutputStream(bytes)) {
            out.putNextEntry(new java.util.zip.ZipEntry("a.txt"));
            out.write('a');
            out.closeEntry();
        }
        assertEquals(Optional.of("not a bundle (no META-INF/MANIFEST.MF)"), check("zip.jar", bytes.toByteArray()));
    }

    @Test
    void aStrayFileThatIsNotAJarIsIgnoredWithAReason() throws Exception {
        assertEquals(Optional.of("not a jar or a configuration; deploy/ takes bundle jars and .cfg or .config files, this one is ignored"),
                check("notes.txt", "remember the milk".getBytes()));
    }
}
