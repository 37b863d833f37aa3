package org.robocell.driver.franka.internal.hardware;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.hardware.CommandInterfaceHandle;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareContext;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.hardware.StateInterfaceHandle;

/**
 * franka_ros2's Cartesian command interfaces, found in the URDF's {@code <gpio>}s the way franka_ros2's
 * {@code franka_hardware/src/franka_hardware_interface.cpp} finds them: a gpio with the command interface
 * {@code cartesian_pose_command} (16 values, the column-major end-effector pose {@code O_T_EE_c}),
 * {@code cartesian_velocity} (6 values, {@code O_dP_EE_c}: vx vy vz wx wy wz in the base frame) or
 * {@code elbow_command} (2 values: joint 3's position, joint 4's sign) gives one element; which one its
 * {@code <param name="index">} says, or else its name, franka_ros2's names: {@code 0}…{@code 15}, {@code vx}…
 * {@code wz}, {@code joint_3_position}, {@code joint_4_sign}. A kind is listed whole or not at all.
 * <p>
 * With them the component exports franka_ros2's state interfaces that tell a Cartesian controller where to start:
 * {@code <gpio>/cartesian_pose_state} (the measured {@code O_T_EE}) per pose element and {@code <gpio>/elbow_state}
 * (the measured {@code elbow}) per elbow element.
 */
final class CartesianInterfaces {

    static final String POSE = "cartesian_pose_command";
    static final String VELOCITY = "cartesian_velocity";
    static final String ELBOW = "elbow_command";
    static final String POSE_STATE = "cartesian_pose_state";
    static final String ELBOW_STATE = "elbow_state";
    static final String INDEX = "index";
    static final String[] VELOCITY_NAMES = { "vx", "vy", "vz", "wx", "wy", "wz" };
    static final String[] ELBOW_NAMES = { "joint_3_position", "joint_4_sign" };

    /** The command handles by element; null when the URDF does not list the kind. */
    final CommandInterfaceHandle[] pose;
    final CommandInterfaceHandle[] twist;
    final CommandInterfaceHandle[] elbow;
    /** The measured pose and elbow for a starting controller; null without the pose or elbow commands. */
    final StateInterfaceHandle[] poseState;
    final StateInterfaceHandle[] elbowState;
    /** Full command interface name → its kind: {@link #POSE}, {@link #VELOCITY} or {@link #ELBOW}. */
    private final Map<String, String> kinds;

    private CartesianInterfaces(CommandInterfaceHandle[] pose, CommandInterfaceHandle[] twist,
            CommandInterfaceHandle[] elbow, StateInterfaceHandle[] poseState, StateInterfaceHandle[] elbowState,
            Map<String, String> kinds) {
        this.pose = pose;
        this.twist = twist;
        this.elbow = elbow;
        this.poseState = poseState;
        this.elbowState = elbowState;
        this.kinds = kinds;
    }

    /**
     * Reads the gpios of {@code context}'s description; during {@code onInit}.
     *
     * @throws IllegalArgumentException one line naming the gpio: an index out of range or taken twice, a name
     *                                  that is no element, or a kind listed in part
     */
    static CartesianInterfaces find(HardwareContext context) {
        String component = context.info().name();
        Map<String, String> kinds = new HashMap<>();
        String[][] names = { new String[16], new String[6], new String[2] };
        String[] kindNames = { POSE, VELOCITY, ELBOW };
        for (ComponentInfo gpio : context.info().gpios()) {
            for (InterfaceInfo command : gpio.commandInterfaces()) {
                for (int k = 0; k < kindNames.length; k++) {
                    if (!command.name().equals(kindNames[k])) {
                        continue;
                    }
                    int index = index(component, gpio, kindNames[k], names[k].length);
                    String full = gpio.fullName(command);
                    if (names[k][index] != null) {
                        throw new IllegalArgumentException("'" + component + "': gpio '" + gpio.name() + "' gives "
                                + kindNames[k] + " element " + index + ", which " + names[k][index]
                                + " gives already");
                    }
                    names[k][index] = full;
                    kinds.put(full, kindNames[k]);
                }
            }
        }
        CommandInterfaceHandle[] pose = handles(context, names[0], POSE);
        CommandInterfaceHandle[] twist = handles(context, names[1], VELOCITY);
        CommandInterfaceHandle[] elbow = handles(context, names[2], ELBOW);
        if (elbow != null && pose == null && twist == null) {
            throw new IllegalArgumentException("'" + component + "' lists " + ELBOW + " without " + POSE + " or "
                    + VELOCITY + ": the elbow is commanded with a Cartesian motion only");
        }
        StateInterfaceHandle[] poseState = pose == null ? null : states(context, names[0], POSE_STATE);
        StateInterfaceHandle[] elbowState = elbow == null ? null : states(context, names[2], ELBOW_STATE);
        return new CartesianInterfaces(pose, twist, elbow, poseState, elbowState, Map.copyOf(kinds));
    }

    /** The gpio's element: its {@code index} parameter, else franka_ros2's name of the element. */
    private static int index(String component, ComponentInfo gpio, String kind, int count) {
        String given = gpio.parameters().get(INDEX);
        if (given != null) {
            try {
                int i = Integer.parseInt(given.trim());
                if (i >= 0 && i < count) {
                    return i;
                }
            } catch (NumberFormatException e) {
                // the line below
            }
            throw new IllegalArgumentException("'" + component + "': gpio '" + gpio.name() + "' index: expected 0 to "
                    + (count - 1) + " for " + kind + ", got '" + given + "'");
        }
        String n = gpio.name();
        String[] known = kind.equals(VELOCITY) ? VELOCITY_NAMES : kind.equals(ELBOW) ? ELBOW_NAMES : null;
        for (int i = 0; i < count; i++) {
            if (n.equals(known == null ? String.valueOf(i) : known[i])) {
                return i;
            }
        }
        throw new IllegalArgumentException("'" + component + "': gpio '" + n + "' has no index parameter and its"
                + " name is none of franka_ros2's " + kind + " elements (" + (known == null ? "0 to 15"
                        : String.join(", ", known)) + ")");
    }

    private static CommandInterfaceHandle[] handles(HardwareContext context, String[] names, String kind) {
        int listed = 0;
        for (String n : names) {
            listed += n == null ? 0 : 1;
        }
        if (listed == 0) {
            return null;
        }
        if (listed != names.length) {
            throw new IllegalArgumentException("'" + context.info().name() + "' lists " + listed + " of the "
                    + names.length + " " + kind + " interfaces; FCI commands all or none: missing "
                    + missing(names));
        }
        CommandInterfaceHandle[] h = new CommandInterfaceHandle[names.length];
        for (int i = 0; i < names.length; i++) {
            h[i] = context.command(names[i]);
        }
        return h;
    }

    private static List<Integer> missing(String[] names) {
        List<Integer> m = new java.util.ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            if (names[i] == null) {
                m.add(i);
            }
        }
        return m;
    }

    private static StateInterfaceHandle[] states(HardwareContext context, String[] commandNames, String kind) {
        StateInterfaceHandle[] h = new StateInterfaceHandle[commandNames.length];
        for (int i = 0; i < commandNames.length; i++) {
            String full = commandNames[i].substring(0, commandNames[i].lastIndexOf('/') + 1) + kind;
            h[i] = context.hasStateInterface(full) ? context.state(full)
                    : context.exportStateInterface(full, InterfaceInfo.of(kind));
        }
        return h;
    }

    /** The kind of a claimed command interface ({@link #POSE}, {@link #VELOCITY}, {@link #ELBOW}), or null. */
    String kindOf(String fullName) {
        return kinds.get(fullName);
    }

    /** Copies the measured pose and elbow into the state interfaces. Real time. */
    void publish(double[] oTEE, double[] elbowMeasured) {
        if (poseState != null) {
            for (int i = 0; i < 16; i++) {
                poseState[i].set(oTEE[i]);
            }
        }
        if (elbowState != null) {
            elbowState[0].set(elbowMeasured[0]);
            elbowState[1].set(elbowMeasured[1]);
        }
    }
}
