package org.robocell.controller.admittance.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;

/**
 * The admittance controller's parameters that are fixed between configures (joints, interfaces, kinematics, frames,
 * sensor), read and checked at configure; the gains that may change while it runs are {@link AdmittanceGains}.
 * Names and defaults as in ros2_controllers' {@code admittance_controller/src/admittance_controller_parameters.yaml}.
 */
record AdmittanceConfig(List<String> joints, List<String> commandJoints, List<String> commandInterfaces,
        List<String> stateInterfaces, List<String> chainableCommandInterfaces, String kinematicsPlugin,
        String kinematicsPackage, String base, String tip, double alpha, String ftSensorName, String ftFrame,
        String controlFrame, String worldFrame, String gravityFrame, boolean liveGains, AdmittanceGains gains) {

    static final String POSITION = "position";
    static final String VELOCITY = "velocity";
    static final String ACCELERATION = "acceleration";

    /** The kinematics_interface plugins whose role RoboCell's {@code KinematicsService} plays. */
    static final Set<String> KINEMATICS_PLUGINS = Set.of("kinematics_interface_kdl/KinematicsInterfaceKDL",
            "kinematics_interface_pinocchio/KinematicsInterfacePinocchio");

    /** The force/torque sensor's state interfaces after {@code <ft_sensor.name>/}, in wrench order. */
    static final List<String> WRENCH_AXES = List.of("force.x", "force.y", "force.z", "torque.x", "torque.y",
            "torque.z");

    private static final List<String> MOTION = List.of(POSITION, VELOCITY, ACCELERATION);

    /**
     * Every parameter of the upstream controller, and the frames' {@code external} flags and
     * {@code kinematics.group_name} that its example files (and older releases) carry: accepted so that those files
     * load, with {@code external} only false (every frame must be a link of the robot's description).
     */
    static final ParameterNames NAMES = ParameterNames.of("joints", "command_joints", "command_interfaces",
            "state_interfaces", "chainable_command_interfaces", "kinematics.plugin_name", "kinematics.plugin_package",
            "kinematics.base", "kinematics.tip", "kinematics.alpha", "kinematics.group_name", "ft_sensor.name",
            "ft_sensor.frame.id", "ft_sensor.frame.external", "control.frame.id", "control.frame.external",
            "fixed_world_frame.frame.id", "fixed_world_frame.frame.external", "gravity_compensation.frame.id",
            "gravity_compensation.frame.external", "enable_parameter_update_without_reactivation")
            .and(AdmittanceGains.KEYS.toArray(String[]::new));

    /** @throws ParameterException naming the parameter and what was expected */
    static AdmittanceConfig read(Parameters p) {
        List<String> joints = distinct(p, "joints", p.getStringList("joints"));
        if (joints.isEmpty()) {
            throw new ParameterException("joints", "parameter 'joints' must name at least one joint");
        }
        List<String> commandJoints = distinct(p, "command_joints", p.getStringList("command_joints", List.of()));
        if (commandJoints.isEmpty()) {
            commandJoints = joints;
        } else if (commandJoints.size() != joints.size()) {
            throw new ParameterException("command_joints", "parameter 'command_joints' has " + commandJoints.size()
                    + " entries, 'joints' " + joints.size() + "; they must match (or leave 'command_joints' empty)");
        }
        List<String> command = motion(p, "command_interfaces", p.getStringList("command_interfaces"));
        if (command.isEmpty()) {
            throw new ParameterException("command_interfaces", "parameter 'command_interfaces' must name at least one of "
                    + MOTION);
        }
        List<String> state = motion(p, "state_interfaces", p.getStringList("state_interfaces"));
        if (!state.contains(POSITION)) {
            throw new ParameterException("state_interfaces", "parameter 'state_interfaces' must contain 'position'"
                    + " (the admittance offset is measured from the joint positions), got " + state);
        }
        List<String> chainable = distinct(p, "chainable_command_interfaces",
                p.getStringList("chainable_command_interfaces", List.of(POSITION, VELOCITY)));
        for (String c : chainable) {
            if (!c.equals(POSITION) && !c.equals(VELOCITY)) {
                throw new ParameterException("chainable_command_interfaces", "parameter 'chainable_command_interfaces'"
                        + " may name 'position' and 'velocity' only, got '" + c + "'");
            }
        }
        String plugin = required(p, "kinematics.plugin_name");
        if (!KINEMATICS_PLUGINS.contains(plugin)) {
            throw new ParameterException("kinematics.plugin_name", "parameter 'kinematics.plugin_name' is '" + plugin
                    + "'; RoboCell's kinematics service plays " + String.join(" and ", KINEMATICS_PLUGINS.stream()
                            .sorted().toList()));
        }
        String pluginPackage = required(p, "kinematics.plugin_package");
        String base = required(p, "kinematics.base");
        String tip = required(p, "kinematics.tip");
        double alpha = p.getDouble("kinematics.alpha", 0.01);
        if (!(alpha >= 0) || Double.isInfinite(alpha)) {
            throw new ParameterException("kinematics.alpha", "parameter 'kinematics.alpha' must be a finite number >= 0"
                    + " (the damping of the Jacobian pseudo-inverse), got " + alpha);
        }
        p.getString("kinematics.group_name", "");
        String sensor = required(p, "ft_sensor.name");
        String ftFrame = frame(p, "ft_sensor.frame");
        String controlFrame = frame(p, "control.frame");
        String worldFrame = frame(p, "fixed_world_frame.frame");
        String gravityFrame = frame(p, "gravity_compensation.frame");
        boolean live = p.getBoolean("enable_parameter_update_without_reactivation", true);
        return new AdmittanceConfig(joints, commandJoints, command, state, chainable, plugin, pluginPackage, base,
                tip, alpha, sensor, ftFrame, controlFrame, worldFrame, gravityFrame, live, AdmittanceGains.read(p));
    }

    int dof() {
        return joints.size();
    }

    /** {@code <sensor>/force.x} … {@code <sensor>/torque.z}. */
    List<String> wrenchInterfaces() {
        return WRENCH_AXES.stream().map(a -> ftSensorName + "/" + a).toList();
    }

    private static String required(Parameters p, String key) {
        String v = p.getString(key).trim();
        if (v.isEmpty()) {
            throw new ParameterException(key, "parameter '" + key + "' must not be empty");
        }
        return v;
    }

    /** {@code <prefix>.id}, a link of the description; {@code <prefix>.external} may only say false. */
    private static String frame(Parameters p, String prefix) {
        String id = required(p, prefix + ".id");
        if (p.getBoolean(prefix + ".external", false)) {
            throw new ParameterException(prefix + ".external", "parameter '" + prefix + ".external' is true; every"
                    + " frame must be a link of the robot's description (set it false or leave it out)");
        }
        return id;
    }

    private static List<String> distinct(Parameters p, String key, List<String> v) {
        if (new HashSet<>(v).size() != v.size()) {
            throw new ParameterException(key, "parameter '" + key + "' names an entry twice: " + v);
        }
        return v;
    }

    /** Interfaces among position, velocity and acceleration, each once, in the order given. */
    private static List<String> motion(Parameters p, String key, List<String> v) {
        distinct(p, key, v);
        for (String i : v) {
            if (!MOTION.contains(i)) {
                throw new ParameterException(key, "parameter '" + key + "' may name " + MOTION + " only, got '" + i
                        + "'");
            }
        }
        return v;
    }
}
