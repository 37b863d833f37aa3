package org.robocell.deploy.internal;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.wiring.FrameworkWiring;

/** What went wrong with a deploy/ file, from the exception FileInstall caught, as the rest of one line. */
final class Problems {

    private final BundleContext context;
    private final DeployFolder folder;

    Problems(BundleContext context, DeployFolder folder) {
        this.context = context;
        this.folder = folder;
    }

    String describe(Path file, Throwable thrown, String fileInstallMessage) {
        String name = file.getFileName().toString();
        if (name.endsWith(".cfg") || name.endsWith(".config")) {
            return configuration(file, thrown);
        }
        if (thrown instanceof BundleException be) {
            return bundle(file, be);
        }
        if (thrown == null) {
            return fileInstallMessage.replace(file.toString(), DeployFolder.display(file));
        }
        return "cannot be installed (" + oneLine(root(thrown)) + ")";
    }

    private String configuration(Path file, Throwable thrown) {
        try {
            Optional<CfgCheck.LineProblem> line = CfgCheck.firstProblem(file);
            if (line.isPresent()) {
                return line.get() + "; the file is not applied";
            }
        } catch (IOException e) {
            return "cannot be read (" + e.getMessage() + ")";
        }
        return "cannot be read as a configuration (" + oneLine(root(thrown)) + "); the file is not applied";
    }

    private String bundle(Path file, BundleException e) {
        Bundle b = context.getBundle(folder.location(file));
        String who = b == null ? "bundle" : "bundle " + b.getSymbolicName() + " " + b.getVersion();
        switch (e.getType()) {
            case BundleException.RESOLVE_ERROR -> {
                List<String> missing = b == null ? List.of()
                        : MissingRequirements.of(b, context.getBundle(0).adapt(FrameworkWiring.class));
                return missing.isEmpty() ? who + " cannot resolve (" + oneLine(e) + ")"
                        : who + " cannot resolve: nothing installed provides " + String.join(", ", missing);
            }
            case BundleException.ACTIVATOR_ERROR -> {
                Throwable cause = e.getCause() == null ? e : root(e.getCause());
                return who + " failed to start: its activator threw " + oneLine(cause);
            }
            case BundleException.DUPLICATE_BUNDLE_ERROR -> {
                return "a bundle with the same symbolic name and version is already installed (" + oneLine(e) + ")";
            }
            case BundleException.MANIFEST_ERROR -> {
                return "not a valid bundle manifest (" + oneLine(e) + ")";
            }
            default -> {
                return who + ": " + oneLine(e);
            }
        }
    }

    static Throwable root(Throwable t) {
        Throwable r = t;
        while ((r instanceof InvocationTargetException || r instanceof RuntimeException && r.getClass() == RuntimeException.class)
                && r.getCause() != null && r.getCause() != r) {
            r = r.getCause();
        }
        return r;
    }

    /** {@code Type: message}, first line only, no package names. */
    static String oneLine(Throwable t) {
        if (t == null) {
            return "";
        }
        String m = t.getMessage();
        String first = m == null ? "" : m.lines().findFirst().orElse("").strip();
        String type = t.getClass().getSimpleName();
        if (t instanceof BundleException) {
            return first.isEmpty() ? type : first;
        }
        return first.isEmpty() ? type : type + ": " + first;
    }
}
