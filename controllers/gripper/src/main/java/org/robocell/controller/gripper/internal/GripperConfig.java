package org.robocell.controller.gripper.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;
import org.robocell.controller.common.InterfaceNames;
import org.robocell.controller.common.Pid;
import org.robocell.controller.common.PidGains;

/**
 * A gripper action controller's parameters, validated.
 *
 * @param commandsEffort      true: a PID on the position error writes {@code <joint>/effort}, clamped to the effort
 *                            limit; false: the goal position is written to {@code <joint>/position}
 * @param maxEffortInterface  full name of the command interface that receives the effort limit, or null
 * @param maxVelocityInterface full name of the command interface that receives the velocity limit, or null
 */
record GripperConfig(String joint, boolean commandsEffort, List<String> stateInterfaces, double goalTolerance,
        boolean allowStalling, double stallVelocityThreshold, double stallTimeout, double maxEffort,
        double maxVelocity, String maxEffortInterface, String maxVelocityInterface, Pid.Gains gains) {

    static final String POSITION = "position";
    static final String VELOCITY = "velocity";
    static final String EFFORT = "effort";

    /**
     * The parameters {@link #read} reads, named as in ros2_controllers' {@code parallel_gripper_controller}
     * ({@code src/gripper_action_controller_parameters.yaml}); {@code action_monitor_rate} is known and ignored.
     */
    static final ParameterNames NAMES = ParameterNames.of("joint", "command_interface", "state_interfaces",
            "goal_tolerance", "allow_stalling", "stall_velocity_threshold", "stall_timeout", "max_effort",
            "max_velocity", "max_effort_interface", "max_velocity_interface", "action_monitor_rate")
            .perEntry("joint", PidGains.NAMES.toArray(String[]::new));

    /**
     * @throws ParameterException naming the parameter and what was expected
     * @param fixedCommandInterface the command interface the type string fixes ({@code position_controllers/…},
     *                              {@code effort_controllers/…}), or null when {@code command_interface} chooses it
     */
    static GripperConfig read(Parameters p, String fixedCommandInterface) {
        String joint = p.getString("joint", "").trim();
        if (joint.isEmpty()) {
            throw new ParameterException("joint", "parameter 'joint' must name the gripper joint");
        }
        String fallback = fixedCommandInterface == null ? POSITION : fixedCommandInterface;
        String command = p.getString("command_interface", fallback).trim();
        if (!command.equals(POSITION) && !command.equals(EFFORT)) {
            throw new ParameterException("command_interface",
                    "parameter 'command_interface' must be 'position' or 'effort', got '"
                    + command + "'");
        }
        if (fixedCommandInterface != null && !command.equals(fixedCommandInterface)) {
            throw new ParameterException("command_interface", "parameter 'command_interface' is '" + command
                    + "' but this type"
                    + " commands '" + fixedCommandInterface + "'");
        }
        List<String> states = p.getStringList("state_interfaces", List.of(POSITION, VELOCITY));
        if (!states.contains(POSITION)) {
            throw new ParameterException("state_interfaces",
                    "parameter 'state_interfaces' must include 'position', got " + states);
        }
        if (states.stream().distinct().count() != states.size()) {
            throw new ParameterException("state_interfaces",
                    "parameter 'state_interfaces' names an interface twice: " + states);
        }
        boolean effort = command.equals(EFFORT);
        Pid.Gains gains = effort ? PidGains.read(p, joint) : Pid.Gains.of(0.0, 0.0, 0.0);
        if (effort && gains.p() == 0.0 && gains.i() == 0.0 && gains.d() == 0.0) {
            throw new ParameterException("gains." + joint + ".p",
                    "the effort command needs gains: set gains." + joint + ".p (and i, d)");
        }
        GripperConfig c = new GripperConfig(joint, effort, List.copyOf(states),
                atLeastZero(p, "goal_tolerance", 0.01), p.getBoolean("allow_stalling", false),
                atLeastZero(p, "stall_velocity_threshold", 0.001), atLeastZero(p, "stall_timeout", 1.0),
                atLeastZero(p, "max_effort", 10.0), atLeastZero(p, "max_velocity", 0.1),
                interfaceName(p, "max_effort_interface", joint), interfaceName(p, "max_velocity_interface", joint),
                gains);
        List<String> commands = c.commandInterfaces();
        if (commands.stream().distinct().count() != commands.size()) {
            throw new ParameterException(null, "the command interfaces must differ: " + commands);
        }
        return c;
    }

    private static double atLeastZero(Parameters p, String key, double fallback) {
        double v = p.getDouble(key, fallback);
        if (!(v >= 0.0) || Double.isInfinite(v)) {
            throw new ParameterException(key, "parameter '" + key + "' must be a finite number of at least 0, got "
                    + v);
        }
        return v;
    }

    /** A full interface name as given, a bare name as {@code <joint>/<name>}, empty as null. */
    private static String interfaceName(Parameters p, String key, String joint) {
        String v = p.getString(key, "").trim();
        if (v.isEmpty()) {
            return null;
        }
        return v.contains("/") ? v : InterfaceNames.of(joint, v);
    }

    String commandInterface() {
        return InterfaceNames.of(joint, commandsEffort ? EFFORT : POSITION);
    }

    List<String> commandInterfaces() {
        List<String> names = new ArrayList<>();
        names.add(commandInterface());
        if (maxEffortInterface != null) {
            names.add(maxEffortInterface);
        }
        if (maxVelocityInterface != null) {
            names.add(maxVelocityInterface);
        }
        return List.copyOf(names);
    }

    List<String> stateInterfaceNames() {
        List<String> names = new ArrayList<>();
        for (String s : stateInterfaces) {
            names.add(InterfaceNames.of(joint, s));
        }
        return List.copyOf(names);
    }
}
