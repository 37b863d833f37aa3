package org.robocell.description.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.model.Inertial;
import org.robocell.api.model.Joint;
import org.robocell.api.model.JointLimits;
import org.robocell.api.model.SoftJointLimits;
import org.robocell.api.model.JointType;
import org.robocell.api.model.Link;
import org.robocell.api.model.Mimic;
import org.robocell.api.model.Pose;
import org.robocell.api.model.RobotModel;
import org.robocell.api.model.Vector3;
import org.robocell.api.text.Suggestions;

/**
 * Turns the {@code <robot>} element of a URDF into a {@link RobotModel}, following urdfdom's rules: revolute and
 * prismatic joints need a {@code <limit>} with {@code effort} and {@code velocity}; a continuous joint has no
 * position limits; a missing {@code <origin>} is the identity and a missing {@code <axis>} is (1, 0, 0). An axis is
 * kept as written (not normalised) but must not be zero. A velocity or effort limit of 0 means "not specified", as
 * ros2_control's joint_limits reads it, and becomes infinity. Visuals, collisions, {@code <dynamics>},
 * {@code <gazebo>} and other extensions are ignored; {@code <safety_controller>} gives the joint's soft limits.
 */
public final class UrdfReader {

    /** The model and where each joint was written, for messages about joints found later. */
    public record ParsedUrdf(RobotModel model, Map<String, Integer> jointLines) {
    }

    private UrdfReader() {
    }

    public static ParsedUrdf read(XmlElement robot) {
        if (!robot.name().equals("robot")) {
            throw robot.error("the root element is <" + robot.name() + ">; expected <robot name=\"...\">"
                    + (robot.name().equals("sdf") ? " (SDF files are not supported, convert them to URDF)" : ""));
        }
        rejectXacro(robot);
        String robotName = robot.requiredAttribute("name", "my_robot");

        Map<String, XmlElement> linkElements = new LinkedHashMap<>();
        List<Link> links = new ArrayList<>();
        for (XmlElement e : robot.children("link")) {
            String name = e.requiredAttribute("name", "link1");
            XmlElement first = linkElements.putIfAbsent(name, e);
            if (first != null) {
                throw e.error("link '" + name + "' is defined twice (first at line " + first.line()
                        + "); expected unique link names");
            }
            links.add(new Link(name, inertial(e)));
        }

        Map<String, XmlElement> jointElements = new LinkedHashMap<>();
        Map<String, String> parentJointOfLink = new LinkedHashMap<>();
        List<Joint> joints = new ArrayList<>();
        for (XmlElement e : robot.children("joint")) {
            Joint j = joint(e, linkElements);
            XmlElement first = jointElements.putIfAbsent(j.name(), e);
            if (first != null) {
                throw e.error("joint '" + j.name() + "' is defined twice (first at line " + first.line()
                        + "); expected unique joint names");
            }
            String other = parentJointOfLink.putIfAbsent(j.child(), j.name());
            if (other != null) {
                throw e.error("link '" + j.child() + "' is already the child of joint '" + other + "' (line "
                        + jointElements.get(other).line() + "); expected each link to have at most one parent joint");
            }
            joints.add(j);
        }
        for (Joint j : joints) {
            if (j.mimic() != null) {
                XmlElement e = jointElements.get(j.name());
                if (!jointElements.containsKey(j.mimic().joint())) {
                    throw e.error(e.describe() + " mimics joint '" + j.mimic().joint() + "', which is not defined; "
                            + "expected one of " + Suggestions.list(jointElements.keySet())
                            + Suggestions.didYouMean(j.mimic().joint(), jointElements.keySet()));
                }
                if (j.mimic().joint().equals(j.name())) {
                    throw e.error(e.describe() + " mimics itself; expected another joint's name in <mimic joint=...>");
                }
            }
        }

        RobotModel model;
        try {
            model = new RobotModel(robotName, links, joints);
        } catch (IllegalArgumentException e) {
            throw robot.error("robot '" + robotName + "': " + e.getMessage()
                    + "; expected links and joints that form a single tree");
        }
        Map<String, Integer> lines = new LinkedHashMap<>();
        jointElements.forEach((name, e) -> lines.put(name, e.line()));
        return new ParsedUrdf(model, lines);
    }

    private static void rejectXacro(XmlElement e) {
        if (e.name().startsWith("xacro:")) {
            throw e.error("<" + e.name() + "> is a xacro element in a plain URDF; expected a URDF already expanded "
                    + "by xacro, or the file read as xacro: name it *.xacro in the robot's urdf setting (with "
                    + "xacro.args and package.path) or use RobotDescription.parseXacro");
        }
        for (XmlElement c : e.children()) {
            rejectXacro(c);
        }
    }

    private static Inertial inertial(XmlElement link) {
        XmlElement in = link.optionalChild("inertial");
        if (in == null) {
            return Inertial.NONE;
        }
        XmlElement massElement = in.optionalChild("mass");
        if (massElement == null) {
            throw in.error("<inertial> of " + link.describe() + " has no <mass>; expected <mass value=\"1.0\"/>");
        }
        double mass = number(massElement, "value", "<mass> of " + link.describe(), null);
        if (mass < 0) {
            throw massElement.error("<mass> of " + link.describe() + " is " + mass + "; expected a mass >= 0");
        }
        XmlElement inertia = in.optionalChild("inertia");
        if (inertia == null) {
            throw in.error("<inertial> of " + link.describe() + " has no <inertia>; expected "
                    + "<inertia ixx=\"..\" ixy=\"..\" ixz=\"..\" iyy=\"..\" iyz=\"..\" izz=\"..\"/>");
        }
        String what = "<inertia> of " + link.describe();
        return new Inertial(mass, pose(in.optionalChild("origin"), "<inertial> of " + link.describe()),
                number(inertia, "ixx", what, null), number(inertia, "ixy", what, null),
                number(inertia, "ixz", what, null), number(inertia, "iyy", what, null),
                number(inertia, "iyz", what, null), number(inertia, "izz", what, null));
    }

    private static Joint joint(XmlElement e, Map<String, XmlElement> links) {
        String name = e.requiredAttribute("name", "joint1");
        String typeName = e.requiredAttribute("type", "revolute");
        JointType type = JointType.fromUrdf(typeName);
        if (type == null) {
            List<String> known = Arrays.stream(JointType.values()).map(JointType::urdfName).toList();
            throw e.error(e.describe() + " has type=\"" + typeName + "\"; expected one of " + Suggestions.list(known)
                    + Suggestions.didYouMean(typeName, known));
        }
        String parent = linkReference(e, "parent", links);
        String child = linkReference(e, "child", links);
        if (parent.equals(child)) {
            throw e.error(e.describe() + " has link '" + parent + "' as both parent and child; expected two different links");
        }
        Pose origin = pose(e.optionalChild("origin"), e.describe());
        Vector3 axis = axis(e, type);
        JointLimits limits = limits(e, type);
        return new Joint(name, type, parent, child, origin, axis, limits, mimic(e), softLimits(e));
    }

    private static String linkReference(XmlElement joint, String role, Map<String, XmlElement> links) {
        XmlElement ref = joint.optionalChild(role);
        if (ref == null) {
            throw joint.error(joint.describe() + " has no <" + role + ">; expected <" + role + " link=\"...\"/>");
        }
        String link = ref.requiredAttribute("link", "link1");
        if (!links.containsKey(link)) {
            throw ref.error("<" + role + " link=\"" + link + "\"> of " + joint.describe()
                    + " names a link that is not defined; expected one of " + Suggestions.list(links.keySet())
                    + Suggestions.didYouMean(link, links.keySet()));
        }
        return link;
    }

    private static Pose pose(XmlElement origin, String owner) {
        if (origin == null) {
            return Pose.IDENTITY;
        }
        double[] xyz = vector(origin, "xyz", "<origin> of " + owner, new double[3]);
        double[] rpy = vector(origin, "rpy", "<origin> of " + owner, new double[3]);
        return new Pose(xyz[0], xyz[1], xyz[2], rpy[0], rpy[1], rpy[2]);
    }

    private static Vector3 axis(XmlElement joint, JointType type) {
        XmlElement axis = joint.optionalChild("axis");
        if (axis == null) {
            return new Vector3(1, 0, 0);
        }
        double[] v = vector(axis, "xyz", "<axis> of " + joint.describe(), null);
        Vector3 a = new Vector3(v[0], v[1], v[2]);
        boolean axisMatters = type != JointType.FIXED && type != JointType.FLOATING;
        if (axisMatters && a.norm() == 0) {
            throw axis.error("<axis xyz=\"" + axis.attribute("xyz").trim() + "\"> of " + joint.describe()
                    + " is zero; expected a non-zero direction such as \"0 0 1\"");
        }
        return a;
    }

    private static JointLimits limits(XmlElement joint, JointType type) {
        XmlElement limit = joint.optionalChild("limit");
        boolean required = type == JointType.REVOLUTE || type == JointType.PRISMATIC;
        if (limit == null) {
            if (required) {
                throw joint.error(joint.describe() + " is " + type.urdfName() + " but has no <limit>; expected "
                        + "<limit lower=\"..\" upper=\"..\" effort=\"..\" velocity=\"..\"/>");
            }
            return JointLimits.NONE;
        }
        if (!type.isSingleDof()) {
            return JointLimits.NONE;
        }
        String what = "<limit> of " + joint.describe();
        double velocity = rate(limit, "velocity", what, required);
        double effort = rate(limit, "effort", what, required);
        if (type == JointType.CONTINUOUS) {
            return new JointLimits(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, velocity, effort);
        }
        double lower = number(limit, "lower", what, 0.0);
        double upper = number(limit, "upper", what, 0.0);
        if (lower > upper) {
            throw limit.error(what + " has lower=" + lower + " above upper=" + upper + "; expected lower <= upper");
        }
        return new JointLimits(lower, upper, velocity, effort);
    }

    /** A velocity or effort bound: >= 0, with 0 (and, where optional, absence) meaning "no limit". */
    private static double rate(XmlElement limit, String attribute, String what, boolean required) {
        double v = number(limit, attribute, what, required ? null : 0.0);
        if (v < 0) {
            throw limit.error(what + " has " + attribute + "=" + v + "; expected a " + attribute + " limit >= 0");
        }
        return v == 0 ? Double.POSITIVE_INFINITY : v;
    }

    /**
     * The {@code <safety_controller>} (urdfdom: {@code k_velocity} required, the others default to 0), or null. Soft
     * limits outside the hard ones are clamped into them later, as ros2_control does.
     */
    private static SoftJointLimits softLimits(XmlElement joint) {
        XmlElement s = joint.optionalChild("safety_controller");
        if (s == null) {
            return null;
        }
        String what = "<safety_controller> of " + joint.describe();
        double lower = number(s, "soft_lower_limit", what, 0.0);
        double upper = number(s, "soft_upper_limit", what, 0.0);
        double kPosition = number(s, "k_position", what, 0.0);
        double kVelocity = number(s, "k_velocity", what, null);
        if (lower > upper) {
            throw s.error(what + " has soft_lower_limit=" + lower + " above soft_upper_limit=" + upper
                    + "; expected soft_lower_limit <= soft_upper_limit");
        }
        if (kPosition < 0 || kVelocity < 0) {
            throw s.error(what + " has k_position=" + kPosition + ", k_velocity=" + kVelocity
                    + "; expected gains >= 0");
        }
        return new SoftJointLimits(lower, upper, kPosition, kVelocity);
    }

    private static Mimic mimic(XmlElement joint) {
        XmlElement m = joint.optionalChild("mimic");
        if (m == null) {
            return null;
        }
        String what = "<mimic> of " + joint.describe();
        return new Mimic(m.requiredAttribute("joint", "other_joint"), number(m, "multiplier", what, 1.0),
                number(m, "offset", what, 0.0));
    }

    /** A numeric attribute; {@code fallback} null makes it required. */
    static double number(XmlElement e, String attribute, String what, Double fallback) {
        String text = e.attribute(attribute);
        if (text == null) {
            if (fallback == null) {
                throw e.error(what + " has no " + attribute + " attribute; expected " + attribute + "=\"<number>\"");
            }
            return fallback;
        }
        Double d = Numbers.parseFinite(text);
        if (d == null) {
            throw e.error(what + " has " + attribute + "=\"" + shorten(text) + "\"; expected a finite decimal number");
        }
        return d;
    }

    private static double[] vector(XmlElement e, String attribute, String what, double[] fallback) {
        String text = e.attribute(attribute);
        if (text == null) {
            if (fallback == null) {
                throw e.error(what + " has no " + attribute + " attribute; expected " + attribute + "=\"x y z\"");
            }
            return fallback;
        }
        double[] v = Numbers.parseVector(text, 3);
        if (v == null) {
            throw e.error(what + " has " + attribute + "=\"" + shorten(text) + "\"; expected three finite numbers "
                    + "separated by spaces, e.g. \"0 0 1\"");
        }
        return v;
    }

    static String shorten(String text) {
        String t = text.strip();
        return t.length() <= 60 ? t : t.substring(0, 57) + "...";
    }
}
