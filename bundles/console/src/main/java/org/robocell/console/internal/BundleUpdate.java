package org.robocell.console.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.ZipException;

import org.osgi.framework.Bundle;
import org.osgi.framework.Constants;
import org.osgi.framework.Version;

/**
 * The new content of a bundle update, fetched and checked before the bundle is touched: readable, a jar, a bundle, the
 * same bundle (symbolic name), a valid version that no other installed bundle has. The framework's own update stops
 * the bundle first and only then finds out that the content cannot be read (Felix 7: a location that is not a URL,
 * such as bnd's launcher's {@code jar/x.jar}, fails with MalformedURLException after the stop).
 */
final class BundleUpdate implements AutoCloseable {

    private static final String REFERENCE = "reference:";

    private final Path jar;
    private final String source;
    private final String symbolicName;
    private final Version version;

    private BundleUpdate(Path jar, String source, String symbolicName, Version version) {
        this.jar = jar;
        this.source = source;
        this.symbolicName = symbolicName;
        this.version = version;
    }

    String source() {
        return source;
    }

    Version version() {
        return version;
    }

    InputStream open() throws IOException {
        return Files.newInputStream(jar);
    }

    @Override
    public void close() {
        try {
            Files.deleteIfExists(jar);
        } catch (IOException e) {
            jar.toFile().deleteOnExit();
        }
    }

    /**
     * @param given the URL or file the user named, or null for the bundle's own update location
     * @throws CommandError when the update cannot work; the bundle is untouched
     */
    static BundleUpdate prepare(Bundle bundle, String given, Bundle[] installed) {
        String who = "bundle " + bundle.getBundleId() + " (" + bundle.getSymbolicName() + ")";
        if (bundle.getBundleId() == 0) {
            throw new CommandError("cannot update bundle 0: the framework is updated by replacing robocell.jar");
        }
        URL url = url(bundle, given, who);
        Path copy;
        try {
            copy = Files.createTempFile("robocell-update-", ".jar");
        } catch (IOException e) {
            throw new CommandError("cannot update " + who + ": no temporary file (" + e.getMessage() + ")");
        }
        try (InputStream in = url.openStream()) {
            Files.copy(in, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            BundleUpdate update = check(bundle, who, url.toString(), copy, installed);
            copy = null;
            return update;
        } catch (IOException e) {
            throw new CommandError("cannot update " + who + ": cannot read " + url + " (" + describe(e) + ")");
        } finally {
            if (copy != null) {
                try {
                    Files.deleteIfExists(copy);
                } catch (IOException ignored) {
                    copy.toFile().deleteOnExit();
                }
            }
        }
    }

    private static URL url(Bundle bundle, String given, String who) {
        if (given != null) {
            try {
                return new URL(given);
            } catch (MalformedURLException notAUrl) {
                try {
                    Path file = Path.of(given);
                    if (Files.isRegularFile(file)) {
                        return file.toUri().toURL();
                    }
                } catch (InvalidPathException | MalformedURLException notAFile) {
                    // neither
                }
                throw new CommandError("cannot update " + who + ": '" + given + "' is neither a URL nor a file");
            }
        }
        String updateLocation = bundle.getHeaders().get(Constants.BUNDLE_UPDATELOCATION);
        String location = updateLocation != null ? updateLocation : bundle.getLocation();
        try {
            // Felix reads a "reference:" location in place; the rest is the URL of the jar
            return new URL(location.startsWith(REFERENCE) ? location.substring(REFERENCE.length()) : location);
        } catch (MalformedURLException e) {
            throw new CommandError("cannot update " + who + ": its location '" + location
                    + "' is not a URL; give the new jar: update " + bundle.getBundleId() + " file:/path/x.jar");
        }
    }

    private static BundleUpdate check(Bundle bundle, String who, String source, Path copy, Bundle[] installed)
            throws IOException {
        byte[] head = new byte[4];
        try (InputStream in = Files.newInputStream(copy)) {
            int n = in.readNBytes(head, 0, 4);
            if (n < 4 || head[0] != 'P' || head[1] != 'K') {
                throw new CommandError("cannot update " + who + ": " + source + " is not a jar (not a zip file)");
            }
        }
        Manifest manifest;
        try (JarFile jar = new JarFile(copy.toFile())) {
            manifest = jar.getManifest();
        } catch (ZipException e) {
            throw new CommandError("cannot update " + who + ": " + source + " is a truncated or damaged jar (" + e.getMessage() + ")");
        }
        if (manifest == null) {
            throw new CommandError("cannot update " + who + ": " + source + " is not a bundle (no META-INF/MANIFEST.MF)");
        }
        String bsn = manifest.getMainAttributes().getValue(Constants.BUNDLE_SYMBOLICNAME);
        if (bsn == null) {
            throw new CommandError("cannot update " + who + ": " + source + " is not a bundle (no Bundle-SymbolicName)");
        }
        bsn = bsn.split(";", 2)[0].trim();
        if (!bsn.equals(bundle.getSymbolicName())) {
            throw new CommandError("cannot update " + who + ": " + source + " holds " + bsn + ", another bundle; install it"
                    + " instead");
        }
        Version version;
        try {
            String v = manifest.getMainAttributes().getValue(Constants.BUNDLE_VERSION);
            version = v == null ? Version.emptyVersion : Version.parseVersion(v.trim());
        } catch (IllegalArgumentException e) {
            throw new CommandError("cannot update " + who + ": " + source + " has an invalid Bundle-Version (" + e.getMessage() + ")");
        }
        for (Bundle other : installed) {
            if (other.getBundleId() != bundle.getBundleId() && bsn.equals(other.getSymbolicName())
                    && version.equals(other.getVersion())) {
                throw new CommandError("cannot update " + who + ": bundle " + other.getBundleId() + " is already " + bsn + " "
                        + version);
            }
        }
        return new BundleUpdate(copy, source, bsn, version);
    }

    private static String describe(IOException e) {
        String m = e.getMessage();
        return e instanceof java.io.FileNotFoundException || e instanceof java.nio.file.NoSuchFileException
                ? "no such file"
                : e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    }

    @Override
    public String toString() {
        return symbolicName + " " + version + " from " + source;
    }
}
