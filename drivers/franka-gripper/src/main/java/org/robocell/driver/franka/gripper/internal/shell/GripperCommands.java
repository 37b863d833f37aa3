package org.robocell.driver.franka.gripper.internal.shell;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.robocell.api.cell.ControllerManager;
import org.robocell.console.Example;
import org.robocell.driver.franka.gripper.api.FrankaGripper;
import org.robocell.driver.franka.gripper.api.GripperAnswer;
import org.robocell.driver.franka.gripper.api.GripperOutcome;
import org.robocell.driver.franka.gripper.api.HandState;

/**
 * {@code franka:gripper home|move|grasp|stop|state}: franka_gripper's actions (homing, move, grasp) and stop service
 * on a Franka Hand of the cell, through its component's {@link FrankaGripper} service. As libfranka does, a grasp
 * that ends outside its band is an answer ({@code kUnsuccessful}), while a refused, failed or aborted command is an
 * error: one line, and for a wrong argument nothing is sent.
 */
@Component(service = GripperCommands.class, property = { "osgi.command.scope=franka",
        "osgi.command.function=gripper" })
public final class GripperCommands {

    /** franka_gripper's {@code default_speed} (franka_gripper_node.yaml), m/s. */
    static final double DEFAULT_SPEED = 0.1;
    /** franka_gripper's default grasp epsilon, inner and outer (franka_gripper/doc/index.rst), m. */
    static final double DEFAULT_EPSILON = 0.005;
    private static final String USAGE = "franka:gripper home | move <width> [speed] | grasp <width> <speed> <force>"
            + " [epsilon_inner epsilon_outer] | stop | state";

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    final List<FrankaGripper> grippers = new CopyOnWriteArrayList<>();
    private final StartingRobots robots = new StartingRobots();

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            unbind = "removeConfigurationAdmin")
    void setConfigurationAdmin(ConfigurationAdmin admin) {
        robots.configurationAdmin(admin);
    }

    void removeConfigurationAdmin(ConfigurationAdmin admin) {
        robots.removeConfigurationAdmin(admin);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            updated = "updatedManager", unbind = "removeManager")
    void addManager(ControllerManager manager, Map<String, Object> properties) {
        robots.updated(manager, properties);
    }

    void updatedManager(ControllerManager manager, Map<String, Object> properties) {
        robots.updated(manager, properties);
    }

    void removeManager(ControllerManager manager) {
        robots.removed(manager);
    }

    @Descriptor("drive a Franka Hand as franka_gripper does: home (homing: close, open, measure the max width),"
            + " move <width m> [speed m/s, 0.1], grasp <width m> <speed m/s> <force N> [epsilon_inner epsilon_outer m,"
            + " 0.005 each: success when the fingers stop within width-inner..width+outer], stop (let go), state")
    @Example("franka:gripper grasp 0.03 0.1 40")
    public String gripper(
            @Descriptor("the Hand's hardware component (needed when the cell has several)")
            @Parameter(names = { "-c", "--component" }, absentValue = "") String component,
            @Descriptor("home | move | grasp | stop | state") String verb,
            @Descriptor("numbers") String... args) {
        String v = verb.toLowerCase(Locale.ROOT);
        return switch (v) {
            case "home", "homing" -> {
                count(v, args, 0, 0, "no values");
                yield outcome(pick(component).homing());
            }
            case "move" -> {
                count(v, args, 1, 2, "<width> [speed]");
                double width = number(args, 0, "width");
                double speed = args.length > 1 ? number(args, 1, "speed") : DEFAULT_SPEED;
                yield outcome(pick(component).move(width, speed));
            }
            case "grasp" -> {
                if (args.length != 3 && args.length != 5) {
                    throw new GripperShellException("franka:gripper grasp takes <width> <speed> <force> and optionally"
                            + " <epsilon_inner> <epsilon_outer>, got " + args.length + " values");
                }
                double width = number(args, 0, "width");
                double speed = number(args, 1, "speed");
                double force = number(args, 2, "force");
                double inner = args.length == 5 ? number(args, 3, "epsilon_inner") : DEFAULT_EPSILON;
                double outer = args.length == 5 ? number(args, 4, "epsilon_outer") : DEFAULT_EPSILON;
                yield outcome(pick(component).grasp(width, speed, force, inner, outer));
            }
            case "stop" -> {
                count(v, args, 0, 0, "no values");
                yield outcome(pick(component).stop());
            }
            case "state" -> {
                count(v, args, 0, 0, "no values");
                FrankaGripper g = pick(component);
                Optional<HandState> s = g.state();
                if (s.isEmpty()) {
                    throw new GripperShellException(g.component() + " is not connected to its Hand");
                }
                yield format(g.component(), s.get());
            }
            default -> throw new GripperShellException("franka:gripper takes home, move, grasp, stop or state, got '"
                    + verb + "'; usage: " + USAGE);
        };
    }

    static String format(String component, HandState s) {
        return String.format(Locale.ROOT, "%s: width %.4f m, max_width %.4f m, is_grasped %b, temperature %d °C,"
                + " time %d ms", component, s.width(), s.maxWidth(), s.grasped(), s.temperature(), s.timeMs());
    }

    private static String outcome(GripperAnswer a) {
        if (a.outcome() == GripperOutcome.SUCCESS || a.outcome() == GripperOutcome.UNSUCCESSFUL) {
            return a.message();
        }
        throw new GripperShellException(a.message());
    }

    private static void count(String verb, String[] args, int min, int max, String takes) {
        if (args.length < min || args.length > max) {
            throw new GripperShellException("franka:gripper " + verb + " takes " + takes + ", got " + args.length
                    + " values");
        }
    }

    private static double number(String[] args, int i, String name) {
        try {
            double d = Double.parseDouble(args[i].trim());
            if (!Double.isFinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new GripperShellException(name + " '" + args[i] + "' is not a number; nothing sent");
        }
    }

    private FrankaGripper pick(String component) {
        robots.await();
        List<FrankaGripper> all = List.copyOf(grippers);
        if (all.isEmpty()) {
            throw new GripperShellException("no Franka Hand in the cell: no franka_gripper/FrankaGripperHardware"
                    + " component is configured");
        }
        if (component.isEmpty()) {
            if (all.size() > 1) {
                throw new GripperShellException("the cell has several Franka Hands (" + names(all) + "): name one"
                        + " with -c");
            }
            return all.get(0);
        }
        for (FrankaGripper g : all) {
            if (g.component().equals(component)) {
                return g;
            }
        }
        throw new GripperShellException("no Franka Hand component '" + component + "'; the cell has " + names(all));
    }

    private static String names(List<FrankaGripper> all) {
        return String.join(", ", all.stream().map(FrankaGripper::component).sorted().toList());
    }
}
