package org.robocell.description;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.robocell.api.controller.Parameters;
import org.robocell.description.internal.ControllersYamlReader;
import org.robocell.description.internal.InputFiles;
import org.robocell.description.internal.Utf8Text;

/**
 * A controller manager configuration in the ros2_control YAML format:
 *
 * <pre>
 * controller_manager:
 *   ros__parameters:
 *     update_rate: 1000
 *     jtc:
 *       type: joint_trajectory_controller/JointTrajectoryController
 * jtc:
 *   ros__parameters:
 *     joints: [a1, a2]
 *     gains:
 *       a1: {p: 1.0, i: 0.0}
 * </pre>
 *
 * Rules, beyond the format above:
 * <ul>
 * <li>{@code update_rate} must be a positive integer; absent, it is {@value #DEFAULT_UPDATE_RATE} as in
 * ros2_control.</li>
 * <li>Maps under {@code controller_manager.ros__parameters} declare controllers: {@code type} (required) and
 * optionally {@code fallback_controllers}. The manager's own parameter groups ({@code defaults},
 * {@code hardware_components_initial_state}, {@code diagnostics}, {@code overruns},
 * {@code hardware_synchronization}, {@code statistics}) and scalars go to {@link #managerParameters()}.</li>
 * <li>A controller's type may instead be written as {@code type} in its own {@code ros__parameters} (as Jazzy
 * allows); written in both places, the two must agree.</li>
 * <li>A section for a controller that is not declared is an <b>error</b>, not a warning: with no declaration it has
 * no type and could never be loaded, so the section is almost always a misspelt name. The message lists the
 * declared controllers and the closest one.</li>
 * <li>Namespaces: {@code /robot1/controller_manager}, or {@code robot1:} nesting node sections, set
 * {@link #namespace()}; controllers must be in the manager's namespace. Wildcard sections ({@code /**} and
 * {@code /**}{@code /name}) give defaults to every matching node; a node's own values win.</li>
 * <li>Parameters are flattened to dotted keys ({@code gains.a1.p}); lists must hold scalars of one kind. Empty
 * values, merge keys, binary and custom tags, duplicate keys (also {@code a.b} written both nested and dotted)
 * are errors.</li>
 * <li>Hostile input is bounded: 50 aliases to collections, 64 levels of nesting, a 4 MiB file, 100 000 values after
 * alias expansion; recursive aliases are refused.</li>
 * </ul>
 *
 * @param source             the file name or label, as used in error messages
 * @param namespace          the controller manager's namespace without slashes at the ends ({@code robot1} for
 *                           {@code /robot1/controller_manager}), empty when it has none
 * @param updateRate         the control loop rate in Hz
 * @param managerParameters  every other {@code controller_manager} parameter, flattened (update_rate included)
 * @param controllers        the declared controllers by name, in declaration order
 */
public record ControllersConfig(String source, String namespace, int updateRate, Parameters managerParameters,
        Map<String, ControllerDeclaration> controllers) {

    /** ros2_control's default for {@code update_rate}. */
    public static final int DEFAULT_UPDATE_RATE = 100;

    public ControllersConfig {
        if (updateRate <= 0) {
            throw new IllegalArgumentException("update rate must be positive, got " + updateRate);
        }
        namespace = namespace == null ? "" : namespace;
        controllers = Collections.unmodifiableMap(new LinkedHashMap<>(controllers));
    }

    /** Reads a YAML file (UTF-8); the path as given names the file in error messages. */
    public static ControllersConfig parse(Path file) {
        String source = file.toString();
        byte[] bytes = InputFiles.read(file, source, InputFiles.MAX_YAML_BYTES);
        return ControllersYamlReader.read(Utf8Text.decodeUtf8(bytes, source), source);
    }

    /**
     * Reads a YAML stream (UTF-8), e.g. a bundle resource; the caller closes the stream.
     *
     * @param sourceName names the input in error messages, e.g. {@code controllers.yaml}
     */
    public static ControllersConfig parse(InputStream in, String sourceName) {
        byte[] bytes = InputFiles.read(in, sourceName, InputFiles.MAX_YAML_BYTES);
        return ControllersYamlReader.read(Utf8Text.decodeUtf8(bytes, sourceName), sourceName);
    }

    /**
     * Reads YAML text.
     *
     * @param sourceName names the input in error messages, e.g. {@code controllers.yaml}
     */
    public static ControllersConfig parse(String yaml, String sourceName) {
        return ControllersYamlReader.read(yaml == null ? "" : yaml, sourceName);
    }

    public Optional<ControllerDeclaration> controller(String name) {
        return Optional.ofNullable(controllers.get(name));
    }
}
