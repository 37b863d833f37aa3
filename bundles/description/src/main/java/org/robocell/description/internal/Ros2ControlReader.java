package org.robocell.description.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.ComponentKind;
import org.robocell.api.hardware.DataType;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.TransmissionInfo;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.model.Joint;
import org.robocell.api.model.JointLimits;
import org.robocell.api.model.JointType;
import org.robocell.api.model.RobotModel;
import org.robocell.api.text.Suggestions;

/**
 * Reads the {@code <ros2_control>} blocks of a URDF into {@link HardwareInfo}s with the checks of ros2_control's
 * component parser: known tags only, a {@code <plugin>} in every {@code <hardware>}, joints that exist in the URDF
 * and move, no command interfaces on mimic joints, unique interface names. The URDF {@code <limit>} of a joint is
 * merged into the min/max of its {@code position}, {@code velocity} and {@code effort} command interfaces, the most
 * restrictive bound winning, unless limits are disabled with {@code <limits enable="false"/>}.
 * {@code <properties>} and {@code <transmission>} are accepted and not interpreted.
 */
public final class Ros2ControlReader {

    private static final List<String> BLOCK_CHILDREN =
            List.of("hardware", "joint", "sensor", "gpio", "transmission", "properties");
    private static final List<String> HARDWARE_CHILDREN = List.of("plugin", "group", "param");
    private static final List<String> INTERFACE_CHILDREN = List.of("param", "limits");

    private final RobotModel model;
    private final Map<String, Integer> jointLines;
    /** Full interface name -> the element that declared it first, separately for commands and states. */
    private final Map<String, Declared> commandNames = new LinkedHashMap<>();
    private final Map<String, Declared> stateNames = new LinkedHashMap<>();

    private record Declared(String hardware, XmlElement element) {
    }

    private Ros2ControlReader(UrdfReader.ParsedUrdf urdf) {
        this.model = urdf.model();
        this.jointLines = urdf.jointLines();
    }

    public static List<HardwareInfo> read(XmlElement robot, UrdfReader.ParsedUrdf urdf) {
        Ros2ControlReader reader = new Ros2ControlReader(urdf);
        List<HardwareInfo> out = new ArrayList<>();
        Map<String, XmlElement> byName = new LinkedHashMap<>();
        for (XmlElement block : robot.children("ros2_control")) {
            HardwareInfo hw = reader.hardware(block);
            XmlElement first = byName.putIfAbsent(hw.name(), block);
            if (first != null) {
                throw block.error("a second <ros2_control name=\"" + hw.name() + "\"> (the first is at line "
                        + first.line() + "); expected unique hardware component names");
            }
            out.add(hw);
        }
        return List.copyOf(out);
    }

    private HardwareInfo hardware(XmlElement block) {
        String name = block.requiredAttribute("name", "MyRobotSystem");
        String typeName = block.requiredAttribute("type", "system");
        HardwareType type = HardwareType.fromUrdf(typeName);
        if (type == null) {
            throw block.error(block.describe() + " has type=\"" + typeName + "\"; expected system, actuator or sensor");
        }
        refuseAsync(block);
        int rwRate = rwRate(block);
        for (XmlElement child : block.children()) {
            requireKnown(child, block, BLOCK_CHILDREN);
        }
        XmlElement hardware = block.optionalChild("hardware");
        if (hardware == null) {
            throw block.error(block.describe() + " has no <hardware>; expected "
                    + "<hardware><plugin>package/ClassName</plugin></hardware>");
        }
        for (XmlElement child : hardware.children()) {
            requireKnown(child, hardware, HARDWARE_CHILDREN);
        }
        XmlElement plugin = hardware.optionalChild("plugin");
        if (plugin == null || plugin.text().isEmpty()) {
            throw (plugin == null ? hardware : plugin).error("<hardware> in " + block.describe()
                    + (plugin == null ? " has no <plugin>" : " has an empty <plugin>")
                    + "; expected <plugin>package/ClassName</plugin>, e.g. mock_components/GenericSystem");
        }
        XmlElement group = hardware.optionalChild("group");
        String groupName = group == null || group.text().isEmpty() ? null : group.text();
        Map<String, String> params = params(hardware, "<hardware> of " + block.describe());

        List<ComponentInfo> joints = new ArrayList<>();
        List<ComponentInfo> sensors = new ArrayList<>();
        List<ComponentInfo> gpios = new ArrayList<>();
        Map<String, XmlElement> componentNames = new LinkedHashMap<>();
        for (XmlElement child : block.children()) {
            ComponentInfo c = switch (child.name()) {
                case "joint" -> joint(child, block);
                case "sensor" -> component(child, block, ComponentKind.SENSOR, null);
                case "gpio" -> component(child, block, ComponentKind.GPIO, null);
                default -> null;
            };
            if (c == null) {
                continue;
            }
            XmlElement first = componentNames.putIfAbsent(c.name(), child);
            if (first != null) {
                throw child.error(child.describe() + " appears twice in " + block.describe() + " (first at line "
                        + first.line() + "); expected each joint, sensor and gpio once per block");
            }
            switch (c.kind()) {
                case JOINT -> joints.add(c);
                case SENSOR -> sensors.add(c);
                case GPIO -> gpios.add(c);
            }
            registerFullNames(name, child, c);
        }
        List<TransmissionInfo> transmissions = TransmissionReader.read(block,
                joints.stream().map(ComponentInfo::name).collect(java.util.stream.Collectors.toCollection(
                        java.util.LinkedHashSet::new)));
        return new HardwareInfo(name, type, plugin.text(), params, joints, sensors, gpios, rwRate, groupName,
                transmissions);
    }

    /**
     * ros2_control runs an {@code is_async="true"} component's read and write on a thread of its own; RoboCell reads
     * and writes every component in its robot's loop (a driver that must not block owns the clock instead), so the
     * attribute is refused rather than silently not applied.
     */
    private static void refuseAsync(XmlElement block) {
        String text = block.attribute("is_async");
        if (text != null && !text.trim().equalsIgnoreCase("false")) {
            throw block.error(block.describe() + " has is_async=\"" + UrdfReader.shorten(text) + "\", but RoboCell "
                    + "reads and writes every component in its robot's loop; expected is_async=\"false\" or none "
                    + "(a driver that waits for its robot sets clock=hardware in the robot's .cfg)");
        }
    }

    private static int rwRate(XmlElement block) {
        String text = block.attribute("rw_rate");
        if (text == null) {
            return 0;
        }
        try {
            int rate = Integer.parseInt(text.trim());
            if (rate >= 0) {
                return rate;
            }
        } catch (NumberFormatException e) {
            // reported below with the expected form
        }
        throw block.error(block.describe() + " has rw_rate=\"" + UrdfReader.shorten(text)
                + "\"; expected a whole number of Hz >= 0 (0 = every cycle)");
    }

    private ComponentInfo joint(XmlElement e, XmlElement block) {
        String name = e.requiredAttribute("name", "joint1");
        Joint urdfJoint = model.joint(name).orElse(null);
        if (urdfJoint == null) {
            List<String> movable = model.joints().values().stream()
                    .filter(j -> j.type() != JointType.FIXED).map(Joint::name).toList();
            throw e.error(e.describe() + " in " + block.describe() + " is not a joint of the URDF; expected one of "
                    + Suggestions.list(movable) + Suggestions.didYouMean(name, movable));
        }
        if (urdfJoint.type() == JointType.FIXED) {
            throw e.error(e.describe() + " in " + block.describe() + " is a fixed joint in the URDF (line "
                    + jointLines.get(name) + "); expected a joint that moves: fixed joints have no interfaces");
        }
        Boolean mimic = mimicAttribute(e);
        boolean hasCommands = !e.children("command_interface").isEmpty();
        if (urdfJoint.isMimic() && !Boolean.FALSE.equals(mimic) && hasCommands) {
            throw e.error(e.describe() + " in " + block.describe() + " mimics joint '" + urdfJoint.mimic().joint()
                    + "' in the URDF (line " + jointLines.get(name) + ") and so cannot have command interfaces; "
                    + "expected only state interfaces, or mimic=\"false\" to command it directly");
        }
        if (Boolean.TRUE.equals(mimic) && !urdfJoint.isMimic()) {
            throw e.error(e.describe() + " in " + block.describe() + " has mimic=\"true\" but the URDF joint (line "
                    + jointLines.get(name) + ") has no <mimic>; expected a <mimic joint=\"...\"/> in the URDF "
                    + "joint, or no mimic attribute here");
        }
        ComponentInfo joint = withType(component(e, block, ComponentKind.JOINT, urdfJoint), urdfJoint);
        if (urdfJoint.isMimic() && !Boolean.FALSE.equals(mimic)) {
            return withMimic(joint, urdfJoint);
        }
        return joint;
    }

    /** Which joints are linear: a driver converts their units (m) to its robot's (mm), rotary ones rad to deg. */
    private static ComponentInfo withType(ComponentInfo joint, Joint urdfJoint) {
        java.util.Map<String, String> params = new java.util.LinkedHashMap<>(joint.parameters());
        params.put(ComponentInfo.URDF_JOINT_TYPE, urdfJoint.type().name().toLowerCase(java.util.Locale.ROOT));
        return new ComponentInfo(joint.name(), joint.kind(), joint.commandInterfaces(), joint.stateInterfaces(), params,
                joint.limits(), joint.softLimits());
    }

    /** Hardware that simulates mimic joints (the mock) needs the relation; it travels as joint parameters. */
    private static ComponentInfo withMimic(ComponentInfo joint, Joint urdfJoint) {
        java.util.Map<String, String> params = new java.util.LinkedHashMap<>(joint.parameters());
        params.put(ComponentInfo.MIMIC_JOINT, urdfJoint.mimic().joint());
        params.put(ComponentInfo.MIMIC_MULTIPLIER, Double.toString(urdfJoint.mimic().multiplier()));
        params.put(ComponentInfo.MIMIC_OFFSET, Double.toString(urdfJoint.mimic().offset()));
        return new ComponentInfo(joint.name(), joint.kind(), joint.commandInterfaces(), joint.stateInterfaces(), params,
                joint.limits(), joint.softLimits());
    }

    private static Boolean mimicAttribute(XmlElement e) {
        String v = e.attribute("mimic");
        if (v == null) {
            return null;
        }
        return switch (v.trim()) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> throw e.error(e.describe() + " has mimic=\"" + UrdfReader.shorten(v)
                    + "\"; expected mimic=\"true\" or mimic=\"false\"");
        };
    }

    private ComponentInfo component(XmlElement e, XmlElement block, ComponentKind kind, Joint urdfJoint) {
        String name = e.requiredAttribute("name", kind.tag() + "1");
        List<String> allowed = switch (kind) {
            case JOINT -> List.of("command_interface", "state_interface", "param", "limits");
            case SENSOR -> List.of("state_interface", "param");
            case GPIO -> List.of("command_interface", "state_interface", "param");
        };
        for (XmlElement child : e.children()) {
            requireKnown(child, e, allowed);
        }
        Boolean componentLimits = limitsEnable(e.optionalChild("limits"), e);
        String where = e.describe() + " in " + block.describe();
        List<InterfaceInfo> commands = interfaces(e, "command_interface", where, componentLimits, urdfJoint);
        List<InterfaceInfo> states = interfaces(e, "state_interface", where, componentLimits, null);
        if (kind != ComponentKind.JOINT) {
            return new ComponentInfo(name, kind, commands, states, params(e, where));
        }
        JointLimits limits = JointLimitsMerge.limits(urdfJoint, componentLimits == null || componentLimits, commands);
        return new ComponentInfo(name, kind, commands, states, params(e, where), limits,
                JointLimitsMerge.softLimits(urdfJoint, limits));
    }

    private static List<InterfaceInfo> interfaces(XmlElement component, String tag, String where,
            Boolean componentLimits, Joint urdfJoint) {
        List<InterfaceInfo> out = new ArrayList<>();
        Map<String, XmlElement> seen = new LinkedHashMap<>();
        for (XmlElement e : component.children(tag)) {
            String name = e.requiredAttribute("name", "position");
            XmlElement first = seen.putIfAbsent(name, e);
            if (first != null) {
                throw e.error("<" + tag + " name=\"" + name + "\"> is declared twice in " + where + " (first at line "
                        + first.line() + "); expected each " + tag + " name once per component");
            }
            out.add(interfaceInfo(e, tag, where, componentLimits, urdfJoint));
        }
        return out;
    }

    private static InterfaceInfo interfaceInfo(XmlElement e, String tag, String where, Boolean componentLimits,
            Joint urdfJoint) {
        String name = e.attribute("name").trim();
        String what = "<" + tag + " name=\"" + name + "\"> of " + where;
        for (XmlElement child : e.children()) {
            requireKnown(child, e, INTERFACE_CHILDREN);
        }
        DataType dataType = dataType(e, what);
        String size = e.attribute("size");
        if (size != null && !size.trim().equals("1")) {
            throw e.error(what + " has size=\"" + UrdfReader.shorten(size) + "\"; expected size=\"1\" or no size "
                    + "attribute (interface arrays are not supported: declare one interface per element)");
        }
        Map<String, String> params = params(e, what);
        double min = paramNumber(e, params, "min", what, Double.NEGATIVE_INFINITY);
        double max = paramNumber(e, params, "max", what, Double.POSITIVE_INFINITY);
        if (min > max) {
            throw e.error(what + " has min=" + min + " above max=" + max + "; expected min <= max");
        }
        double initial = initialValue(e, params, dataType, what);
        Boolean own = limitsEnable(e.optionalChild("limits"), e);
        boolean limitsEnabled = own != null ? own : componentLimits == null || componentLimits;
        if (urdfJoint != null && limitsEnabled) {
            double[] merged = mergeUrdfLimits(name, min, max, urdfJoint.limits());
            if (merged[0] > merged[1]) {
                throw e.error(what + " has min=" + min + ", max=" + max + ", which do not overlap the URDF <limit> of "
                        + "joint '" + urdfJoint.name() + "'; expected a range inside the URDF limits, or "
                        + "<limits enable=\"false\"/>");
            }
            min = merged[0];
            max = merged[1];
        }
        return new InterfaceInfo(name, dataType, min, max, initial, limitsEnabled, params);
    }

    /** The most restrictive of the declared range and the URDF limit for this kind of command. */
    private static double[] mergeUrdfLimits(String iface, double min, double max, JointLimits urdf) {
        double lower;
        double upper;
        switch (iface) {
            case "position" -> {
                lower = urdf.lower();
                upper = urdf.upper();
            }
            case "velocity" -> {
                lower = -urdf.velocity();
                upper = urdf.velocity();
            }
            case "effort" -> {
                lower = -urdf.effort();
                upper = urdf.effort();
            }
            default -> {
                return new double[] {min, max};
            }
        }
        return new double[] {Math.max(min, lower), Math.min(max, upper)};
    }

    private static DataType dataType(XmlElement e, String what) {
        String text = e.attribute("data_type");
        if (text == null) {
            return DataType.DOUBLE;
        }
        DataType t = DataType.fromUrdf(text.trim());
        if (t == null) {
            List<String> known = Arrays.stream(DataType.values()).map(DataType::urdfName).toList();
            throw e.error(what + " has data_type=\"" + UrdfReader.shorten(text) + "\"; expected one of "
                    + Suggestions.list(known) + Suggestions.didYouMean(text.trim(), known));
        }
        return t;
    }

    private static double paramNumber(XmlElement e, Map<String, String> params, String key, String what,
            double fallback) {
        String text = params.get(key);
        if (text == null) {
            return fallback;
        }
        Double d = Numbers.parseFinite(text);
        if (d == null) {
            throw paramElement(e, key).error("<param name=\"" + key + "\"> of " + what + " is '"
                    + UrdfReader.shorten(text) + "'; expected a finite number such as -2.5");
        }
        return d;
    }

    /** NaN when absent: the data type's default then applies ({@link InterfaceInfo#startValue()}). */
    private static double initialValue(XmlElement e, Map<String, String> params, DataType type, String what) {
        String text = params.get("initial_value");
        if (text == null) {
            return Double.NaN;
        }
        if (type == DataType.BOOL) {
            switch (text.trim()) {
                case "true", "1" -> {
                    return 1.0;
                }
                case "false", "0" -> {
                    return 0.0;
                }
                default -> throw paramElement(e, "initial_value").error("<param name=\"initial_value\"> of " + what
                        + " is '" + UrdfReader.shorten(text) + "'; expected true or false for a bool interface");
            }
        }
        double v = paramNumber(e, params, "initial_value", what, Double.NaN);
        if (!type.isFloatingPoint() && v != Math.rint(v)) {
            throw paramElement(e, "initial_value").error("<param name=\"initial_value\"> of " + what + " is " + v
                    + "; expected a whole number for a " + type.urdfName() + " interface");
        }
        return v;
    }

    private static XmlElement paramElement(XmlElement owner, String key) {
        for (XmlElement p : owner.children("param")) {
            if (key.equals(p.attribute("name") == null ? null : p.attribute("name").trim())) {
                return p;
            }
        }
        return owner;
    }

    private static Boolean limitsEnable(XmlElement limits, XmlElement owner) {
        if (limits == null) {
            return null;
        }
        String v = limits.attribute("enable");
        if (v == null) {
            return Boolean.TRUE;
        }
        return switch (v.trim()) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> throw limits.error("<limits enable=\"" + UrdfReader.shorten(v) + "\"> in " + owner.describe()
                    + "; expected enable=\"true\" or enable=\"false\"");
        };
    }

    /** The {@code <param name="...">value</param>} children, in order; names must be unique. */
    private static Map<String, String> params(XmlElement owner, String what) {
        Map<String, String> params = new LinkedHashMap<>();
        Map<String, XmlElement> seen = new LinkedHashMap<>();
        for (XmlElement p : owner.children("param")) {
            String key = p.requiredAttribute("name", "my_parameter");
            XmlElement first = seen.putIfAbsent(key, p);
            if (first != null) {
                throw p.error("<param name=\"" + key + "\"> is given twice in " + what + " (first at line "
                        + first.line() + "); expected each parameter once");
            }
            params.put(key, p.text());
        }
        return params;
    }

    private static void requireKnown(XmlElement child, XmlElement parent, List<String> allowed) {
        if (!allowed.contains(child.name())) {
            StringBuilder expected = new StringBuilder();
            for (String a : allowed) {
                expected.append(expected.length() == 0 ? "" : ", ").append('<').append(a).append('>');
            }
            throw child.error("unknown tag <" + child.name() + "> in " + parent.describe() + "; expected one of "
                    + expected + Suggestions.didYouMean(child.name(), allowed));
        }
    }

    private void registerFullNames(String hardware, XmlElement componentElement, ComponentInfo c) {
        register(hardware, componentElement, c, c.commandInterfaces(), commandNames, "command_interface");
        register(hardware, componentElement, c, c.stateInterfaces(), stateNames, "state_interface");
    }

    private static void register(String hardware, XmlElement componentElement, ComponentInfo c,
            List<InterfaceInfo> interfaces, Map<String, Declared> names, String tag) {
        for (InterfaceInfo i : interfaces) {
            String full = c.fullName(i);
            XmlElement element = interfaceElement(componentElement, tag, i.name());
            Declared first = names.putIfAbsent(full, new Declared(hardware, element));
            if (first != null) {
                throw element.error(tag.replace('_', ' ') + " '" + full + "' is declared by <ros2_control name=\""
                        + hardware + "\"> and already by <ros2_control name=\"" + first.hardware() + "\"> (line "
                        + first.element().line() + "); expected each full interface name once across all "
                        + "hardware components");
            }
        }
    }

    private static XmlElement interfaceElement(XmlElement component, String tag, String name) {
        for (XmlElement e : component.children(tag)) {
            if (name.equals(e.attribute("name").trim())) {
                return e;
            }
        }
        return component;
    }
}
