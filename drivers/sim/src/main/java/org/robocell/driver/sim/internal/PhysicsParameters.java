package org.robocell.driver.sim.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.kinematics.KinematicModel;
import org.robocell.simulation.ContactPoint;
import org.robocell.simulation.HalfSpace;
import org.robocell.simulation.SimulationSettings;

/**
 * The {@code <param>}s of a {@code robocell_sim/PhysicsSystem} block read into {@link SimulationSettings}. Every
 * wrong value is refused with the parameter's name and what was expected.
 */
final class PhysicsParameters {

    static final String ROBOT = "robot";
    static final String TIME_STEP = "time_step";
    static final String DAMPING = "damping";
    static final String FRICTION = "friction";
    static final String FRICTION_VELOCITY = "friction_velocity";
    static final String LIMIT_STIFFNESS = "limit_stiffness";
    static final String LIMIT_DAMPING = "limit_damping";
    static final String CONTACT_PLANES = "contact_planes";
    static final String CONTACT_POINTS = "contact_points";
    static final String CONTACT_STIFFNESS = "contact_stiffness";
    static final String CONTACT_DAMPING = "contact_damping";

    private PhysicsParameters() {
    }

    /** The settings for {@code model}, whose joints the block's joints are a subset of. */
    static SimulationSettings settings(HardwareInfo info, KinematicModel model) {
        int n = model.dof();
        double[] damping = new double[n];
        double[] friction = new double[n];
        java.util.Arrays.fill(damping, number(info, info.parameters(), DAMPING, 0.0));
        java.util.Arrays.fill(friction, number(info, info.parameters(), FRICTION, 0.0));
        for (ComponentInfo joint : info.joints()) {
            int j = model.jointNames().indexOf(joint.name());
            if (j < 0) {
                continue; // checked by the component, which names the joint
            }
            damping[j] = number(info, joint.parameters(), DAMPING, damping[j]);
            friction[j] = number(info, joint.parameters(), FRICTION, friction[j]);
        }
        SimulationSettings defaults = SimulationSettings.defaults(n);
        try {
            return defaults.withTimeStep(number(info, info.parameters(), TIME_STEP, defaults.timeStep()))
                    .withJointFriction(damping, friction, number(info, info.parameters(), FRICTION_VELOCITY,
                            defaults.frictionVelocity()))
                    .withLimits(number(info, info.parameters(), LIMIT_STIFFNESS, defaults.limitStiffness()),
                            number(info, info.parameters(), LIMIT_DAMPING, defaults.limitDamping()))
                    .withContacts(planes(info), points(info),
                            number(info, info.parameters(), CONTACT_STIFFNESS, defaults.contactStiffness()),
                            number(info, info.parameters(), CONTACT_DAMPING, defaults.contactDamping()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("hardware '" + info.name() + "': " + e.getMessage(), e);
        }
    }

    /** {@code "px py pz nx ny nz; ..."}: points and outward normals in the base frame. */
    static List<HalfSpace> planes(HardwareInfo info) {
        List<HalfSpace> out = new ArrayList<>();
        String text = info.parameter(CONTACT_PLANES, "").trim();
        if (text.isEmpty()) {
            return out;
        }
        String[] entries = text.split(";");
        for (int i = 0; i < entries.length; i++) {
            double[] v = numbers(info, CONTACT_PLANES, i, entries[i], 6, 6);
            try {
                out.add(new HalfSpace(v[0], v[1], v[2], v[3], v[4], v[5]));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("hardware '" + info.name() + "' parameter '" + CONTACT_PLANES
                        + "' plane " + (i + 1) + ": " + e.getMessage());
            }
        }
        return out;
    }

    /** {@code "link; link x y z; ..."}: a link's origin, or a point in its frame. */
    static List<ContactPoint> points(HardwareInfo info) {
        List<ContactPoint> out = new ArrayList<>();
        String text = info.parameter(CONTACT_POINTS, "").trim();
        if (text.isEmpty()) {
            return out;
        }
        String[] entries = text.split(";");
        for (int i = 0; i < entries.length; i++) {
            String[] words = entries[i].trim().split("\\s+", 2);
            if (words[0].isEmpty()) {
                throw new IllegalArgumentException("hardware '" + info.name() + "' parameter '" + CONTACT_POINTS
                        + "' point " + (i + 1) + " is empty; expected 'link' or 'link x y z'");
            }
            double[] v = words.length == 1 ? new double[3] : numbers(info, CONTACT_POINTS, i, words[1], 3, 3);
            out.add(new ContactPoint(words[0], v[0], v[1], v[2]));
        }
        return out;
    }

    private static double[] numbers(HardwareInfo info, String parameter, int index, String text, int min, int max) {
        String[] words = text.trim().split("\\s+");
        if (words.length < min || words.length > max) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' parameter '" + parameter + "' entry "
                    + (index + 1) + " has " + words.length + " numbers ('" + text.trim() + "'), expected " + max);
        }
        double[] v = new double[words.length];
        for (int k = 0; k < words.length; k++) {
            v[k] = parse(info, parameter + "' entry " + (index + 1) + " value " + (k + 1) + " '", words[k]);
        }
        return v;
    }

    /** A finite number from {@code params}, or {@code fallback} when absent. */
    static double number(HardwareInfo info, Map<String, String> params, String key, double fallback) {
        String text = params.get(key);
        return text == null ? fallback : parse(info, key, text.trim());
    }

    private static double parse(HardwareInfo info, String what, String text) {
        double v;
        try {
            v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (!Double.isFinite(v) || text.endsWith("d") || text.endsWith("f") || text.startsWith("0x")) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' parameter '" + what
                    + "' must be a finite number, got '" + text + "'");
        }
        return v;
    }
}
