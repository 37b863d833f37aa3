package org.robocell.cell.internal;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Dictionary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * A copy of the runtime's default cell folder ({@code runtime/cell}) read the way the runtime reads it
 * ({@link DefaultCell#configureFolder}), with the KR 6's RSI port turned into an ephemeral one (0) so that tests
 * never collide with a running cell: the configurations it creates, by name ({@code org.robocell.cell.robot~kr6}).
 */
final class CellFolder {

    static final Path RUNTIME_CELL = Path.of("../../runtime/cell");

    final Path folder;
    final Map<String, Dictionary<String, Object>> configurations = new LinkedHashMap<>();

    private CellFolder(Path folder) {
        this.folder = folder;
    }

    static CellFolder copyOfDefault(Path dir) throws IOException {
        return copyOfDefault(dir, 0);
    }

    /** The default cell with the KR 6's driver listening on {@code port} (0: an ephemeral one). */
    static CellFolder copyOfDefault(Path dir, int port) throws IOException {
        try (Stream<Path> files = Files.list(RUNTIME_CELL)) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        Path kr6 = dir.resolve("kr6r900sixx.urdf");
        String urdf = Files.readString(kr6);
        String ephemeral = urdf.replace("<param name=\"listen_port\">59152</param>",
                "<param name=\"listen_port\">" + port + "</param>");
        if (ephemeral.equals(urdf)) {
            throw new IllegalStateException("the default cell's KR 6 no longer listens on 59152; update this test");
        }
        Files.writeString(kr6, ephemeral);
        // the FR3's arm on the mock: the tests run it without its FCI robot (the emulator's configuration stays)
        Fr3OnMock.rewrite(dir.resolve("fr3.urdf"), dir.resolve("fr3.urdf"));
        return read(dir);
    }

    /** The configurations a cell folder gives, read as the runtime reads them. */
    static CellFolder read(Path dir) throws IOException {
        CellFolder cell = new CellFolder(dir);
        DefaultCell.configureFolder(cell.admin(), dir);
        return cell;
    }

    /** The robot of a configuration, as the robot component reads it. */
    RobotSettings robot(String name) {
        Dictionary<String, Object> d = configurations.get(RobotComponent.PID + "~" + name);
        if (d == null) {
            throw new IllegalArgumentException("no robot configuration '" + name + "' in " + configurations.keySet());
        }
        return RobotSettings.of(config(d), folder);
    }

    /** What DS hands the component: the dictionary's strings converted to the annotation's types, defaults else. */
    static RobotConfig config(Dictionary<String, Object> d) {
        return (RobotConfig) Proxy.newProxyInstance(RobotConfig.class.getClassLoader(), new Class<?>[] {RobotConfig.class},
                (p, m, a) -> {
                    if (m.getName().equals("annotationType")) {
                        return RobotConfig.class;
                    }
                    Object v = d.get(m.getName().replace('_', '.'));
                    if (v == null) {
                        return m.getDefaultValue();
                    }
                    String s = String.valueOf(v);
                    Class<?> t = m.getReturnType();
                    if (t == String[].class) {
                        return new String[] {s};
                    }
                    if (t == int.class) {
                        return Integer.parseInt(s);
                    }
                    if (t == boolean.class) {
                        return Boolean.parseBoolean(s);
                    }
                    return s;
                });
    }

    private ConfigurationAdmin admin() {
        return (ConfigurationAdmin) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ConfigurationAdmin.class}, (p, m, a) -> switch (m.getName()) {
                    case "getFactoryConfiguration" -> configuration(a[0] + "~" + a[1]);
                    case "getConfiguration" -> configuration((String) a[0]);
                    default -> null;
                });
    }

    private Configuration configuration(String name) {
        return (Configuration) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Configuration.class},
                (p, m, a) -> {
                    if (m.getName().equals("update") && a != null && a.length == 1) {
                        @SuppressWarnings("unchecked")
                        Dictionary<String, Object> d = (Dictionary<String, Object>) a[0];
                        configurations.put(name, d);
                    }
                    if (m.getName().equals("getProperties")) {
                        return configurations.get(name);
                    }
                    return null;
                });
    }

    /** The names of the configurations, in the order they were created. */
    List<String> names() {
        return Collections.unmodifiableList(new ArrayList<>(configurations.keySet()));
    }
}
