package org.robocell.description;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.robocell.api.controller.Parameters;
import org.robocell.description.internal.ControllersConfigReader;
import org.robocell.description.internal.RosParameterFile;
import org.robocell.description.internal.InputFiles;
import org.robocell.description.internal.Utf8Text;

/**
 * A controller manager's set-up read from ROS 2 parameter files in the ros2_control format, one file or several
 * layered in order:
 *
 * <pre>
 * controller_manager:            # or /**{@literal /}controller_manager:, or /**: controller_manager:
 *   ros__parameters:
 *     update_rate: 1000
 *     jtc:
 *       type: joint_trajectory_controller/JointTrajectoryController
 * jtc:                           # or /**{@literal /}jtc:, possibly in a file of its own
 *   ros__parameters:
 *     joints: [a1, a2]
 *     gains:
 *       a1: {p: 1.0, i: 0.0}
 * </pre>
 *
 * Rules, beyond the format above (ROS 2's parameter-file semantics unless said otherwise):
 * <ul>
 * <li>Node names: nested keys join into one name ({@code /**: {jtc: ...}} is {@code /**}{@code /jtc});
 * {@code /**} matches any namespace, {@code *} one name part. A name written twice at the top level is merged, as
 * ROS 2's parameter loader merges it. A plain name ({@code jtc:}) applies to that node in the robot's namespace
 * (RoboCell reads the file for one robot).</li>
 * <li>Layering: a node's parameters are those of every section that matches it; a later file wins over an
 * earlier one, and within a file a section naming the node outright wins over a wildcard one.</li>
 * <li>{@code update_rate} must be a positive integer; absent, it is {@value #DEFAULT_UPDATE_RATE} as in
 * ros2_control.</li>
 * <li>Maps under the manager's {@code ros__parameters} declare controllers: {@code type} (required) and
 * optionally {@code fallback_controllers}. The manager's own parameter groups ({@code defaults},
 * {@code hardware_components_initial_state}, {@code diagnostics}, {@code overruns},
 * {@code hardware_synchronization}, {@code statistics}) and scalars go to {@link #managerParameters()}; an unknown
 * manager scalar is a warning.</li>
 * <li>A controller's type may instead be written as {@code type} in its own section (as Jazzy's spawner allows);
 * written in both places, the two must agree.</li>
 * <li>A section for a node that is neither the manager nor a controller is an <b>error</b> when its name is close to
 * a controller's (a misspelt name: the message names the closest), else a warning (another node's parameters, such
 * as kuka_drivers' {@code robot_manager}).</li>
 * <li>Namespaces: {@code /robot1/controller_manager}, or {@code robot1:} nesting node sections, set
 * {@link #namespace()} when the robot has none; a robot with a namespace reads the sections for it and ignores
 * those of another robot's namespace.</li>
 * <li>Parameters are flattened to dotted keys ({@code gains.a1.p}); lists hold scalars of one kind, or maps whose
 * keys belong to the list's key (gpio_controllers' {@code flange_vacuum: [{interfaces: [vacuum]}]} is
 * {@code flange_vacuum.interfaces}). Empty values, merge keys, binary and custom tags, duplicate keys within one map
 * (also {@code a.b} written both nested and dotted) are errors.</li>
 * <li>Hostile input is bounded: 50 aliases to collections, 64 levels of nesting, a 4 MiB file, 100 000 values after
 * alias expansion; recursive aliases are refused.</li>
 * </ul>
 *
 * @param source             the file names joined with {@code " + "}, as used in messages
 * @param namespace          the controller manager's namespace without slashes at the ends ({@code robot1} for
 *                           {@code /robot1/controller_manager}), empty when it has none
 * @param updateRate         the control loop rate in Hz
 * @param managerParameters  every other {@code controller_manager} parameter, flattened (update_rate included)
 * @param controllers        the declared controllers by name, in declaration order
 * @param warnings           one line each, {@code file:line: what; what happens} (since 1.1)
 */
public record ControllersConfig(String source, String namespace, int updateRate, Parameters managerParameters,
        Map<String, ControllerDeclaration> controllers, List<String> warnings) {

    /** ros2_control's default for {@code update_rate}. */
    public static final int DEFAULT_UPDATE_RATE = 100;

    public ControllersConfig {
        if (updateRate <= 0) {
            throw new IllegalArgumentException("update rate must be positive, got " + updateRate);
        }
        namespace = namespace == null ? "" : namespace;
        controllers = Collections.unmodifiableMap(new LinkedHashMap<>(controllers));
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** A configuration without warnings. */
    public ControllersConfig(String source, String namespace, int updateRate, Parameters managerParameters,
            Map<String, ControllerDeclaration> controllers) {
        this(source, namespace, updateRate, managerParameters, controllers, List.of());
    }

    /**
     * Reads several files (UTF-8) layered in order, later ones winning, for a robot in {@code namespace}.
     *
     * @param namespace the robot's namespace without slashes at the ends; empty: the one the files' controller
     *                  manager section names, if any
     * @since 1.1
     */
    public static ControllersConfig parse(List<Path> files, String namespace) {
        return parse(files, namespace, Map.of());
    }

    /**
     * Reads several files layered in order, as {@link #parse(List, String)}, resolving the launch substitutions
     * their string values hold ({@code $(var name)} from {@code launchArgs}, {@code $(env NAME)}), as a launch file
     * that loads them with {@code allow_substs=True} does.
     *
     * @since 1.1
     */
    public static ControllersConfig parse(List<Path> files, String namespace, Map<String, String> launchArgs) {
        List<RosParameterFile> read = new ArrayList<>();
        for (Path file : files) {
            String source = file.toString();
            byte[] bytes = InputFiles.read(file, source, InputFiles.MAX_YAML_BYTES);
            read.add(RosParameterFile.read(Utf8Text.decodeUtf8(bytes, source), source, launchArgs));
        }
        return ControllersConfigReader.read(read, namespace);
    }

    /**
     * Reads YAML texts layered in order, later ones winning.
     *
     * @param texts     source name to text, in layering order
     * @param namespace as for {@link #parse(List, String)}
     * @since 1.1
     */
    public static ControllersConfig parse(Map<String, String> texts, String namespace) {
        List<RosParameterFile> read = new ArrayList<>();
        texts.forEach((source, text) -> read.add(RosParameterFile.read(text == null ? "" : text, source)));
        return ControllersConfigReader.read(read, namespace);
    }

    /** Reads a YAML file (UTF-8); the path as given names the file in error messages. */
    public static ControllersConfig parse(Path file) {
        String source = file.toString();
        byte[] bytes = InputFiles.read(file, source, InputFiles.MAX_YAML_BYTES);
        return parse(Map.of(source, Utf8Text.decodeUtf8(bytes, source)), "");
    }

    /**
     * Reads a YAML stream (UTF-8), e.g. a bundle resource; the caller closes the stream.
     *
     * @param sourceName names the input in error messages, e.g. {@code controllers.yaml}
     */
    public static ControllersConfig parse(InputStream in, String sourceName) {
        byte[] bytes = InputFiles.read(in, sourceName, InputFiles.MAX_YAML_BYTES);
        return parse(Map.of(sourceName, Utf8Text.decodeUtf8(bytes, sourceName)), "");
    }

    /**
     * Reads YAML text.
     *
     * @param sourceName names the input in error messages, e.g. {@code controllers.yaml}
     */
    public static ControllersConfig parse(String yaml, String sourceName) {
        return parse(Map.of(sourceName, yaml == null ? "" : yaml), "");
    }

    public Optional<ControllerDeclaration> controller(String name) {
        return Optional.ofNullable(controllers.get(name));
    }
}
