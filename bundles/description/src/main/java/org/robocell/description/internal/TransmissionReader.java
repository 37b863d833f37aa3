package org.robocell.description.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.robocell.api.hardware.TransmissionInfo;
import org.robocell.api.text.Suggestions;
import org.robocell.api.transmission.Transmissions;

/**
 * The {@code <transmission>} elements of a {@code <ros2_control>} block, as ros2_control's component parser reads
 * them ({@code <plugin>}, {@code <joint name role>} and {@code <actuator name role>} each with optional
 * {@code <mechanical_reduction>} (1) and {@code <offset>} (0), {@code <param>}s), checked the way the transmission
 * loaders check them: a joint must be one of the block's, and the transmission must be one that exists with the
 * joints and actuators it needs.
 */
final class TransmissionReader {

    private static final List<String> SIDE_CHILDREN = List.of("mechanical_reduction", "offset");

    private TransmissionReader() {
    }

    static List<TransmissionInfo> read(XmlElement block, Set<String> blockJoints) {
        List<TransmissionInfo> out = new ArrayList<>();
        Map<String, XmlElement> names = new LinkedHashMap<>();
        for (XmlElement t : block.children("transmission")) {
            String name = t.requiredAttribute("name", "transmission1");
            XmlElement first = names.putIfAbsent(name, t);
            if (first != null) {
                throw t.error("<transmission name=\"" + name + "\"> appears twice in " + block.describe()
                        + " (first at line " + first.line() + "); expected each transmission once");
            }
            XmlElement plugin = t.optionalChild("plugin");
            if (plugin == null || plugin.text().isEmpty()) {
                throw t.error("<transmission name=\"" + name + "\"> has no <plugin>; expected e.g. "
                        + "<plugin>transmission_interface/SimpleTransmission</plugin>");
            }
            List<TransmissionInfo.Side> joints = new ArrayList<>();
            for (XmlElement j : t.children("joint")) {
                TransmissionInfo.Side side = side(j, name);
                if (!blockJoints.contains(side.name())) {
                    throw j.error("<joint name=\"" + side.name() + "\"> of <transmission name=\"" + name + "\"> is not "
                            + "a joint of " + block.describe() + "; expected one of " + Suggestions.list(blockJoints)
                            + Suggestions.didYouMean(side.name(), blockJoints));
                }
                joints.add(side);
            }
            List<TransmissionInfo.Side> actuators = new ArrayList<>();
            for (XmlElement a : t.children("actuator")) {
                actuators.add(side(a, name));
            }
            TransmissionInfo info = new TransmissionInfo(name, plugin.text(), joints, actuators,
                    paramsOf(t, "<transmission name=\"" + name + "\">"));
            try {
                Transmissions.create(info);
            } catch (IllegalArgumentException e) {
                throw t.error(e.getMessage());
            }
            out.add(info);
        }
        return out;
    }

    private static TransmissionInfo.Side side(XmlElement e, String transmission) {
        String name = e.requiredAttribute("name", e.name() + "1");
        String role = e.attribute("role");
        for (XmlElement c : e.children()) {
            if (!SIDE_CHILDREN.contains(c.name())) {
                throw c.error("unexpected <" + c.name() + "> in <" + e.name() + " name=\"" + name + "\"> of "
                        + "<transmission name=\"" + transmission + "\">; expected <mechanical_reduction> or <offset>");
            }
        }
        return new TransmissionInfo.Side(name, role == null ? "" : role.trim(),
                number(e, "mechanical_reduction", 1.0, transmission), number(e, "offset", 0.0, transmission));
    }

    private static double number(XmlElement e, String child, double fallback, String transmission) {
        XmlElement c = e.optionalChild(child);
        if (c == null) {
            return fallback;
        }
        Double d = Numbers.parseFinite(c.text());
        if (d == null) {
            throw c.error("<" + child + "> of <" + e.name() + " name=\"" + e.attribute("name") + "\"> in <transmission"
                    + " name=\"" + transmission + "\"> is '" + UrdfReader.shorten(c.text()) + "'; expected a finite "
                    + "number");
        }
        return d;
    }

    private static Map<String, String> paramsOf(XmlElement owner, String what) {
        Map<String, String> params = new LinkedHashMap<>();
        for (XmlElement p : owner.children("param")) {
            String key = p.requiredAttribute("name", "my_parameter");
            if (params.putIfAbsent(key, p.text()) != null) {
                throw p.error("<param name=\"" + key + "\"> is given twice in " + what + "; expected each parameter once");
            }
        }
        return params;
    }
}
