package org.robocell.description.internal.xacro;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.robocell.description.internal.InputFiles;

/**
 * Finds ROS packages for {@code $(find pkg)} and {@code package://pkg/...} on the package path the robot names,
 * directories searched in order: in each, a directory named after the package (as an install's {@code share/}
 * folder has them), the directory itself when its {@code package.xml} names the package, or a directory below it (at
 * most {@value #MAX_DEPTH} levels) whose {@code package.xml} names it (a source checkout). Nothing outside the
 * package path is searched: no environment variable, no ROS installation.
 */
final class PackagePath {

    /** Deep enough for a workspace's {@code src/repository/package}. */
    static final int MAX_DEPTH = 3;
    /** Directories looked into per search; a package path of a whole disk stops there instead of taking minutes. */
    static final int MAX_DIRECTORIES = 5000;

    private static final Pattern PACKAGE_NAME = Pattern.compile("<name>\\s*([^<\\s]+)\\s*</name>");

    private final List<Path> roots;
    private final Map<String, Path> found = new HashMap<>();

    PackagePath(List<Path> roots) {
        this.roots = List.copyOf(roots);
    }

    /** The package's directory. */
    Path find(String name) {
        if (!name.matches("[A-Za-z0-9_.-]+") || name.equals(".") || name.equals("..")) {
            throw new XacroProblem("'" + name + "' is not a package name; expected letters, digits and _ as in "
                    + "$(find my_robot_description)");
        }
        Path cached = found.get(name);
        if (cached != null) {
            return cached;
        }
        for (Path root : roots) {
            Path p = search(root, name);
            if (p != null) {
                found.put(name, p);
                return p;
            }
        }
        throw new XacroProblem("no package '" + name + "' on the package path "
                + (roots.isEmpty() ? "(none is configured)" : roots.toString())
                + "; expected a directory named " + name + ", or one whose package.xml names it, in one of the "
                + "package.path directories");
    }

    private static Path search(Path root, String name) {
        Path direct = root.resolve(name);
        if (Files.isDirectory(direct)) {
            return direct;
        }
        List<Path> level = List.of(root);
        int visited = 0;
        for (int depth = 0; depth <= MAX_DEPTH && !level.isEmpty(); depth++) {
            List<Path> next = new ArrayList<>();
            for (Path dir : level) {
                if (++visited > MAX_DIRECTORIES) {
                    return null;
                }
                if (name.equals(packageName(dir))) {
                    return dir;
                }
                if (depth < MAX_DEPTH) {
                    next.addAll(subdirectories(dir));
                }
            }
            level = next;
        }
        return null;
    }

    private static String packageName(Path dir) {
        Path xml = dir.resolve("package.xml");
        if (!Files.isRegularFile(xml)) {
            return null;
        }
        try {
            String text = new String(InputFiles.read(xml, xml.toString(), 1024 * 1024), StandardCharsets.UTF_8);
            Matcher m = PACKAGE_NAME.matcher(text);
            return m.find() ? m.group(1) : null;
        } catch (RuntimeException e) {
            return null; // an unreadable package.xml names no package
        }
    }

    private static List<Path> subdirectories(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isDirectory)
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** A file name as an include or load_yaml names it: {@code package://pkg/path}, {@code file://path} or a path. */
    Path file(String name, Path relativeTo) {
        if (name.startsWith("package://")) {
            String rest = name.substring("package://".length());
            int slash = rest.indexOf('/');
            String pkg = slash < 0 ? rest : rest.substring(0, slash);
            Path dir = find(pkg);
            return slash < 0 ? dir : dir.resolve(rest.substring(slash + 1));
        }
        if (name.startsWith("file://")) {
            return file(name.substring("file://".length()), relativeTo);
        }
        try {
            Path p = Path.of(name);
            return p.isAbsolute() || relativeTo == null ? p : relativeTo.resolve(p);
        } catch (java.nio.file.InvalidPathException e) {
            throw new XacroProblem("'" + name + "' is not a file name (" + e.getReason() + "); expected a path, "
                    + "$(find pkg)/path or package://pkg/path");
        }
    }
}
