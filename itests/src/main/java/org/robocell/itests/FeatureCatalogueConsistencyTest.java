package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;

import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.hardware.HardwareFactory;

/**
 * The runtime jar's features say what calls for them: the controller types ({@code types=}) and hardware plugins
 * ({@code plugins=}) in each {@code feature.properties}. A name written there that the feature's own bundles do not
 * register would never install it (the robot waits for a type nobody brings), and a type the bundles register but the
 * file forgets would not call for it: each is checked here against the factories those bundles register in this
 * framework, which holds every bundle.
 */
class FeatureCatalogueConsistencyTest {

    private static final Path RUNTIME = Path.of("../runtime/target/robocell.jar").toAbsolutePath().normalize();

    @InjectBundleContext
    BundleContext context;

    @Test
    void eachFeatureNamesExactlyTheTypesAndPluginsItsBundlesRegister() throws Exception {
        assertTrue(Files.isRegularFile(RUNTIME), "the runtime jar is built before the integration tests: " + RUNTIME);
        Map<String, Properties> descriptors = new TreeMap<>();
        Map<String, Set<String>> bundles = new TreeMap<>();
        try (JarFile jar = new JarFile(RUNTIME.toFile())) {
            for (JarEntry e : Collections.list(jar.entries())) {
                String[] parts = e.getName().split("/");
                if (parts.length != 3 || !parts[0].equals("features")) {
                    continue;
                }
                try (InputStream in = jar.getInputStream(e)) {
                    if (parts[2].equals("feature.properties")) {
                        Properties p = new Properties();
                        p.load(new StringReader(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
                        descriptors.put(parts[1], p);
                    } else if (parts[2].endsWith(".jar")) {
                        bundles.computeIfAbsent(parts[1], k -> new HashSet<>()).add(symbolicName(in, e.getName()));
                    }
                }
            }
        }
        assertFalse(descriptors.isEmpty(), "no features in " + RUNTIME);
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, Properties> f : descriptors.entrySet()) {
            Set<String> own = bundles.getOrDefault(f.getKey(), Set.of());
            compare(f.getKey(), "types", list(f.getValue().getProperty("types", "")),
                    registered(ControllerFactory.class, ControllerFactory.TYPE, own), wrong);
            compare(f.getKey(), "plugins", list(f.getValue().getProperty("plugins", "")),
                    registered(HardwareFactory.class, HardwareFactory.PLUGIN, own), wrong);
        }
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    private static void compare(String feature, String key, Set<String> written, Set<String> registered,
            List<String> wrong) {
        for (String w : written) {
            if (!registered.contains(w)) {
                wrong.add("features/" + feature + "/feature.properties: " + key + "=" + w + " is not registered by the"
                        + " feature's bundles (they register " + registered + ")");
            }
        }
        for (String r : registered) {
            if (!written.contains(r)) {
                wrong.add("features/" + feature + "/feature.properties: " + key + "= lacks " + r + ", which its bundles"
                        + " register");
            }
        }
    }

    /** The values of {@code property} on the services of {@code type} that the bundles named register. */
    private Set<String> registered(Class<?> type, String property, Set<String> symbolicNames)
            throws InvalidSyntaxException {
        Set<String> values = new HashSet<>();
        for (ServiceReference<?> r : context.getServiceReferences(type.getName(), null)) {
            if (!symbolicNames.contains(r.getBundle().getSymbolicName())) {
                continue;
            }
            Object v = r.getProperty(property);
            if (v instanceof String s) {
                values.add(s);
            } else if (v instanceof String[] a) {
                values.addAll(Arrays.asList(a));
            }
        }
        return values;
    }

    private static Set<String> list(String value) {
        Set<String> items = new HashSet<>();
        Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).forEach(items::add);
        return items;
    }

    private static String symbolicName(InputStream in, String entry) throws IOException {
        try (JarInputStream jar = new JarInputStream(in)) {
            String bsn = jar.getManifest() == null ? null
                    : jar.getManifest().getMainAttributes().getValue("Bundle-SymbolicName");
            if (bsn == null) {
                throw new IOException(entry + " is not a bundle");
            }
            return bsn.split(";")[0].trim();
        }
    }
}
