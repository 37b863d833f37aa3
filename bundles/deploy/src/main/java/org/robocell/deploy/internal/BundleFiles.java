package org.robocell.deploy.internal;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.Optional;
import java.util.logging.Level;

import org.apache.felix.fileinstall.ArtifactUrlTransformer;

/**
 * FileInstall's listener for every deploy/ file that is not a configuration: a bundle goes on to be installed
 * exactly as FileInstall's own {@code BundleTransformer} would install it (same test, same location); anything else
 * is said once ({@link Reporter}) and refused, so that FileInstall forgets the file until it changes instead of
 * retrying it silently on every scan (3.7.4 keeps a file no listener takes in its {@code processingFailures}).
 * Registered with a low ranking: FileInstall asks every registered listener before its own bundle transformer.
 */
final class BundleFiles implements ArtifactUrlTransformer {

    private final Reporter reporter;

    BundleFiles(Reporter reporter) {
        this.reporter = reporter;
    }

    @Override
    public boolean canHandle(File artifact) {
        String name = artifact.getName();
        return !name.startsWith(".") && !name.endsWith(".cfg") && !name.endsWith(".config") && artifact.isFile();
    }

    @Override
    public URL transform(URL artifact) {
        if (!"file".equals(artifact.getProtocol())) {
            return artifact; // a folder FileInstall packed into a jar itself
        }
        Path file;
        try {
            file = Path.of(artifact.toURI());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return artifact;
        }
        Optional<String> problem = JarCheck.problem(file);
        if (problem.isEmpty()) {
            return artifact;
        }
        Level level = file.getFileName().toString().endsWith(".jar") ? Level.WARNING : Level.INFO;
        reporter.report(file, level, problem.get(), null);
        return null;
    }
}
