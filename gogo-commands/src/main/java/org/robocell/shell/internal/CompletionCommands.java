package org.robocell.shell.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.HardwareSnapshot;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.cell.RobotLifecycle;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.CommandInput;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * Candidates for tab completion: the console's profile names these functions in its {@code complete}
 * definitions, so completion always offers what the cell has right now, and for a controller verb only the
 * controllers it applies to ({@code controller:activate} the inactive ones). Functions for a command with two
 * arguments of different kinds read which argument is completed from the session variable {@value #ARGUMENT}
 * (the console's completer sets it: 1 for the first).
 */
@Component(service = CompletionCommands.class, property = { "osgi.command.scope=robocell",
        "osgi.command.function=controllernames", "osgi.command.function=inactivecontrollers",
        "osgi.command.function=activecontrollers", "osgi.command.function=configurablecontrollers",
        "osgi.command.function=unloadablecontrollers", "osgi.command.function=loadarguments",
        "osgi.command.function=loadablenames", "osgi.command.function=typenames",
        "osgi.command.function=componentnames", "osgi.command.function=hardwarestatearguments",
        "osgi.command.function=interfacenames", "osgi.command.function=robotnames",
        "osgi.command.function=statechannels", "osgi.command.function=commandchannels",
        "osgi.command.function=trajectorycontrollers", "osgi.command.function=grippercontrollers",
        "osgi.command.function=motioncontrollers", "osgi.command.function=controlmodes" })
public final class CompletionCommands {

    /** Session variable the console's completer sets: which argument (1-based) is being completed. */
    static final String ARGUMENT = "robocell.completion.argument";

    /**
     * Session variable the console's completer sets: the robot the line names with {@code -r}; names are then that
     * robot's alone, written as the command takes them with {@code -r} (without the robot's namespace).
     */
    static final String ROBOT = "robocell.completion.robot";

    /** Lifecycle states a component can be sent to with hardware:state. */
    static final List<String> HARDWARE_STATES = List.of("unconfigured", "inactive", "active", "finalized");

    private final Robots robots;
    private final ChannelRegistry channels;
    private final List<RobotLifecycle> lifecycles = new CopyOnWriteArrayList<>();

    @Activate
    public CompletionCommands(@Reference Robots robots, @Reference ChannelRegistry channels) {
        this.robots = robots;
        this.channels = channels;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addLifecycle(RobotLifecycle lifecycle) {
        lifecycles.add(lifecycle);
    }

    void removeLifecycle(RobotLifecycle lifecycle) {
        lifecycles.remove(lifecycle);
    }

    @Descriptor("names of the loaded controllers, as the first argument (for completion)")
    public List<String> controllernames(CommandSession session) {
        if (argument(session) > 1) {
            return List.of(); // the arguments after the name are values
        }
        return controllers(session, c -> true);
    }

    @Descriptor("names of the inactive controllers: what controller:activate takes (for completion)")
    public List<String> inactivecontrollers(CommandSession session) {
        return controllers(session, c -> c.state() == LifecycleState.INACTIVE);
    }

    @Descriptor("names of the active controllers: what controller:deactivate takes (for completion)")
    public List<String> activecontrollers(CommandSession session) {
        return controllers(session, c -> c.state() == LifecycleState.ACTIVE);
    }

    @Descriptor("names of the unconfigured and inactive controllers: what controller:configure takes (for completion)")
    public List<String> configurablecontrollers(CommandSession session) {
        return controllers(session, c -> c.state() == LifecycleState.UNCONFIGURED || c.state() == LifecycleState.INACTIVE);
    }

    @Descriptor("names of the controllers that are not active: what controller:unload takes (for completion)")
    public List<String> unloadablecontrollers(CommandSession session) {
        return controllers(session, c -> c.state() != LifecycleState.ACTIVE);
    }

    @Descriptor("controller:load's arguments: a declared controller that is not loaded, then a type (for completion)")
    public List<String> loadarguments(CommandSession session) {
        return argument(session) == 2 ? typenames(session) : loadablenames(session);
    }

    @Descriptor("names of the declared controllers that are not loaded (for completion)")
    public List<String> loadablenames(CommandSession session) {
        TreeSet<String> names = new TreeSet<>();
        for (ControllerManager m : managers(session)) {
            for (String n : m.declaredControllers().keySet()) {
                if (m.controller(n).isEmpty()) {
                    names.add(relative(session, m, n));
                }
            }
        }
        return new ArrayList<>(names);
    }

    @Descriptor("controller type strings (for completion)")
    public List<String> typenames(CommandSession session) {
        TreeSet<String> names = new TreeSet<>();
        for (ControllerManager m : managers(session)) {
            names.addAll(m.types());
        }
        return new ArrayList<>(names);
    }

    @Descriptor("hardware component names (for completion)")
    public List<String> componentnames(CommandSession session) {
        TreeSet<String> names = new TreeSet<>();
        for (ControllerManager m : managers(session)) {
            for (HardwareSnapshot h : m.hardware()) {
                names.add(h.name());
            }
        }
        return new ArrayList<>(names);
    }

    @Descriptor("hardware:state's arguments: a component, then a lifecycle state (for completion)")
    public List<String> hardwarestatearguments(CommandSession session) {
        return argument(session) == 2 ? HARDWARE_STATES : componentnames(session);
    }

    @Descriptor("interface names (for completion)")
    public List<String> interfacenames(CommandSession session) {
        TreeSet<String> names = new TreeSet<>();
        for (ControllerManager m : managers(session)) {
            for (InterfaceSnapshot i : m.interfaces()) {
                names.add(i.name());
            }
        }
        return new ArrayList<>(names);
    }

    @Descriptor("robot names (for completion)")
    public List<String> robotnames() {
        return robots.all().stream().map(ControllerManager::robot).toList();
    }

    @Descriptor("state channels: what channel:echo takes (for completion)")
    public List<String> statechannels(CommandSession session) {
        if (argument(session) > 1) {
            return List.of(); // the arguments after the name are values
        }
        return channels(StateOutput.class);
    }

    @Descriptor("command channels: what channel:send takes (for completion)")
    public List<String> commandchannels(CommandSession session) {
        if (argument(session) > 1) {
            return List.of(); // the arguments after the name are values
        }
        return channels(CommandInput.class);
    }

    @Descriptor("trajectory controllers: what trajectory:move, points and cancel take (for completion)")
    public List<String> trajectorycontrollers(CommandSession session) {
        if (argument(session) > 1) {
            return List.of(); // the arguments after the name are values
        }
        return controllersWith("/follow_joint_trajectory");
    }

    @Descriptor("gripper controllers: what trajectory:gripper takes (for completion)")
    public List<String> grippercontrollers(CommandSession session) {
        if (argument(session) > 1) {
            return List.of(); // the arguments after the name are values
        }
        return controllersWith("/gripper_cmd");
    }

    @Descriptor("motion primitive controllers: what motion:* take (for completion)")
    public List<String> motioncontrollers(CommandSession session) {
        if (argument(session) > 1) {
            return List.of(); // the arguments after the name are values
        }
        return controllersWith(MotionCommands.SUFFIX);
    }

    @Descriptor("the robots' control modes: what cell:activate and cell:mode take (for completion)")
    public List<String> controlmodes() {
        TreeSet<String> modes = new TreeSet<>();
        for (RobotLifecycle l : lifecycles) {
            modes.addAll(l.controlModes().keySet());
        }
        return new ArrayList<>(modes);
    }

    private List<String> controllers(CommandSession session, Predicate<ControllerSnapshot> wanted) {
        TreeSet<String> names = new TreeSet<>();
        for (ControllerManager m : managers(session)) {
            for (ControllerSnapshot c : m.controllers()) {
                if (wanted.test(c)) {
                    names.add(relative(session, m, c.name()));
                }
            }
        }
        return new ArrayList<>(names);
    }

    /** The robot the line names with -r, or every robot; a robot name that matches none offers nothing. */
    private List<ControllerManager> managers(CommandSession session) {
        Object robot = session == null ? null : session.get(ROBOT);
        if (robot == null) {
            return robots.all();
        }
        return robots.all().stream().filter(m -> m.robot().equals(robot.toString())).toList();
    }

    /** With -r, a name in the robot's namespace is offered without it: the command puts it back. */
    private String relative(CommandSession session, ControllerManager m, String name) {
        String ns = robots.namespace(m);
        if (session == null || session.get(ROBOT) == null || ns.isEmpty() || !name.startsWith(ns + "/")) {
            return name;
        }
        return name.substring(ns.length() + 1);
    }

    private List<String> channels(Class<? extends org.robocell.api.io.Channel> type) {
        Set<String> names = new TreeSet<>();
        for (String n : channels.names()) {
            if (channels.find(n, type).isPresent()) {
                names.add(n);
            }
        }
        return new ArrayList<>(names);
    }

    private List<String> controllersWith(String suffix) {
        return channels.names().stream().filter(n -> n.endsWith(suffix))
                .map(n -> n.substring(0, n.length() - suffix.length())).sorted().toList();
    }

    private static int argument(CommandSession session) {
        Object position = session == null ? null : session.get(ARGUMENT);
        return position instanceof Number n ? n.intValue() : 1;
    }
}
