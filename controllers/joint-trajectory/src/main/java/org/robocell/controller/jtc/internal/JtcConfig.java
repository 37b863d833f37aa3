package org.robocell.controller.jtc.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;
import org.robocell.controller.common.Pid;
import org.robocell.controller.common.PidGains;

/** The joint trajectory controller's parameters, read and checked at configure. */
record JtcConfig(List<String> joints, List<String> commandJoints, List<String> commandInterfaces, List<String> stateInterfaces,
        boolean allowPartialJointsGoal, boolean interpolate, double stoppedVelocityTolerance, double goalTime,
        double[] pathPositionTolerance, double[] goalPositionTolerance, Pid.Gains[] gains,
        double[] ffVelocityScale, boolean interpolateFromDesiredState, boolean allowNonzeroVelocityAtTrajectoryEnd,
        int maxPoints) {

    static final String POSITION = "position";
    static final String VELOCITY = "velocity";
    static final String ACCELERATION = "acceleration";
    static final String EFFORT = "effort";

    private static final List<Set<String>> COMMAND_COMBINATIONS = List.of(Set.of(POSITION),
            Set.of(POSITION, VELOCITY), Set.of(POSITION, VELOCITY, ACCELERATION), Set.of(VELOCITY), Set.of(EFFORT),
            Set.of(POSITION, EFFORT));
    private static final List<Set<String>> STATE_COMBINATIONS = List.of(Set.of(POSITION), Set.of(POSITION, VELOCITY),
            Set.of(POSITION, VELOCITY, ACCELERATION));

    /**
     * The parameters {@link #read} reads, named as in ros2_controllers' {@code joint_trajectory_controller}
     * ({@code src/joint_trajectory_controller_parameters.yaml}); those it does not implement are unknown.
     */
    static final ParameterNames NAMES = ParameterNames.of("joints", "command_joints", "command_interfaces", "state_interfaces",
            "allow_partial_joints_goal", "interpolation_method", "constraints.stopped_velocity_tolerance",
            "constraints.goal_time", "interpolate_from_desired_state", "open_loop_control",
            "allow_nonzero_velocity_at_trajectory_end", "max_points")
            .perEntry("joints", "constraints.{}.trajectory", "constraints.{}.goal", "gains.{}.ff_velocity_scale")
            .perEntry("joints", PidGains.NAMES.toArray(String[]::new));

    /** @throws ParameterException with a message naming the parameter */
    static JtcConfig read(Parameters p) {
        List<String> joints = distinctNonEmpty(p, "joints");
        List<String> commandJoints = commandJoints(p, joints);
        List<String> command = distinctNonEmpty(p, "command_interfaces");
        List<String> state = distinctNonEmpty(p, "state_interfaces");
        if (!COMMAND_COMBINATIONS.contains(Set.copyOf(command))) {
            throw new ParameterException("command_interfaces", "parameter 'command_interfaces' " + command
                    + " is not a supported combination: position | position, velocity | position, velocity,"
                    + " acceleration | velocity | effort | position, effort");
        }
        if (!STATE_COMBINATIONS.contains(Set.copyOf(state))) {
            throw new ParameterException("state_interfaces", "parameter 'state_interfaces' " + state
                    + " is not a supported combination: position | position, velocity | position, velocity,"
                    + " acceleration");
        }
        boolean needsVelocityState = command.contains(ACCELERATION) || command.equals(List.of(VELOCITY))
                || command.equals(List.of(EFFORT));
        if (needsVelocityState && !state.contains(VELOCITY)) {
            throw new ParameterException(null, "command interfaces " + command
                    + " need the position and velocity state interfaces, 'state_interfaces' is " + state);
        }
        String interpolation = p.getString("interpolation_method", "splines");
        if (!interpolation.equals("splines") && !interpolation.equals("none")) {
            throw new ParameterException("interpolation_method",
                    "parameter 'interpolation_method' must be 'splines' or 'none', got '" + interpolation + "'");
        }
        double stopped = nonNegative(p, "constraints.stopped_velocity_tolerance", 0.01);
        double goalTime = nonNegative(p, "constraints.goal_time", 0.0);
        int n = joints.size();
        double[] path = new double[n];
        double[] goal = new double[n];
        Pid.Gains[] gains = new Pid.Gains[n];
        double[] ff = new double[n];
        for (int j = 0; j < n; j++) {
            String joint = joints.get(j);
            path[j] = nonNegative(p, "constraints." + joint + ".trajectory", 0.0);
            goal[j] = nonNegative(p, "constraints." + joint + ".goal", 0.0);
            gains[j] = PidGains.read(p, joint);
            ff[j] = finite(p, "gains." + joint + ".ff_velocity_scale", 0.0);
        }
        boolean fromDesired = p.getBoolean("interpolate_from_desired_state", false)
                || p.getBoolean("open_loop_control", false);
        int maxPoints = p.getInt("max_points", 1000);
        if (maxPoints < 1) {
            throw new ParameterException("max_points", "parameter 'max_points' must be at least 1, got " + maxPoints);
        }
        return new JtcConfig(joints, commandJoints, command, state, p.getBoolean("allow_partial_joints_goal", false),
                interpolation.equals("splines"), stopped, goalTime, path, goal, gains, ff, fromDesired,
                p.getBoolean("allow_nonzero_velocity_at_trajectory_end", false), maxPoints);
    }

    /**
     * {@code command_joints}: the names the commands go to, one per joint, when they differ from the joints' (the
     * reference interfaces of a following controller, {@code admittance_controller/joint1}); empty means the joints.
     * Upstream also takes a subset of {@code joints} (passive joints only observed); that form is not implemented.
     */
    private static List<String> commandJoints(Parameters p, List<String> joints) {
        List<String> v = p.getStringList("command_joints", List.of());
        if (v.isEmpty()) {
            return joints;
        }
        if (new HashSet<>(v).size() != v.size()) {
            throw new ParameterException("command_joints", "parameter 'command_joints' names an entry twice: " + v);
        }
        if (v.size() != joints.size()) {
            throw new ParameterException("command_joints", "parameter 'command_joints' has " + v.size()
                    + " entries, 'joints' " + joints.size() + "; give one command joint per joint, in the same order"
                    + " (or leave it empty)");
        }
        return List.copyOf(v);
    }

    private static List<String> distinctNonEmpty(Parameters p, String key) {
        List<String> v = p.getStringList(key);
        if (v.isEmpty()) {
            throw new ParameterException(key, "parameter '" + key + "' must name at least one entry");
        }
        if (new HashSet<>(v).size() != v.size()) {
            throw new ParameterException(key, "parameter '" + key + "' names an entry twice: " + v);
        }
        return v;
    }

    private static double nonNegative(Parameters p, String key, double fallback) {
        double v = p.getDouble(key, fallback);
        if (!(v >= 0.0) || Double.isInfinite(v)) {
            throw new ParameterException(key, "parameter '" + key + "' must be a finite value >= 0, got " + v);
        }
        return v;
    }

    private static double finite(Parameters p, String key, double fallback) {
        double v = p.getDouble(key, fallback);
        if (!Double.isFinite(v)) {
            throw new ParameterException(key, "parameter '" + key + "' must be a finite number, got " + v);
        }
        return v;
    }

    int dof() {
        return joints.size();
    }

    boolean commands(String interfaceName) {
        return commandInterfaces.contains(interfaceName);
    }

    boolean reads(String interfaceName) {
        return stateInterfaces.contains(interfaceName);
    }

    /** Closed loop: a PID turns the position and velocity error into the only command, velocity or effort. */
    boolean usesPid() {
        return commandInterfaces.equals(List.of(VELOCITY)) || commandInterfaces.equals(List.of(EFFORT));
    }
}
