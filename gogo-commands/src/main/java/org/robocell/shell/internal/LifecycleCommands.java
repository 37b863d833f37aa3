package org.robocell.shell.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.HardwareSnapshot;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.RobotLifecycle;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.text.Suggestions;
import org.robocell.console.Example;

/**
 * The robot lifecycle of the KUKA drivers' robot_manager from the shell: {@code cell:configure},
 * {@code cell:activate [mode]}, {@code cell:mode <mode>}, {@code cell:deactivate}, {@code cell:cleanup} and
 * {@code cell:status}, each for the robot named with {@code -r} (or the only robot that runs the lifecycle).
 */
@Component(service = LifecycleCommands.class, property = { "osgi.command.scope=cell",
        "osgi.command.function=configure", "osgi.command.function=activate", "osgi.command.function=deactivate",
        "osgi.command.function=cleanup", "osgi.command.function=status", "osgi.command.function=mode" })
public final class LifecycleCommands {

    private final Robots robots;
    private final List<RobotLifecycle> lifecycles = new CopyOnWriteArrayList<>();

    @Activate
    public LifecycleCommands(@Reference Robots robots) {
        this.robots = robots;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addLifecycle(RobotLifecycle lifecycle) {
        lifecycles.add(lifecycle);
    }

    void removeLifecycle(RobotLifecycle lifecycle) {
        lifecycles.remove(lifecycle);
    }

    @Descriptor("configure a robot: hardware configured (communication up), configuration controllers active")
    @Example("cell:configure -r kr6")
    public String configure(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot) {
        return answer(pick(robot).configure());
    }

    @Descriptor("activate a robot in its default control mode: the mode's controllers first, then the hardware"
            + " (external control starts once every controller it needs is active)")
    @Example("cell:activate -r kr6")
    public String activate(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot) {
        return answer(pick(robot).activate(null));
    }

    @Descriptor("activate a robot in a control mode: the mode's controllers first, then the hardware")
    @Example("cell:activate -r kr6 joint_position.streaming")
    public String activate(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor("control mode, e.g. joint_position") String mode) {
        return answer(pick(robot).activate(mode));
    }

    @Descriptor("switch an active robot to another control mode: its controllers swapped at one cycle boundary, the"
            + " hardware told in the same commit")
    @Example("cell:mode -r kr6 joint_position.streaming")
    public String mode(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor("control mode, e.g. joint_position") String mode) {
        return answer(pick(robot).switchControlMode(mode));
    }

    @Descriptor("deactivate a robot: external control ends (hardware inactive), the mode's controllers stop; the"
            + " configuration controllers keep running")
    @Example("cell:deactivate -r kr6")
    public String deactivate(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot) {
        return answer(pick(robot).deactivate());
    }

    @Descriptor("clean up a configured robot: configuration controllers stop, hardware unconfigured")
    @Example("cell:cleanup -r kr6")
    public String cleanup(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot) {
        return answer(pick(robot).cleanup());
    }

    @Descriptor("the robots' lifecycle: state, control mode, the modes with their controllers and command interfaces,"
            + " configuration controllers, hardware states, the RSI, FRI and EAC drivers' counters")
    @Example("cell:status -r kr6")
    public String status(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot) {
        if (robot.isEmpty()) {
            robots.awaitStarting(null);
        }
        List<RobotLifecycle> shown = robot.isEmpty() ? sorted() : List.of(pick(robot));
        if (shown.isEmpty()) {
            return robots.noneRunning();
        }
        StringBuilder sb = new StringBuilder();
        for (RobotLifecycle l : shown) {
            if (sb.length() > 0) {
                sb.append("\n\n");
            }
            status(sb, l);
        }
        return sb.toString();
    }

    private void status(StringBuilder sb, RobotLifecycle l) {
        ControllerManager m = manager(l.robot());
        LifecycleState state = l.state();
        if (state == LifecycleState.UNKNOWN) {
            sb.append(l.robot()).append(": no robot lifecycle (controllers start with the cell)");
        } else {
            sb.append(l.robot()).append(": ").append(state.label())
                    .append(state == LifecycleState.INACTIVE ? " (configured)" : "")
                    .append(", control mode ").append(l.controlMode().isEmpty() ? "-" : l.controlMode());
            if (!l.problem().isEmpty()) {
                sb.append("\nproblem (").append(HardwareCommands.faultLabel(l.fault())).append("): ").append(l.problem())
                        .append("; cell:activate brings it back");
            }
        }
        String waiting = m == null ? null : robots.waiting(m);
        if (waiting != null) {
            sb.append("\nnot up: ").append(waiting);
        }
        if (m != null) {
            for (HardwareSnapshot h : m.hardware()) {
                sb.append("\nhardware ").append(h.name()).append(" (").append(h.plugin()).append("): ")
                        .append(h.state().label());
                if (h.fault() != org.robocell.api.lifecycle.Fault.NONE) {
                    sb.append(", fault ").append(HardwareCommands.faultLabel(h.fault()));
                }
                if (h.lastError() != null) {
                    sb.append(", last error: ").append(h.lastError());
                }
            }
        }
        if (!l.configurationControllers().isEmpty()) {
            sb.append("\nconfiguration controllers: ").append(withStates(m, l.configurationControllers()));
        }
        if (!l.controlModes().isEmpty()) {
            sb.append('\n').append(modeTable(l, m));
        }
        if (m != null) {
            sb.append(driverCounters(m.interfaces()));
        }
    }

    /**
     * The control modes with their controllers and command interfaces: the active one marked {@code *}; with none
     * active, the one {@code cell:activate} would use marked {@code (default)}.
     */
    static String modeTable(RobotLifecycle l, ControllerManager m) {
        Map<String, List<String>> interfaces = l.controlModeInterfaces();
        Table t = Table.of("MODE", "CONTROLLERS", "COMMAND INTERFACES");
        String defaultMode = l.controlMode().isEmpty() ? l.defaultControlMode() : "";
        for (Map.Entry<String, List<String>> e : l.controlModes().entrySet()) {
            String name = e.getKey() + (e.getKey().equals(l.controlMode()) ? " *" : "")
                    + (e.getKey().equals(defaultMode) ? " (default)" : "");
            t.row(name, withStates(m, e.getValue()), compact(interfaces.getOrDefault(e.getKey(), List.of())));
        }
        return t.render();
    }

    /** "a (active), b (inactive)". */
    private static String withStates(ControllerManager m, List<String> controllers) {
        List<String> out = new ArrayList<>();
        for (String c : controllers) {
            String st = m == null ? "?" : m.controller(c).map(ControllerSnapshot::state).map(LifecycleState::label)
                    .orElse("not loaded");
            out.add(c + " (" + st + ")");
        }
        return String.join(", ", out);
    }

    /** joint_a1/position .. joint_a6/position for a run of one interface over many joints. */
    static String compact(List<String> interfaces) {
        if (interfaces.isEmpty()) {
            return "-";
        }
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < interfaces.size()) {
            String suffix = suffix(interfaces.get(i));
            int j = i;
            while (j + 1 < interfaces.size() && suffix.equals(suffix(interfaces.get(j + 1)))) {
                j++;
            }
            out.add(j - i >= 2 ? interfaces.get(i) + " .. " + interfaces.get(j)
                    : String.join(", ", interfaces.subList(i, j + 1)));
            i = j + 1;
        }
        return String.join(", ", out);
    }

    private static String suffix(String name) {
        int slash = name.lastIndexOf('/');
        return slash < 0 ? name : name.substring(slash);
    }

    /** The status prefixes of the KUKA drivers (their default {@code status_prefix}) and how cell:status names them. */
    private static final String[][] DRIVER_STATUS = { { "rsi/", "RSI" }, { "fri/", "FRI" }, { "eac/", "EAC" } };

    /** One line per KUKA driver's status interfaces present: {@code "\nFRI: session_state 4, ..."}. */
    static String driverCounters(List<InterfaceSnapshot> interfaces) {
        StringBuilder sb = new StringBuilder();
        for (String[] d : DRIVER_STATUS) {
            List<String> out = new ArrayList<>();
            for (InterfaceSnapshot i : interfaces) {
                if (i.kind() == InterfaceSnapshot.Kind.STATE && i.name().startsWith(d[0])) {
                    out.add(i.name().substring(d[0].length()) + " "
                            + (Double.isFinite(i.value()) ? String.format(Locale.ROOT, "%.0f", i.value()) : "-"));
                }
            }
            if (!out.isEmpty()) {
                sb.append('\n').append(d[1]).append(": ").append(String.join(", ", out));
            }
        }
        return sb.toString();
    }

    private ControllerManager manager(String robot) {
        for (ControllerManager m : robots.all()) {
            if (m.robot().equals(robot)) {
                return m;
            }
        }
        return null;
    }

    private static String answer(Result r) {
        if (!r.ok()) {
            throw new CommandFailed(r.message());
        }
        return r.message();
    }

    private List<RobotLifecycle> sorted() {
        List<RobotLifecycle> all = new ArrayList<>(lifecycles);
        all.sort(Comparator.comparing(RobotLifecycle::robot));
        return all;
    }

    /**
     * The robot a command is about: the named one; without a name the only robot, or the only one that runs the
     * lifecycle.
     */
    RobotLifecycle pick(String robot) {
        robots.awaitStarting(robot);
        List<RobotLifecycle> all = sorted();
        if (all.isEmpty()) {
            throw new CommandFailed(robots.noneRunning());
        }
        List<String> names = all.stream().map(RobotLifecycle::robot).toList();
        if (robot == null || robot.isEmpty()) {
            if (all.size() == 1) {
                return all.get(0);
            }
            List<RobotLifecycle> managed = all.stream().filter(l -> l.state() != LifecycleState.UNKNOWN).toList();
            if (managed.size() == 1) {
                return managed.get(0);
            }
            throw new CommandFailed("the cell runs " + all.size() + " robots " + names + ": choose one with -r NAME");
        }
        for (RobotLifecycle l : all) {
            if (l.robot().equals(robot)) {
                return l;
            }
        }
        throw new CommandFailed("no robot '" + robot + "'" + Suggestions.didYouMean(robot, names) + "; the cell runs "
                + names);
    }
}
