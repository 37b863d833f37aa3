package org.robocell.features.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The features a jar (the runtime's own) or a folder carries: for each {@code features/<name>/}, what calls for it
 * ({@code feature.properties}: the configuration PIDs in {@code pids=a,b}, the hardware plugins its driver serves in
 * {@code plugins=x/Y}, the controller types its bundles provide in {@code types=x/Y}) and its bundle jars. Read once; the bundles are opened from the same source when a feature is
 * installed.
 */
final class FeatureCatalogue {

    static final String FOLDER = "features/";
    static final String DESCRIPTOR = "feature.properties";

    /**
     * One feature: its name (the folder's), the PIDs, the hardware plugins and the controller types that call for it,
     * its bundles' entries in the source.
     */
    record Feature(String name, Set<String> pids, Set<String> plugins, Set<String> types, List<String> bundles) {
        boolean calledFor(String pid) {
            return pid != null && pids.contains(pid);
        }

        /**
         * Whether the feature serves a plugin as a URDF writes it: its lookup name ({@code kuka_eac/X}) or its C++
         * class ({@code kuka_eac::X}), as the cell reads plugin names.
         */
        boolean serves(String plugin) {
            return plugin != null && plugins.contains(plugin.trim().replace("::", "/"));
        }

        /** Whether the feature provides a controller type, as a controllers file writes it. */
        boolean provides(String type) {
            return type != null && types.contains(type.trim());
        }
    }

    private final Path source;
    private final boolean jar;
    private final List<Feature> features;

    private FeatureCatalogue(Path source, boolean jar, List<Feature> features) {
        this.source = source;
        this.jar = jar;
        this.features = features;
    }

    /** A catalogue with no feature: a runtime started without a source (the integration tests' framework). */
    static FeatureCatalogue empty() {
        return new FeatureCatalogue(null, false, List.of());
    }

    /**
     * The features of a jar or a folder.
     *
     * @throws IOException naming the source and the entry when it cannot be read, or a feature without
     *         {@code pids} or without bundles
     */
    static FeatureCatalogue read(Path source) throws IOException {
        if (Files.isDirectory(source)) {
            return new FeatureCatalogue(source, false, fromFolder(source));
        }
        if (!Files.isRegularFile(source)) {
            throw new IOException(source + ": no such jar or folder");
        }
        try (JarFile j = new JarFile(source.toFile())) {
            return new FeatureCatalogue(source, true, fromJar(source, j));
        }
    }

    List<Feature> features() {
        return features;
    }

    Path source() {
        return source;
    }

    /** A bundle of a feature, as the source holds it; the caller closes it. */
    InputStream open(String entry) throws IOException {
        if (!jar) {
            return Files.newInputStream(source.resolve(entry));
        }
        // the jar is closed again at once: a runtime jar rebuilt in place while the cell runs is not held open
        try (JarFile j = new JarFile(source.toFile())) {
            JarEntry e = j.getJarEntry(entry);
            if (e == null) {
                throw new IOException(source + ": no entry " + entry);
            }
            try (InputStream in = j.getInputStream(e)) {
                return new ByteArrayInputStream(in.readAllBytes());
            }
        }
    }

    private static List<Feature> fromJar(Path source, JarFile j) throws IOException {
        Map<String, String> descriptors = new TreeMap<>();
        Map<String, List<String>> bundles = new TreeMap<>();
        for (JarEntry e : Collections.list(j.entries())) {
            String[] parts = e.getName().split("/");
            if (e.isDirectory() || parts.length != 3 || !(parts[0] + "/").equals(FOLDER)) {
                continue;
            }
            if (parts[2].equals(DESCRIPTOR)) {
                try (InputStream in = j.getInputStream(e)) {
                    descriptors.put(parts[1], new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            } else if (parts[2].endsWith(".jar")) {
                bundles.computeIfAbsent(parts[1], k -> new ArrayList<>()).add(e.getName());
            }
        }
        return features(source, descriptors, bundles);
    }

    private static List<Feature> fromFolder(Path source) throws IOException {
        Map<String, String> descriptors = new TreeMap<>();
        Map<String, List<String>> bundles = new TreeMap<>();
        Path root = source.resolve(FOLDER);
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                String name = dir.getFileName().toString();
                Path descriptor = dir.resolve(DESCRIPTOR);
                if (Files.isRegularFile(descriptor)) {
                    descriptors.put(name, Files.readString(descriptor, StandardCharsets.UTF_8));
                }
                try (Stream<Path> files = Files.list(dir)) {
                    files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".jar"))
                            .forEach(f -> bundles.computeIfAbsent(name, k -> new ArrayList<>()).add(FOLDER + name + "/" + f));
                }
            }
        }
        return features(source, descriptors, bundles);
    }

    private static Set<String> list(String value) {
        Set<String> items = new LinkedHashSet<>();
        Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).forEach(items::add);
        return Collections.unmodifiableSet(items);
    }

    private static List<Feature> features(Path source, Map<String, String> descriptors,
            Map<String, List<String>> bundles) throws IOException {
        Set<String> names = new LinkedHashSet<>(descriptors.keySet());
        names.addAll(bundles.keySet());
        List<Feature> features = new ArrayList<>();
        for (String name : names) {
            String where = source + ": " + FOLDER + name + "/";
            String descriptor = descriptors.get(name);
            if (descriptor == null) {
                throw new IOException(where + " has bundles but no " + DESCRIPTOR);
            }
            Properties p = new Properties();
            p.load(new StringReader(descriptor));
            Set<String> pids = list(p.getProperty("pids", ""));
            Set<String> plugins = list(p.getProperty("plugins", ""));
            Set<String> types = list(p.getProperty("types", ""));
            if (pids.isEmpty() && plugins.isEmpty() && types.isEmpty()) {
                throw new IOException(where + DESCRIPTOR + ": pids, plugins and types are missing; expected the"
                        + " configuration PIDs (pids=), the hardware plugins (plugins=) or the controller types"
                        + " (types=) that call for the feature, comma separated");
            }
            List<String> jars = bundles.getOrDefault(name, List.of()).stream().sorted().toList();
            if (jars.isEmpty()) {
                throw new IOException(where + " has no bundle jar");
            }
            features.add(new Feature(name, pids, plugins, types, jars));
        }
        return List.copyOf(features);
    }
}
