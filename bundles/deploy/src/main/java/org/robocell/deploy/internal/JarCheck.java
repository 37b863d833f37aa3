package org.robocell.deploy.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.ZipException;

/**
 * Whether a file is a bundle FileInstall can install, by the same test as FileInstall's own {@code BundleTransformer}
 * (a jar whose manifest has a Bundle-SymbolicName), and if not, why not, in words an operator can act on.
 */
final class JarCheck {

    private static final byte[] LOCAL_HEADER = { 'P', 'K', 3, 4 };
    private static final byte[] EMPTY_ZIP = { 'P', 'K', 5, 6 };

    private JarCheck() {
    }

    /** @return empty when the file is a bundle; the problem otherwise */
    static Optional<String> problem(Path file) {
        byte[] head = new byte[4];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, 4);
        } catch (IOException e) {
            return Optional.of("cannot be read (" + e.getMessage() + ")");
        }
        String name = file.getFileName().toString();
        boolean jarName = name.endsWith(".jar");
        if (n == 0) {
            return Optional.of(jarName ? "empty file, not a jar" : notHandled("an empty file"));
        }
        if (!startsWith(head, n, LOCAL_HEADER) && !startsWith(head, n, EMPTY_ZIP)) {
            return Optional.of(jarName ? "not a jar (not a zip file)" : notHandled("not a jar or a configuration"));
        }
        try (JarFile jar = new JarFile(file.toFile())) {
            Manifest m = jar.getManifest();
            if (m == null) {
                return Optional.of("not a bundle (no META-INF/MANIFEST.MF)");
            }
            if (m.getMainAttributes().getValue(new Attributes.Name("Bundle-SymbolicName")) == null) {
                return Optional.of("not a bundle (no Bundle-SymbolicName)");
            }
            return Optional.empty();
        } catch (ZipException e) {
            return Optional.of("truncated zip (" + e.getMessage() + "); copy the whole jar again");
        } catch (IOException | RuntimeException e) {
            return Optional.of("damaged jar (" + e.getMessage() + ")");
        }
    }

    private static String notHandled(String what) {
        return what + "; deploy/ takes bundle jars and .cfg or .config files, this one is ignored";
    }

    private static boolean startsWith(byte[] head, int n, byte[] signature) {
        if (n < signature.length) {
            return false;
        }
        for (int i = 0; i < signature.length; i++) {
            if (head[i] != signature[i]) {
                return false;
            }
        }
        return true;
    }
}
