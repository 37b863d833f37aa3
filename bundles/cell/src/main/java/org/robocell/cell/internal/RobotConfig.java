package org.robocell.cell.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * One robot of the cell: a ConfigAdmin factory configuration of PID {@value RobotComponent#PID}. Property names
 * are the method names with {@code _} read as {@code .} ({@code idle.strategy}, {@code slot.capacity}).
 */
@ObjectClassDefinition(name = "RoboCell robot", description = "One robot loop of the cell: a URDF, a controllers file,"
        + " a clock and a rate.")
@interface RobotConfig {

    @AttributeDefinition(description = "The robot's name: the robocell.robot property of its ControllerManager service")
    String name() default "robot";

    @AttributeDefinition(description = "URDF with <ros2_control> tags; relative paths resolve against the working"
            + " directory. A name ending in .xacro (robot.urdf.xacro) is expanded as xacro, with xacro.args and"
            + " package.path")
    String urdf();

    @AttributeDefinition(description = "ros2_control controllers YAML files (update_rate, controller types, parameters),"
            + " comma-separated, layered in order as ROS 2 parameter files are: a later file's values win, e.g."
            + " ros2_controller_config.yaml,joint_trajectory_controller_config.yaml")
    String[] controllers() default {};

    @AttributeDefinition(description = "xacro args for a .xacro urdf, in xacro's own form: name:=value, space"
            + " separated (arm_id:=fr3 hand:=false); quote a value with spaces: xyz:='0 0 0.1'")
    String xacro_args() default "";

    @AttributeDefinition(description = "Directories searched for the packages a .xacro urdf names with $(find pkg) or"
            + " package://pkg: a directory named after the package (an install's share/), or one whose package.xml"
            + " names it (a source checkout, up to three levels down); relative paths resolve against the working"
            + " directory")
    String[] package_path() default {};

    @AttributeDefinition(description = "Namespace; when set, the controllers files' sections for this namespace (and"
            + " wildcard and plain ones) apply")
    String namespace() default "";

    @AttributeDefinition(description = "Prefix of every link and joint name, like xacro's prefix (left_joint_a1); the URDF"
            + " and the controllers file are written without it")
    String prefix() default "";

    @AttributeDefinition(description = "Who owns the cycle: internal (sleep to deadlines), hardware (a driver's read"
            + " blocks), stepped (tests)")
    String clock() default "internal";

    @AttributeDefinition(description = "Loop rate in Hz; 0 takes update_rate from the controllers file")
    int rate() default 0;

    @AttributeDefinition(description = "sleep, sleep_then_spin or spin (internal clock)")
    String idle_strategy() default "sleep_then_spin";

    @AttributeDefinition(description = "Loop group: robots naming the same group (internal clock, same rate) run their"
            + " cycles on one shared thread, deadlines spread over the period; the first robot of the group sets its"
            + " idle strategy and real-time settings. Empty: a loop thread of its own")
    String loop_group() default "";

    @AttributeDefinition(description = "Launch arguments that $(var name) in the controllers files reads (a launch file's"
            + " ParameterFile with allow_substs), in xacro's form: name:=value, space separated")
    String launch_args() default "";

    @AttributeDefinition(description = "Plugins that drive the description's components instead of the ones it names,"
            + " each COMPONENT=package/Class, or *=package/Class for every component, e.g."
            + " *=mock_components/GenericSystem to run a robot package's description on mock hardware")
    String[] hardware_plugins() default {};

    @AttributeDefinition(description = "Hardware components left unconfigured at start")
    String[] hardware_unconfigured() default {};

    @AttributeDefinition(description = "Hardware components left inactive at start; all others are activated")
    String[] hardware_inactive() default {};

    @AttributeDefinition(description = "Controllers loaded and configured at start (left inactive)")
    String[] load() default {};

    @AttributeDefinition(description = "Controllers loaded, configured and activated at start, like a spawner")
    String[] activate() default {};

    @AttributeDefinition(description = "Interface slots of the loop")
    int slot_capacity() default 4096;

    @AttributeDefinition(description = "Allow activating controllers on inactive hardware")
    boolean allow_activation_on_inactive_hardware() default false;

    @AttributeDefinition(description = "KUKA-style start: hardware inactive, controllers activated, then hardware active")
    boolean controllers_before_hardware() default false;

    @AttributeDefinition(description = "Cycles a switch may wait for the loop; 0 = one second's worth")
    int switch_timeout_cycles() default 0;

    @AttributeDefinition(description = "Control modes, each 'mode=controller controller ...' (robot lifecycle)")
    String[] control_modes() default {};

    @AttributeDefinition(description = "The control mode activate() uses when none is named; empty: the first")
    String control_mode() default "";

    @AttributeDefinition(description = "Controllers active from configure on (robot lifecycle), e.g. broadcasters")
    String[] configuration_controllers() default {};

    @AttributeDefinition(description = "Robot lifecycle state to reach at start: unconfigured, inactive or active;"
            + " empty: no lifecycle (hardware start states and the activate list apply)")
    String lifecycle() default "";

    @AttributeDefinition(description = "SCHED_FIFO priority of the loop thread, 1..99 (Linux; root, CAP_SYS_NICE or an"
            + " rtprio limit; JNA); 0 leaves the scheduler alone")
    int loop_priority() default 0;

    @AttributeDefinition(description = "CPUs the loop thread is pinned to (CPU numbers, comma-separated); empty: any"
            + " CPU")
    String[] loop_cpus() default {};

    @AttributeDefinition(description = "Lock the process's memory (mlockall, current and future pages) when the loop"
            + " thread starts")
    boolean loop_lock_memory() default false;

    @AttributeDefinition(description = "Execution budget in microseconds of one controller update or one hardware read"
            + " or write; 0: one loop period")
    int budget_us() default 0;

    @AttributeDefinition(description = "Overruns of the execution budget in a row after which a controller (or a"
            + " hardware component) is taken out as failed")
    int budget_overruns() default 3;
}
