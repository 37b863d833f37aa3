package org.robocell.description.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.robocell.api.controller.Parameters;
import org.robocell.api.text.Suggestions;
import org.robocell.description.ControllerDeclaration;
import org.robocell.description.ControllersConfig;
import org.robocell.description.DescriptionException;
import org.robocell.description.internal.RosParameterFile.NodeSection;

/**
 * The controller manager's set-up read from ROS 2 parameter files layered in order, as the controller manager and
 * its spawners apply them: the manager's parameters are those of every section whose name matches the manager's
 * node ({@code controller_manager}, {@code /**}{@code /controller_manager}, {@code /**}), a controller's those of every
 * section matching it. Later files win over earlier ones; within a file a section that names the node outright wins
 * over a wildcard one. Controllers are declared under the manager ({@code name: {type: ...}}) or by {@code type}
 * in their own section.
 */
public final class ControllersConfigReader {

    static final String MANAGER = "controller_manager";
    private static final Set<String> MANAGER_GROUPS = Set.of("hardware_components_initial_state", "defaults",
            "diagnostics", "overruns", "hardware_synchronization", "statistics");
    /** controller_manager_parameters.yaml's node-level names, and the parameters every ROS node has. */
    private static final Set<String> MANAGER_SCALARS = Set.of("update_rate", "enforce_command_limits",
            "handle_exceptions", "lock_memory", "cpu_affinity", "thread_priority", "use_sim_time", "robot_description",
            "shutdown_on_initial_state_failure");

    private record Ordered(NodeSection section, int file, int position) {
    }

    private record Declared(String name, Located type, Located fallbacks) {
    }

    private final List<RosParameterFile> files;
    private final List<Ordered> sections = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final String label;

    private ControllersConfigReader(List<RosParameterFile> files) {
        this.files = files;
        int position = 0;
        for (int f = 0; f < files.size(); f++) {
            for (NodeSection s : files.get(f).sections()) {
                sections.add(new Ordered(s, f, position++));
            }
        }
        this.label = String.join(" + ", files.stream().map(RosParameterFile::source).toList());
    }

    /**
     * @param files     in the order they are layered (later wins)
     * @param namespace the robot's namespace without slashes at the ends; empty: the one the files' controller
     *                  manager section names, if any
     */
    public static ControllersConfig read(List<RosParameterFile> files, String namespace) {
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no controllers file");
        }
        return new ControllersConfigReader(files).config(namespace == null ? "" : namespace);
    }

    private ControllersConfig config(String robotNamespace) {
        String ns = namespace(robotNamespace);
        List<Ordered> managerSections = matching(ns, MANAGER);
        boolean managerNamed = managerSections.stream().anyMatch(o -> o.section().name().base().equals(MANAGER));

        Map<String, Located> managerValues = merge(managerSections);
        Map<String, Located> managerParams = new LinkedHashMap<>();
        Map<String, Declared> declared = declarations(managerValues, managerParams);
        Set<String> names = new LinkedHashSet<>(declared.keySet());
        names.addAll(selfDeclared(ns));
        if (!managerNamed && names.isEmpty()) {
            throw noManager(robotNamespace);
        }
        checkOtherSections(ns, names);
        int updateRate = updateRate(managerParams);
        warnUnknownManagerParameters(managerParams);

        Map<String, ControllerDeclaration> controllers = new LinkedHashMap<>();
        for (String name : names) {
            controllers.put(name, controller(name, declared.get(name), merge(matching(ns, name))));
        }
        for (ControllerDeclaration c : controllers.values()) {
            checkFallbacks(c, declared.get(c.name()), controllers.keySet());
        }
        return new ControllersConfig(label, ns, updateRate, parameters(MANAGER, managerParams), controllers, warnings);
    }

    /** The robot's namespace, or the one the files' manager section is written for. */
    private String namespace(String robotNamespace) {
        if (!robotNamespace.isEmpty()) {
            return robotNamespace;
        }
        Ordered first = null;
        for (Ordered o : sections) {
            NodeName n = o.section().name();
            if (n.wildcard() || !n.base().equals(MANAGER)) {
                continue;
            }
            if (first == null) {
                first = o;
            } else if (!first.section().name().namespace().equals(n.namespace())) {
                throw error(o.section(), "a second controller manager '" + n.written() + "' (the first, '"
                        + first.section().name().written() + "', is at " + at(first.section(), o.section())
                        + "); expected one controller manager per robot (set the robot's namespace to pick one)");
            }
        }
        return first == null ? "" : first.section().name().namespace();
    }

    /** The sections that apply to {@code node}, in the order they are applied. */
    private List<Ordered> matching(String ns, String node) {
        List<Ordered> out = new ArrayList<>();
        for (Ordered o : sections) {
            if (o.section().name().matches(ns, node)) {
                out.add(o);
            }
        }
        out.sort(Comparator.comparingInt(Ordered::file)
                .thenComparing(o -> o.section().name().wildcard() ? 0 : 1)
                .thenComparingInt(Ordered::position));
        return out;
    }

    private static Map<String, Located> merge(List<Ordered> applied) {
        Map<String, Located> values = new LinkedHashMap<>();
        for (Ordered o : applied) {
            values.putAll(o.section().parameters());
        }
        return values;
    }

    /** Splits the manager's values into its own parameters and the controllers declared under it. */
    private Map<String, Declared> declarations(Map<String, Located> values, Map<String, Located> own) {
        Map<String, Located> types = new LinkedHashMap<>();
        Map<String, Located> fallbacks = new LinkedHashMap<>();
        for (Map.Entry<String, Located> e : values.entrySet()) {
            String key = e.getKey();
            int dot = key.indexOf('.');
            if (dot < 0 || MANAGER_GROUPS.contains(key.substring(0, dot))) {
                own.put(key, e.getValue());
                continue;
            }
            String name = key.substring(0, dot);
            String rest = key.substring(dot + 1);
            Located v = e.getValue();
            if (rest.startsWith("type.") || rest.startsWith("fallback_controllers.")) {
                String field = rest.substring(0, rest.indexOf('.'));
                throw error(v, "'" + MANAGER + ".ros__parameters." + name + "." + field + "' is a map; expected "
                        + (field.equals("type") ? "a type string such as "
                                + "joint_trajectory_controller/JointTrajectoryController" : "a list of controller names"));
            }
            switch (rest) {
                case "type" -> types.put(name, v);
                case "fallback_controllers" -> fallbacks.put(name, v);
                case "params_file", "node_options_args" -> throw error(v, "'" + MANAGER + ".ros__parameters." + key
                        + "' is not supported by RoboCell; expected the file that holds the parameters of '" + name
                        + "' in the robot's list of controllers files");
                default -> throw error(v, "unknown key '" + rest + "' in the declaration of controller '" + name
                        + "'; expected only 'type' and 'fallback_controllers' here (the controller's parameters go "
                        + "under a top-level '" + name + ": ros__parameters:' section)");
            }
        }
        Map<String, Declared> declared = new LinkedHashMap<>();
        Set<String> order = new LinkedHashSet<>(types.keySet());
        order.addAll(fallbacks.keySet());
        for (String name : order) {
            Located type = types.get(name);
            if (type == null) {
                Located f = fallbacks.get(name);
                throw error(f, "controller '" + name + "' has no 'type'; expected 'type: package/ClassName', e.g. "
                        + "'type: joint_trajectory_controller/JointTrajectoryController', in its declaration under '"
                        + MANAGER + ": ros__parameters:'");
            }
            if (!(type.value() instanceof String s) || s.isBlank()) {
                throw error(type, "'" + MANAGER + ".ros__parameters." + name + ".type' is " + describe(type.value())
                        + "; expected a type string such as joint_trajectory_controller/JointTrajectoryController");
            }
            declared.put(name, new Declared(name, type, fallbacks.get(name)));
        }
        return declared;
    }

    /** Controllers whose own section (not a wildcard one) names their type. */
    private Set<String> selfDeclared(String ns) {
        Set<String> out = new LinkedHashSet<>();
        for (Ordered o : sections) {
            NodeName n = o.section().name();
            if (n.namesANode() && !n.base().equals(MANAGER) && n.matches(ns, n.base())
                    && o.section().parameters().containsKey("type")) {
                out.add(n.base());
            }
        }
        return out;
    }

    /** Sections for nodes that are neither the manager nor a controller: a misspelt name, or another node's. */
    private void checkOtherSections(String ns, Set<String> controllers) {
        for (Ordered o : sections) {
            NodeSection s = o.section();
            NodeName n = s.name();
            if (!n.namesANode() || n.base().equals(MANAGER)) {
                continue;
            }
            if (!n.matches(ns, n.base())) {
                if (n.wildcard()) {
                    continue;
                }
                boolean otherRobot = sections.stream().anyMatch(x -> x.section().name().base().equals(MANAGER)
                        && x.section().name().matches(n.namespace(), MANAGER));
                if (!otherRobot) {
                    throw error(s, "'" + n.written() + "' is in namespace '/" + n.namespace() + "' but the controller "
                            + "manager is in '/" + ns + "'; expected controllers in the controller manager's namespace");
                }
                warnings.add(s.where() + ": parameters for '" + n.written() + "' are for a robot in namespace '/"
                        + n.namespace() + "', not this one ('/" + ns + "'); ignored");
                continue;
            }
            if (controllers.contains(n.base())) {
                continue;
            }
            String hint = Suggestions.didYouMean(n.base(), controllers);
            if (!hint.isEmpty() || controllers.isEmpty()) {
                throw error(s, "parameters for '" + n.base() + "', which '" + MANAGER + "' does not declare; expected "
                        + "one of the declared controllers (" + Suggestions.list(controllers) + ")" + hint
                        + ", or a declaration '" + n.base() + ": {type: package/ClassName}' under '" + MANAGER
                        + ": ros__parameters:'");
            }
            warnings.add(s.where() + ": parameters for '" + n.written() + "', which is neither the controller manager "
                    + "nor one of its controllers (" + Suggestions.list(controllers) + "); ignored");
        }
    }

    private int updateRate(Map<String, Located> params) {
        Located rate = params.get("update_rate");
        if (rate == null) {
            params.put("update_rate", new Located((long) ControllersConfig.DEFAULT_UPDATE_RATE, label, 0));
            return ControllersConfig.DEFAULT_UPDATE_RATE;
        }
        if (rate.value() instanceof Long l && l > 0 && l <= Integer.MAX_VALUE) {
            return l.intValue();
        }
        throw error(rate, "'" + MANAGER + ".ros__parameters.update_rate' is " + describe(rate.value())
                + "; expected a positive integer (cycles per second), e.g. 1000");
    }

    private void warnUnknownManagerParameters(Map<String, Located> params) {
        Set<String> known = new LinkedHashSet<>(MANAGER_SCALARS);
        for (Map.Entry<String, Located> e : params.entrySet()) {
            String key = e.getKey();
            int dot = key.indexOf('.');
            if (dot < 0 && !known.contains(key)) {
                Set<String> candidates = new LinkedHashSet<>(known);
                candidates.addAll(MANAGER_GROUPS);
                warnings.add(e.getValue().where() + ": unknown controller_manager parameter '" + key + "'"
                        + Suggestions.didYouMean(key, candidates) + "; ignored");
            }
        }
    }

    private ControllerDeclaration controller(String name, Declared declaration, Map<String, Located> params) {
        String type = declaration == null ? null : (String) declaration.type().value();
        Located ownType = params.get("type");
        if (ownType != null) {
            if (!(ownType.value() instanceof String s) || s.isBlank()) {
                throw error(ownType, "'" + name + ".ros__parameters.type' is " + describe(ownType.value())
                        + "; expected a type string such as joint_trajectory_controller/JointTrajectoryController");
            }
            if (type != null && !type.equals(s)) {
                throw error(ownType, "controller '" + name + "' has type '" + s + "' here but '" + type
                        + "' in its declaration (" + at(declaration.type(), ownType) + "); expected one type");
            }
            type = s;
        }
        List<String> fallbacks = declaration == null || declaration.fallbacks() == null ? List.of()
                : stringList(declaration.fallbacks(), MANAGER + ".ros__parameters." + name + ".fallback_controllers");
        Map<String, String> origins = new TreeMap<>();
        params.forEach((k, v) -> origins.put(k, v.where()));
        return new ControllerDeclaration(name, type, fallbacks, parameters(name, params), origins);
    }

    private void checkFallbacks(ControllerDeclaration c, Declared declaration, Set<String> names) {
        for (String f : c.fallbackControllers()) {
            if (f.equals(c.name())) {
                throw error(declaration.fallbacks(), "controller '" + c.name() + "' lists itself in "
                        + "fallback_controllers; expected other controllers");
            }
            if (!names.contains(f)) {
                throw error(declaration.fallbacks(), "fallback controller '" + f + "' of '" + c.name()
                        + "' is not declared; expected one of (" + Suggestions.list(names) + ")"
                        + Suggestions.didYouMean(f, names));
            }
        }
    }

    private List<String> stringList(Located value, String path) {
        if (value.value() instanceof List<?> list && list.stream().allMatch(i -> i instanceof String)) {
            return list.stream().map(String.class::cast).toList();
        }
        throw error(value, "'" + path + "' is " + describe(value.value()) + "; expected a list of controller names");
    }

    private Parameters parameters(String node, Map<String, Located> located) {
        Map<String, Object> plain = new LinkedHashMap<>();
        Set<String> sources = new LinkedHashSet<>();
        located.forEach((k, v) -> {
            plain.put(k, v.value());
            sources.add(v.source());
        });
        String from = sources.isEmpty() ? files.get(0).source() : String.join(" + ", sources);
        return new Parameters(from + ": " + node, plain);
    }

    private DescriptionException noManager(String robotNamespace) {
        List<String> others = sections.stream().map(o -> o.section().name()).filter(n -> n.base().equals(MANAGER))
                .map(NodeName::written).distinct().toList();
        String problem = others.isEmpty()
                ? "there is no '" + MANAGER + "' section; expected a top-level '" + MANAGER + ":' key (or '/**/"
                        + MANAGER + ":') with 'ros__parameters:' holding update_rate and the controller declarations"
                : "there is no '" + MANAGER + "' section for namespace '/" + robotNamespace + "' (there is "
                        + Suggestions.list(others) + "); expected the robot's namespace or a '/**/" + MANAGER
                        + ":' section";
        int line = sections.isEmpty() ? 1 : sections.get(0).section().line();
        return new DescriptionException(sections.isEmpty() ? files.get(0).source() : sections.get(0).section().source(),
                line, 0, problem);
    }

    /** "line N" when both are in one file, else "file:line". */
    private static String at(NodeSection first, NodeSection here) {
        return first.source().equals(here.source()) ? "line " + first.line() : first.where();
    }

    private static String at(Located first, Located here) {
        return first.source().equals(here.source()) ? "line " + first.line() : first.where();
    }

    private static DescriptionException error(NodeSection s, String problem) {
        return new DescriptionException(s.source(), s.line(), 0, problem);
    }

    private static DescriptionException error(Located v, String problem) {
        return new DescriptionException(v.source(), v.line(), 0, problem);
    }

    private static String describe(Object value) {
        if (value instanceof String s) {
            return "'" + UrdfReader.shorten(s) + "'";
        }
        if (value instanceof List) {
            return "a list";
        }
        if (value instanceof Boolean) {
            return "the boolean " + value;
        }
        return "the number " + value;
    }
}
