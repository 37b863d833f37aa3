package org.robocell.shell.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.felix.service.command.Descriptor;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.cell.ChainGraph;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.controller.ParameterValues;
import org.robocell.api.text.Suggestions;
import org.robocell.console.Example;

/** The {@code ros2 control} controller verbs. Every command reads snapshots; none waits on the loop but a switch. */
@Component(service = ControllerCommands.class, property = { "osgi.command.scope=controller",
        "osgi.command.function=list", "osgi.command.function=load", "osgi.command.function=configure",
        "osgi.command.function=cleanup", "osgi.command.function=activate", "osgi.command.function=deactivate",
        "osgi.command.function=switch", "osgi.command.function=unload", "osgi.command.function=chains",
        "osgi.command.function=info", "osgi.command.function=set", "osgi.command.function=declared",
        "osgi.command.function=reload" })
public final class ControllerCommands {

    private static final String ROBOT = "--robot";
    private static final String TIMEOUT = "cycles the loop may take to commit the switch (a whole number of at least 1;"
            + " default: one second's worth)";

    private final Robots robots;
    private final BundleContext context;

    @Activate
    public ControllerCommands(@Reference Robots robots, BundleContext context) {
        this.robots = robots;
        this.context = context;
    }

    @Descriptor("list the loaded controllers: type, state, update rate, chaining and claimed interfaces")
    @Example("controller:list -r fr3")
    public String list(@Descriptor("only this robot") @Parameter(names = { "-r", ROBOT }, absentValue = "") String robot) {
        List<ControllerManager> managers = robot.isEmpty() ? robots.awaitStarting(null) : List.of(robots.pick(robot));
        if (managers.isEmpty()) {
            return robots.noneRunning();
        }
        boolean several = managers.size() > 1;
        Table table = several ? Table.of("ROBOT", "NAME", "TYPE", "STATE", "RATE", "CHAINED", "CLAIMED")
                : Table.of("NAME", "TYPE", "STATE", "RATE", "CHAINED", "CLAIMED");
        for (ControllerManager m : managers) {
            for (ControllerSnapshot c : m.controllers()) {
                String chained = c.chainable() ? (c.chained() ? "chained" : "unchained") : "-";
                String claimed = c.claimedInterfaces().isEmpty() ? "-" : String.join(" ", c.claimedInterfaces());
                if (several) {
                    table.row(m.robot(), c.name(), c.type(), c.state(), c.updateRate(), chained, claimed);
                } else {
                    table.row(c.name(), c.type(), c.state(), c.updateRate(), chained, claimed);
                }
            }
        }
        if (table.size() == 0) {
            return "no controllers loaded; controller:declared lists those the controllers file declares";
        }
        return table.render();
    }

    @Descriptor("list the controllers the controllers file declares (what controller:load accepts without a type)")
    @Example("controller:declared -r kr6")
    public String declared(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", ROBOT }, absentValue = "") String robot) {
        ControllerManager m = robots.pick(robot);
        Table table = Table.of("NAME", "TYPE", "LOADED");
        m.declaredControllers().forEach((name, type) ->
                table.row(name, type, m.controller(name).map(c -> c.state().label()).orElse("no")));
        return table.size() == 0 ? "the controllers file of '" + m.robot() + "' declares no controller" : table.render();
    }

    @Descriptor("load a controller: its type from the controllers file, or the one given")
    @Example("controller:load -r fr3 forward_position_controller")
    public String load(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", ROBOT }, absentValue = "") String robot,
            @Descriptor("controller name") String name) {
        ControllerManager m = robots.withController(robot, name);
        return done(m.load(robots.qualified(m, name)));
    }

    @Descriptor("load a controller of an explicit type")
    @Example("controller:load -r fr3 jog forward_command_controller/ForwardCommandController")
    public String load(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", ROBOT }, absentValue = "") String robot,
            @Descriptor("controller name") String name, @Descriptor("type string, e.g. forward_command_controller/ForwardCommandController") String type) {
        ControllerManager m = robots.withController(robot, name);
        return done(m.load(robots.qualified(m, name), type));
    }

    @Descriptor("configure a controller (UNCONFIGURED or INACTIVE -> INACTIVE)")
    @Example("controller:configure -r fr3 forward_position_controller")
    public String configure(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", ROBOT }, absentValue = "") String robot, @Descriptor("controller name") String name) {
        ControllerManager m = robots.withController(robot, name);
        return done(m.configure(robots.qualified(m, name)));
    }

    @Descriptor("clean a controller up (INACTIVE -> UNCONFIGURED)")
    @Example("controller:cleanup -r fr3 forward_position_controller")
    public String cleanup(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", ROBOT }, absentValue = "") String robot, @Descriptor("controller name") String name) {
        ControllerManager m = robots.withController(robot, name);
        return done(m.cleanup(robots.qualified(m, name)));
    }

    @Descriptor("unload a controller that is not active")
    @Example("controller:unload -r fr3 forward_position_controller")
    public String unload(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", ROBOT }, absentValue = "") String robot, @Descriptor("controller name") String name) {
        ControllerManager m = robots.withController(robot, name);
        return done(m.unload(robots.qualified(m, name)));
    }

    @Descriptor("activate controllers at one cycle boundary (strict unless --best-effort)")
    @Example("controller:activate -r fr3 forward_position_controller")
    public String activate(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", ROBOT }, absentValue = "") String robot,
            @Parameter(names = { "-b", "--best-effort" }, absentValue = "false", presentValue = "true") boolean bestEffort,
            @Descriptor(TIMEOUT) @Parameter(names = { "-t", "--timeout" }, absentValue = "") String timeout,
            @Descriptor("controller names") String... names) {
        int cycles = timeoutCycles(timeout);
        requireNames(names, "activate");
        ControllerManager m = robots.withController(robot, names[0]);
        return switched(m.switchControllersAndWait(robots.qualified(m, List.of(names)), List.of(),
                bestEffort ? Strictness.BEST_EFFORT : Strictness.STRICT, cycles));
    }

    @Descriptor("deactivate controllers at one cycle boundary (strict unless --best-effort)")
    @Example("controller:deactivate -r fr3 joint_trajectory_controller")
    public String deactivate(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", ROBOT }, absentValue = "") String robot,
            @Parameter(names = { "-b", "--best-effort" }, absentValue = "false", presentValue = "true") boolean bestEffort,
            @Descriptor(TIMEOUT) @Parameter(names = { "-t", "--timeout" }, absentValue = "") String timeout,
            @Descriptor("controller names") String... names) {
        int cycles = timeoutCycles(timeout);
        requireNames(names, "deactivate");
        ControllerManager m = robots.withController(robot, names[0]);
        return switched(m.switchControllersAndWait(List.of(), robots.qualified(m, List.of(names)),
                bestEffort ? Strictness.BEST_EFFORT : Strictness.STRICT, cycles));
    }

    @Descriptor("activate and deactivate controllers together, at one cycle boundary")
    @Example("controller:switch -r fr3 -a forward_position_controller -d joint_trajectory_controller")
    public String _switch(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", ROBOT }, absentValue = "") String robot,
            @Descriptor("controllers to activate, comma-separated") @Parameter(names = { "-a", "--activate" }, absentValue = "") String activate,
            @Descriptor("controllers to deactivate, comma-separated") @Parameter(names = { "-d", "--deactivate" }, absentValue = "") String deactivate,
            @Descriptor("strict (default) or best-effort") @Parameter(names = { "-s", "--strictness" }, absentValue = "strict") String strictness,
            @Descriptor(TIMEOUT) @Parameter(names = { "-t", "--timeout" }, absentValue = "") String timeout) {
        int cycles = timeoutCycles(timeout);
        Strictness s = Strictness.fromLabel(strictness);
        if (s == null) {
            throw new CommandFailed("strictness '" + strictness + "' is not one of: strict, best-effort");
        }
        List<String> on = names(activate);
        List<String> off = names(deactivate);
        String any = !on.isEmpty() ? on.get(0) : !off.isEmpty() ? off.get(0) : "";
        ControllerManager m = robots.withController(robot, any);
        return switched(m.switchControllersAndWait(robots.qualified(m, on), robots.qualified(m, off), s, cycles));
    }

    @Descriptor("the chain graph: which controller commands which, and the update order")
    @Example("controller:chains -r fr3")
    public String chains(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", ROBOT }, absentValue = "") String robot) {
        ControllerManager m = robots.pick(robot);
        ChainGraph graph = m.chains();
        StringBuilder sb = new StringBuilder();
        sb.append("update order: ").append(graph.updateOrder().isEmpty() ? "(no configured controller)"
                : String.join(" -> ", graph.updateOrder()));
        if (graph.edges().isEmpty()) {
            sb.append("\nno chains: no controller uses another controller's interfaces");
        }
        for (ChainGraph.Edge e : graph.edges()) {
            sb.append('\n').append(e.preceding()).append(" --[").append(e.interfaceName()).append(' ')
                    .append(e.kind().name().toLowerCase().replace('_', ' ')).append("]--> ").append(e.following());
        }
        return sb.toString();
    }

    @Descriptor("everything about one controller: state, interfaces, parameters, counters, last error")
    @Example("controller:info -r kr6 joint_trajectory_controller")
    public String info(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", ROBOT }, absentValue = "") String robot, @Descriptor("controller name") String name) {
        ControllerManager m = robots.withController(robot, name);
        name = robots.qualified(m, name);
        Optional<ControllerSnapshot> found = m.controller(name);
        if (found.isEmpty()) {
            throw new CommandFailed("controller '" + name + "' is not loaded" + Suggestions.didYouMeanOrKnown(name,
                    m.controllers().stream().map(ControllerSnapshot::name).toList()));
        }
        ControllerSnapshot c = found.get();
        Map<String, Object> rows = new LinkedHashMap<>();
        rows.put("name", c.name());
        rows.put("robot", m.robot());
        rows.put("type", c.type());
        rows.put("state", c.state());
        rows.put("update rate", c.updateRate() + " Hz");
        rows.put("chainable", c.chainable() ? (c.chained() ? "yes, chained" : "yes, not chained") : "no");
        rows.put("command interfaces", join(c.requiredCommandInterfaces()));
        rows.put("state interfaces", join(c.requiredStateInterfaces()));
        rows.put("claimed", join(c.claimedInterfaces()));
        if (c.chainable()) {
            rows.put("reference interfaces", join(c.referenceInterfaces()));
            rows.put("exported states", join(c.exportedStateInterfaces()));
        }
        rows.put("fallbacks", join(c.fallbackControllers()));
        rows.put("updates", c.updates());
        rows.put("errors", c.errors());
        rows.put("budget overruns", c.budgetOverruns());
        rows.put("update time", CellCommands.timing(c.updateTiming()));
        rows.put("code", c.code() == null ? "-" : c.code());
        rows.put("fault", HardwareCommands.faultLabel(c.fault()));
        rows.put("last error", c.lastError() == null ? "-" : c.lastError());
        StringBuilder sb = new StringBuilder();
        rows.forEach((k, v) -> sb.append(String.format("%-21s %s%n", k + ":", v)));
        sb.append("parameters:");
        if (c.parameters() == null || c.parameters().keys().isEmpty()) {
            sb.append(" -");
        } else {
            c.parameters().asMap().forEach((k, v) -> sb.append("\n  ").append(k).append(": ").append(v));
        }
        return sb.toString();
    }

    @Descriptor("set controller parameters: key=value ...; an active controller takes only its live parameters")
    @Example("controller:set -r fr3 admittance_controller admittance.stiffness=[400.0,400.0,400.0,20.0,20.0,20.0]")
    public String set(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", ROBOT }, absentValue = "") String robot, @Descriptor("controller name") String name,
            @Descriptor("key=value pairs read as YAML flow values, e.g. gains.joint1.p=2.5 joints=[a1, a2]") Object... assignments) {
        if (assignments.length == 0) {
            throw new CommandFailed("give at least one key=value");
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (String a : Assignments.join(assignments)) {
            Map.Entry<String, Object> e;
            try {
                e = ParameterValues.assignment(a);
            } catch (IllegalArgumentException bad) {
                throw new CommandFailed(bad.getMessage());
            }
            if (values.put(e.getKey(), e.getValue()) != null) {
                throw new CommandFailed("parameter '" + e.getKey() + "' is given twice; give each once");
            }
        }
        ControllerManager m = robots.withController(robot, name);
        return done(m.setParameters(robots.qualified(m, name), values));
    }

    @Descriptor("move a loaded controller to the newest installed code of its type (an active one at one cycle boundary; parameters kept)")
    @Example("controller:reload -r fr3 forward_position_controller")
    public String reload(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", ROBOT }, absentValue = "") String robot,
            @Descriptor("controller name") String name) {
        ControllerManager m = robots.withController(robot, name);
        name = robots.qualified(m, name);
        Optional<ControllerSnapshot> found = m.controller(name);
        if (found.isEmpty()) {
            throw new CommandFailed("controller '" + name + "' is not loaded" + Suggestions.didYouMeanOrKnown(name,
                    m.controllers().stream().map(ControllerSnapshot::name).toList()));
        }
        String type = found.get().type();
        String provider = newestProvider(type);
        if (provider == null) {
            throw new CommandFailed("controller type '" + type + "' is not installed any more; '" + name
                    + "' keeps its code until its bundle is installed again");
        }
        Result r;
        try {
            r = m.reload(name).toCompletableFuture().join();
        } catch (java.util.concurrent.CompletionException e) {
            throw new CommandFailed("reloading '" + name + "' failed: " + e.getCause());
        }
        if (!r.ok()) {
            throw new CommandFailed(r.message() + " (" + type + " is served by " + provider + ")");
        }
        return r.message() + " (" + provider + ")";
    }

    /** The bundle whose factory serves a type now: the one registered last (highest service id), as the cell picks. */
    private String newestProvider(String type) {
        ServiceReference<ControllerFactory> newest = null;
        try {
            for (ServiceReference<ControllerFactory> ref : context.getServiceReferences(ControllerFactory.class, null)) {
                if (TypeCommands.strings(ref.getProperty(ControllerFactory.TYPE)).contains(type)
                        && (newest == null || serviceId(ref) > serviceId(newest))) {
                    newest = ref;
                }
            }
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
        return newest == null ? null : TypeCommands.provider(newest);
    }

    private static long serviceId(ServiceReference<?> ref) {
        return (Long) ref.getProperty(Constants.SERVICE_ID);
    }

    /** The -t option: absent, the manager's default (0); given, a whole number of cycles of at least 1. */
    private static int timeoutCycles(String text) {
        return text.isEmpty() ? 0 : Numbers.whole("-t", text, 1, Integer.MAX_VALUE);
    }

    private static void requireNames(String[] names, String verb) {
        if (names == null || names.length == 0) {
            throw new CommandFailed("name at least one controller to " + verb);
        }
    }

    private static List<String> names(String commaSeparated) {
        List<String> out = new ArrayList<>();
        for (String n : commaSeparated.split("[,\\s]+")) {
            if (!n.isBlank()) {
                out.add(n.trim());
            }
        }
        return out;
    }

    private static String join(List<String> items) {
        return items.isEmpty() ? "-" : String.join(" ", items);
    }

    static String done(Result r) {
        if (!r.ok()) {
            throw new CommandFailed(r.message());
        }
        return r.message();
    }

    private static String switched(SwitchResult r) {
        if (!r.ok()) {
            throw new CommandFailed(r.message());
        }
        StringBuilder sb = new StringBuilder(r.message());
        if (r.cycle() >= 0 && (!r.activated().isEmpty() || !r.deactivated().isEmpty())) {
            sb.append(" (cycle ").append(r.cycle());
            if (!r.deactivated().isEmpty()) {
                sb.append("; deactivated ").append(String.join(" ", r.deactivated()));
            }
            if (!r.activated().isEmpty()) {
                sb.append("; activated ").append(String.join(" ", r.activated()));
            }
            sb.append(')');
        }
        return sb.toString();
    }
}
