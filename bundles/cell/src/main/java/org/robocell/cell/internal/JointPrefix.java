package org.robocell.cell.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.robocell.api.controller.Parameters;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.ComponentKind;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.TransmissionInfo;
import org.robocell.api.model.Joint;
import org.robocell.api.model.Link;
import org.robocell.api.model.Mimic;
import org.robocell.api.model.RobotModel;
import org.robocell.description.RobotDescription;

/**
 * A robot's prefix on link and joint names, as xacro's {@code prefix} argument gives them: the URDF and the
 * controllers file are written once, without it, and two robots of the same kind run side by side as
 * {@code left_joint_a1} and {@code right_joint_a1}.
 */
final class JointPrefix {

    private JointPrefix() {
    }

    /** Every link and joint of the model, and every joint of the {@code <ros2_control>} blocks, prefixed. */
    static RobotDescription apply(RobotDescription d, String prefix) {
        if (prefix.isEmpty()) {
            return d;
        }
        RobotModel m = d.robot();
        List<Link> links = new ArrayList<>();
        for (Link l : m.links().values()) {
            links.add(new Link(prefix + l.name(), l.inertial()));
        }
        List<Joint> joints = new ArrayList<>();
        for (Joint j : m.joints().values()) {
            Mimic mimic = j.mimic() == null ? null : new Mimic(prefix + j.mimic().joint(), j.mimic().multiplier(),
                    j.mimic().offset());
            joints.add(new Joint(prefix + j.name(), j.type(), prefix + j.parent(), prefix + j.child(), j.origin(), j.axis(),
                    j.limits(), mimic, j.softLimits()));
        }
        List<HardwareInfo> hardware = new ArrayList<>();
        for (HardwareInfo h : d.hardware()) {
            List<ComponentInfo> hwJoints = new ArrayList<>();
            for (ComponentInfo c : h.joints()) {
                Map<String, String> params = new LinkedHashMap<>(c.parameters());
                params.computeIfPresent(ComponentInfo.MIMIC_JOINT, (k, v) -> prefix + v);
                hwJoints.add(new ComponentInfo(prefix + c.name(), ComponentKind.JOINT, c.commandInterfaces(),
                        c.stateInterfaces(), params, c.limits(), c.softLimits()));
            }
            List<TransmissionInfo> transmissions = new ArrayList<>();
            for (TransmissionInfo t : h.transmissions()) {
                transmissions.add(new TransmissionInfo(t.name(), t.plugin(), t.joints().stream()
                        .map(j -> new TransmissionInfo.Side(prefix + j.name(), j.role(), j.mechanicalReduction(),
                                j.offset())).toList(), t.actuators(), t.parameters()));
            }
            hardware.add(new HardwareInfo(h.name(), h.type(), h.plugin(), h.parameters(), hwJoints, h.sensors(), h.gpios(),
                    h.rwRate(), h.group(), transmissions));
        }
        return new RobotDescription(d.source(), new RobotModel(m.name(), links, joints), hardware);
    }

    /**
     * A controller's parameters for the prefixed robot: every value, list element, key segment or first segment of
     * an interface name ({@code joint_a1/position}) that is one of the robot's (unprefixed) joints gets the prefix.
     */
    static Parameters apply(Parameters p, Set<String> joints, String prefix) {
        if (prefix.isEmpty()) {
            return p;
        }
        Map<String, Object> out = new TreeMap<>();
        p.asMap().forEach((k, v) -> {
            String[] segments = k.split("\\.", -1);
            for (int i = 0; i < segments.length; i++) {
                segments[i] = name(segments[i], joints, prefix);
            }
            out.put(String.join(".", segments), value(v, joints, prefix));
        });
        return new Parameters(p.source(), out);
    }

    private static Object value(Object v, Set<String> joints, String prefix) {
        if (v instanceof String s) {
            return name(s, joints, prefix);
        }
        if (v instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            for (Object o : list) {
                out.add(o instanceof String s ? name(s, joints, prefix) : o);
            }
            return out;
        }
        return v;
    }

    private static String name(String s, Set<String> joints, String prefix) {
        int slash = s.indexOf('/');
        String head = slash < 0 ? s : s.substring(0, slash);
        return joints.contains(head) ? prefix + s : s;
    }
}
