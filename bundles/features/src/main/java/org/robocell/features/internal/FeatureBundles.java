package org.robocell.features.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.Version;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * Puts a feature's bundles into the framework: each one that is not installed yet (same symbolic name and version) is
 * installed, then all of them are resolved together and started. Doing it again installs nothing twice and starts
 * what is not active: a feature whose start failed once is tried again when its configuration changes.
 */
final class FeatureBundles {

    /** Where a feature's bundle comes from, as its location says ({@code robocell-feature:ssh/...jar}). */
    static final String LOCATION_SCHEME = "robocell-feature:";

    /** What one installation did: each bundle as {@code name version}, and what went wrong, one line each. */
    record Outcome(List<String> installed, List<String> present, List<String> problems) {
        boolean complete() {
            return problems.isEmpty();
        }
    }

    private FeatureBundles() {
    }

    static Outcome install(BundleContext context, FeatureCatalogue catalogue, FeatureCatalogue.Feature feature) {
        List<String> installed = new ArrayList<>();
        List<String> present = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<Bundle> bundles = new ArrayList<>();
        for (String entry : feature.bundles()) {
            byte[] jar;
            String[] identity;
            try (InputStream in = catalogue.open(entry)) {
                jar = in.readAllBytes();
                identity = identity(jar);
            } catch (IOException e) {
                problems.add(entry + " could not be read: " + e.getMessage());
                continue;
            }
            if (identity == null) {
                problems.add(entry + " is not a bundle (no Bundle-SymbolicName in its manifest)");
                continue;
            }
            String name = identity[0] + " " + identity[1];
            Bundle existing = find(context, identity[0], Version.parseVersion(identity[1]));
            if (existing != null) {
                present.add(name);
                bundles.add(existing);
                continue;
            }
            try {
                bundles.add(context.installBundle(LOCATION_SCHEME + entry.substring(FeatureCatalogue.FOLDER.length()),
                        new ByteArrayInputStream(jar)));
                installed.add(name);
            } catch (BundleException | RuntimeException e) {
                problems.add(name + " could not be installed: " + e.getMessage());
            }
        }
        FrameworkWiring wiring = context.getBundle(Constants.SYSTEM_BUNDLE_LOCATION).adapt(FrameworkWiring.class);
        wiring.resolveBundles(bundles);
        for (Bundle b : bundles) {
            if (isFragment(b) || b.getState() == Bundle.ACTIVE || b.getState() == Bundle.STARTING) {
                continue;
            }
            try {
                b.start();
            } catch (BundleException | RuntimeException e) {
                problems.add(b.getSymbolicName() + " " + b.getVersion() + " could not start: " + e.getMessage());
            }
        }
        return new Outcome(List.copyOf(installed), List.copyOf(present), List.copyOf(problems));
    }

    /** {symbolic name, version} from the jar's manifest, or null when it names no symbolic name. */
    static String[] identity(byte[] jar) throws IOException {
        try (JarInputStream in = new JarInputStream(new ByteArrayInputStream(jar))) {
            Manifest m = in.getManifest();
            String bsn = m == null ? null : m.getMainAttributes().getValue(Constants.BUNDLE_SYMBOLICNAME);
            if (bsn == null || bsn.isBlank()) {
                return null;
            }
            String version = m.getMainAttributes().getValue(Constants.BUNDLE_VERSION);
            return new String[] { bsn.split(";")[0].trim(),
                    Version.parseVersion(version == null ? "0" : version.trim()).toString() };
        }
    }

    private static Bundle find(BundleContext context, String symbolicName, Version version) {
        for (Bundle b : context.getBundles()) {
            if (symbolicName.equals(b.getSymbolicName()) && version.equals(b.getVersion())
                    && b.getState() != Bundle.UNINSTALLED) {
                return b;
            }
        }
        return null;
    }

    private static boolean isFragment(Bundle b) {
        BundleRevision r = b.adapt(BundleRevision.class);
        return r != null && (r.getTypes() & BundleRevision.TYPE_FRAGMENT) != 0;
    }
}
