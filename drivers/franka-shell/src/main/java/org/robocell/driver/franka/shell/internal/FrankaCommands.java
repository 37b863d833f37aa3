package org.robocell.driver.franka.shell.internal;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.IntFunction;

import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.console.Example;
import org.robocell.driver.franka.api.CollisionBehavior;
import org.robocell.driver.franka.api.FrankaAnswer;
import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaRobot;

/**
 * libfranka's non-real-time calls on a Franka arm of the cell, named as franka_ros2's services
 * ({@code franka_msgs/srv/SetJointStiffness} is {@code franka:joint_stiffness}) and its {@code error_recovery}
 * action: each goes through the driver's {@link FrankaRobot} service of the arm and answers with the robot's status
 * by libfranka's name, in one line. A wrong count, a word that is not a number, a value the robot cannot take is
 * one line and sends nothing.
 */
@Component(service = FrankaCommands.class, property = { "osgi.command.scope=franka",
        "osgi.command.function=collision", "osgi.command.function=joint_stiffness",
        "osgi.command.function=cartesian_stiffness", "osgi.command.function=tcp_frame",
        "osgi.command.function=stiffness_frame", "osgi.command.function=load", "osgi.command.function=guiding",
        "osgi.command.function=stop", "osgi.command.function=error_recovery", "osgi.command.function=state",
        "osgi.command.function=model" })
public final class FrankaCommands {

    static final String ROBOT = "the robot with the Franka arm (needed when the cell has several)";
    static final String COMPONENT = "the arm's hardware component (needed when the robot has several)";
    private static final String[] AXES = { "x", "y", "z", "roll", "pitch", "yaw" };

    private final FrankaArms arms;
    private final ModelReport models = new ModelReport();

    @Activate
    public FrankaCommands(@Reference FrankaArms arms) {
        this.arms = arms;
    }

    @Descriptor("set the contact and collision (reflex) thresholds, libfranka's setCollisionBehavior (franka_ros2:"
            + " set_force_torque_collision_behavior, set_full_collision_behavior): 4 values (lower and upper torque in"
            + " Nm for every joint, lower and upper force in N for every axis), 26 (7 lower torques, 7 upper torques,"
            + " 6 lower forces, 6 upper forces) or 52 (libfranka's full form: each of those for acceleration, then"
            + " nominal); the robot must be idle")
    @Example("franka:collision -r fr3 10 20 10 20")
    public String collision(@Descriptor(ROBOT) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor(COMPONENT) @Parameter(names = { "-c", "--component" }, absentValue = "") String component,
            @Descriptor("thresholds (4, 26 or 52 values)") String... values) {
        double[] v;
        CollisionBehavior b;
        switch (values.length) {
            case 4 -> {
                v = numbers(values, i -> new String[] { "lower torque", "upper torque", "lower force",
                    "upper force" }[i]);
                b = CollisionBehavior.uniform(v[0], v[1], v[2], v[3]);
            }
            case 26 -> {
                v = numbers(values, i -> collisionField(i, false));
                b = CollisionBehavior.of(part(v, 0, 7), part(v, 7, 7), part(v, 14, 6), part(v, 20, 6));
            }
            case 52 -> {
                v = numbers(values, i -> collisionField(i, true));
                b = new CollisionBehavior(part(v, 0, 7), part(v, 7, 7), part(v, 14, 7), part(v, 21, 7),
                        part(v, 28, 6), part(v, 34, 6), part(v, 40, 6), part(v, 46, 6));
            }
            default -> throw new FrankaShellException("franka:collision takes 4 values (lower and upper torque, lower"
                    + " and upper force, for every joint and axis), 26 (7 + 7 torques, 6 + 6 forces) or 52"
                    + " (libfranka's full form), got " + values.length);
        }
        return call(robot, component, r -> r.setCollisionBehavior(b));
    }

    @Descriptor("set the robot's joint impedance stiffness K_theta (Nm/rad; 7 values, joint 1 to 7, or 1 for every"
            + " joint), libfranka's setJointImpedance (franka_ros2: set_joint_stiffness); the robot must be idle")
    @Example("franka:joint_stiffness -r fr3 3000 3000 3000 2500 2500 2000 2000")
    public String joint_stiffness(@Descriptor(ROBOT) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor(COMPONENT) @Parameter(names = { "-c", "--component" }, absentValue = "") String component,
            @Descriptor("K_theta (7 values, or 1 for every joint)") String... values) {
        double[] k = numbers(values, i -> "K_theta[" + i + "]");
        if (k.length == 1) {
            k = fill(7, k[0]);
        } else if (k.length != 7) {
            throw new FrankaShellException("franka:joint_stiffness takes 7 values (K_theta, joint 1 to 7) or 1 for"
                    + " every joint, got " + k.length);
        }
        double[] kTheta = k;
        return call(robot, component, r -> r.setJointImpedance(kTheta));
    }

    @Descriptor("set the robot's Cartesian impedance stiffness K_x, libfranka's setCartesianImpedance (franka_ros2:"
            + " set_cartesian_stiffness): 6 values, x, y, z in [10, 3000] N/m and roll, pitch, yaw in [1, 300] Nm/rad,"
            + " or 2 (translation, rotation); the robot must be idle")
    @Example("franka:cartesian_stiffness -r fr3 3000 3000 3000 300 300 300")
    public String cartesian_stiffness(@Descriptor(ROBOT) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor(COMPONENT) @Parameter(names = { "-c", "--component" }, absentValue = "") String component,
            @Descriptor("K_x (6 values, or 2)") String... values) {
        double[] k = numbers(values, i -> values.length == 2 ? (i == 0 ? "translation" : "rotation")
                : "K_x[" + i + "]");
        if (k.length == 2) {
            k = new double[] { k[0], k[0], k[0], k[1], k[1], k[1] };
        } else if (k.length != 6) {
            throw new FrankaShellException("franka:cartesian_stiffness takes 6 values (x, y, z, roll, pitch, yaw) or"
                    + " 2 (translation, rotation), got " + k.length);
        }
        double[] kX = k;
        return call(robot, component, r -> r.setCartesianImpedance(kX));
    }

    @Descriptor("set the end effector (TCP) in the nominal end-effector frame, NE_T_EE, libfranka's setEE"
            + " (franka_ros2: set_tcp_frame): x y z (m), x y z roll pitch yaw (m, rad; R = Rz Ry Rx as URDF's rpy) or"
            + " 16 values (4x4, column-major); the robot must be idle")
    @Example("franka:tcp_frame -r fr3 0 0 0.05")
    public String tcp_frame(@Descriptor(ROBOT) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor(COMPONENT) @Parameter(names = { "-c", "--component" }, absentValue = "") String component,
            @Descriptor("NE_T_EE (3, 6 or 16 values)") String... values) {
        double[] t = Frames.transform(numbers(values, i -> frameField("NE_T_EE", values.length, i)), "NE_T_EE");
        return call(robot, component, r -> r.setEE(t));
    }

    @Descriptor("set the stiffness frame in the end-effector frame, EE_T_K, libfranka's setK (franka_ros2:"
            + " set_stiffness_frame): x y z (m), x y z roll pitch yaw (m, rad) or 16 values (4x4, column-major);"
            + " the robot must be idle")
    @Example("franka:stiffness_frame -r fr3 0 0 0.02")
    public String stiffness_frame(@Descriptor(ROBOT) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor(COMPONENT) @Parameter(names = { "-c", "--component" }, absentValue = "") String component,
            @Descriptor("EE_T_K (3, 6 or 16 values)") String... values) {
        double[] t = Frames.transform(numbers(values, i -> frameField("EE_T_K", values.length, i)), "EE_T_K");
        return call(robot, component, r -> r.setK(t));
    }

    @Descriptor("set the payload, libfranka's setLoad (franka_ros2: set_load): mass (kg, at most 3), centre of mass"
            + " in the flange frame (m), and its inertia (kg m², 9 values column-major, zero when left out)")
    @Example("franka:load -r fr3 0.5 0 0 0.05")
    public String load(@Descriptor(ROBOT) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor(COMPONENT) @Parameter(names = { "-c", "--component" }, absentValue = "") String component,
            @Descriptor("mass cx cy cz (and the inertia's 9 values)") String... values) {
        double[] v = numbers(values, i -> i == 0 ? "m_load" : i < 4 ? "F_x_Cload[" + (i - 1) + "]"
                : "I_load[" + (i - 4) + "]");
        if (v.length != 4 && v.length != 13) {
            throw new FrankaShellException("franka:load takes 4 values (mass, centre of mass x y z) or 13 (and the"
                    + " inertia's 9), got " + v.length);
        }
        double[] inertia = v.length == 13 ? part(v, 4, 9) : new double[9];
        return call(robot, component, r -> r.setLoad(v[0], part(v, 1, 3), inertia));
    }

    @Descriptor("set which directions hand guiding may move the arm in, libfranka's setGuidingMode: x y z roll pitch"
            + " yaw, all or none, and --elbow for the elbow (nullspace); the robot must be idle")
    @Example("franka:guiding -r fr3 --elbow x y z")
    public String guiding(@Descriptor(ROBOT) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor(COMPONENT) @Parameter(names = { "-c", "--component" }, absentValue = "") String component,
            @Descriptor("let the elbow move too") @Parameter(names = { "-e", "--elbow" }, presentValue = "true", absentValue = "false") boolean elbow,
            @Descriptor("free directions (x y z roll pitch yaw; all; none)") String... directions) {
        if (directions.length == 0) {
            throw new FrankaShellException("franka:guiding takes the free directions: some of x y z roll pitch yaw,"
                    + " all, or none");
        }
        boolean[] axes = new boolean[6];
        for (String d : directions) {
            String w = d.toLowerCase(Locale.ROOT);
            if (w.equals("all")) {
                Arrays.fill(axes, true);
            } else if (!w.equals("none")) {
                int i = Arrays.asList(AXES).indexOf(w);
                if (i < 0) {
                    throw new FrankaShellException("'" + d + "' is not a direction; expected x, y, z, roll, pitch,"
                            + " yaw, all or none");
                }
                axes[i] = true;
            }
        }
        return call(robot, component, r -> r.setGuidingMode(axes, elbow));
    }

    @Descriptor("stop the arm's running motion, libfranka's stop: the robot holds, the controllers on the arm are"
            + " taken out as libfranka's control loop ends")
    @Example("franka:stop -r fr3")
    public String stop(@Descriptor(ROBOT) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor(COMPONENT) @Parameter(names = { "-c", "--component" }, absentValue = "") String component) {
        return call(robot, component, FrankaRobot::stop);
    }

    @Descriptor("clear the robot's errors after a reflex, libfranka's automaticErrorRecovery (franka_ros2: the"
            + " error_recovery action); works while the arm's component is unconfigured")
    @Example("franka:error_recovery -r fr3")
    public String error_recovery(@Descriptor(ROBOT) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor(COMPONENT) @Parameter(names = { "-c", "--component" }, absentValue = "") String component) {
        FrankaArms.Arm arm = arms.pick(robot, component);
        String done = answer(arm, arm.robotService().automaticErrorRecovery());
        return arm.state() == LifecycleState.ACTIVE ? done : done + "; " + arm.component() + " is " + arm.state()
                + ": hardware:state -r " + arm.robot() + " " + arm.component() + " active connects it again";
    }

    @Descriptor("the robot's current state: robot mode, current and last motion errors by libfranka's names,"
            + " success rate, O_T_EE, joint positions and torques, external torques and wrench, frames, load")
    @Example("franka:state -r fr3 -f errors")
    public String state(@Descriptor(ROBOT) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor(COMPONENT) @Parameter(names = { "-c", "--component" }, absentValue = "") String component,
            @Descriptor("only fields whose name contains this text") @Parameter(names = { "-f", "--filter" }, absentValue = "") String filter) {
        FrankaArms.Arm arm = arms.pick(robot, component);
        return StateReport.render(arm.label(), arm.robotService().state(), filter);
    }

    @Descriptor("libfranka's model for the robot's current state (q, dq, F_T_EE, EE_T_K, end effector and load):"
            + " pose, zero and body Jacobian of a frame, mass matrix, Coriolis and gravity vectors")
    @Example("franka:model -r fr3 -f flange")
    public String model(@Descriptor(ROBOT) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor(COMPONENT) @Parameter(names = { "-c", "--component" }, absentValue = "") String component,
            @Descriptor("the frame: joint1..joint7, flange, end_effector (EE), stiffness (K), or libfranka's"
                    + " kJoint1..kStiffness") @Parameter(names = { "-f", "--frame" }, absentValue = "end_effector") String frame) {
        FrankaFrame f;
        try {
            f = FrankaFrame.parse(frame);
        } catch (IllegalArgumentException e) {
            throw new FrankaShellException(e.getMessage());
        }
        FrankaArms.Arm arm = arms.pick(robot, component);
        return models.render(arm.label(), arm.robotService().state(), f);
    }

    private String call(String robot, String component, Function<FrankaRobot, FrankaAnswer> call) {
        FrankaArms.Arm arm = arms.pick(robot, component);
        return answer(arm, call.apply(arm.robotService()));
    }

    /** The answer as one line; a refusal is an error line with what the status means. */
    private static String answer(FrankaArms.Arm arm, FrankaAnswer a) {
        if (a.success()) {
            return arm.label() + ": " + a;
        }
        throw new FrankaShellException(arm.label() + " refused " + a.command().wireName() + ": "
                + a.status().wireName() + StatusHints.of(a));
    }

    private static double[] numbers(String[] words, IntFunction<String> field) {
        return Values.parse(List.of(words), field);
    }

    private static String collisionField(int i, boolean full) {
        String[] names = full
                ? new String[] { "lower_torque_thresholds_acceleration", "upper_torque_thresholds_acceleration",
                    "lower_torque_thresholds_nominal", "upper_torque_thresholds_nominal",
                    "lower_force_thresholds_acceleration", "upper_force_thresholds_acceleration",
                    "lower_force_thresholds_nominal", "upper_force_thresholds_nominal" }
                : new String[] { "lower_torque_thresholds", "upper_torque_thresholds", "lower_force_thresholds",
                    "upper_force_thresholds" };
        int[] sizes = full ? new int[] { 7, 7, 7, 7, 6, 6, 6, 6 } : new int[] { 7, 7, 6, 6 };
        int at = i;
        for (int k = 0; k < sizes.length; k++) {
            if (at < sizes[k]) {
                return names[k] + "[" + at + "]";
            }
            at -= sizes[k];
        }
        return "value";
    }

    private static String frameField(String field, int count, int i) {
        if (count == 16) {
            return field + "[" + i + "]";
        }
        return new String[] { "x", "y", "z", "roll", "pitch", "yaw" }[Math.min(i, 5)];
    }

    private static double[] part(double[] v, int from, int count) {
        return Arrays.copyOfRange(v, from, from + count);
    }

    private static double[] fill(int n, double v) {
        double[] a = new double[n];
        Arrays.fill(a, v);
        return a;
    }
}
