package org.robocell.shell.internal;

import java.util.List;
import java.util.Locale;

import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.HardwareSnapshot;
import org.robocell.api.cell.HardwareStateResult;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.text.Suggestions;
import org.robocell.console.Example;

/** The {@code ros2 control} hardware verbs. */
@Component(service = HardwareCommands.class, property = { "osgi.command.scope=hardware",
        "osgi.command.function=list", "osgi.command.function=interfaces", "osgi.command.function=state",
        "osgi.command.function=texts" })
public final class HardwareCommands {

    private final Robots robots;

    @Activate
    public HardwareCommands(@Reference Robots robots) {
        this.robots = robots;
    }

    @Descriptor("list the hardware components: type, plugin, lifecycle state, read/write counters, why it last failed")
    @Example("hardware:list -r fr3")
    public String list(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot) {
        List<ControllerManager> managers = robot.isEmpty() ? robots.all() : List.of(robots.pick(robot));
        Table table = Table.of("ROBOT", "COMPONENT", "TYPE", "PLUGIN", "STATE", "READS", "WRITES", "ERRORS", "FAULT",
                "LAST ERROR");
        for (ControllerManager m : managers) {
            for (HardwareSnapshot h : m.hardware()) {
                table.row(m.robot(), h.name(), h.type(), h.plugin() + (h.pluginAvailable() ? "" : " (not installed)"),
                        h.state(), h.reads(), h.writes(), h.errors(), faultLabel(h.fault()), h.lastError());
            }
        }
        return table.size() == 0 ? "no hardware components" : table.render();
    }

    @Descriptor("the texts the hardware exchanges besides its interfaces (RSI string channels), as last received or sent")
    @Example("hardware:texts -r kr6")
    public String texts(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot) {
        List<ControllerManager> managers = robot.isEmpty() ? robots.all() : List.of(robots.pick(robot));
        Table table = Table.of("ROBOT", "COMPONENT", "NAME", "TEXT");
        for (ControllerManager m : managers) {
            for (HardwareSnapshot h : m.hardware()) {
                new java.util.TreeMap<>(h.texts()).forEach((name, text) -> table.row(m.robot(), h.name(), name,
                        "'" + text + "'"));
            }
        }
        return table.size() == 0 ? "no hardware exchanges texts (an RSI driver does with rsi_string_inputs or"
                + " rsi_string_outputs)" : table.render();
    }

    @Descriptor("list every interface: available or not, claimed or not and by whom, current value")
    @Example("hardware:interfaces -r fr3 -f joint1")
    public String interfaces(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor("only interfaces whose name contains this text") @Parameter(names = { "-f", "--filter" }, absentValue = "") String filter) {
        ControllerManager m = robots.pick(robot);
        Table table = Table.of("INTERFACE", "KIND", "OWNER", "TYPE", "AVAILABLE", "CLAIMED", "VALUE");
        for (InterfaceSnapshot i : m.interfaces()) {
            if (!filter.isEmpty() && !i.name().contains(filter)) {
                continue;
            }
            String claimed = !i.kind().isCommand() ? "-" : i.claimed() ? "claimed by " + i.claimedBy() : "unclaimed";
            table.row(i.name(), i.kind().name().toLowerCase(Locale.ROOT).replace('_', ' '), i.owner(), i.dataType(),
                    i.available() ? "available" : "unavailable", claimed, format(i.value()));
        }
        return table.size() == 0 ? "no interfaces" + (filter.isEmpty() ? "" : " matching '" + filter + "'") : table.render();
    }

    @Descriptor("take a hardware component to a lifecycle state: unconfigured, inactive, active or finalized")
    @Example("hardware:state -r fr3 FR3System inactive")
    public String state(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor("component name") String component, @Descriptor("target state") String target) {
        LifecycleState state = LifecycleState.fromLabel(target);
        if (state == null || state == LifecycleState.UNKNOWN) {
            throw new CommandFailed("'" + target + "' is not a lifecycle state; expected unconfigured, inactive, active or finalized");
        }
        ControllerManager m = robots.pick(robot);
        if (m.hardware(component).isEmpty()) {
            throw new CommandFailed("no hardware component '" + component + "' on robot '" + m.robot() + "'"
                    + Suggestions.didYouMeanOrKnown(component, m.hardware().stream().map(HardwareSnapshot::name).toList()));
        }
        HardwareStateResult r = m.setHardwareState(component, state);
        if (!r.ok()) {
            throw new CommandFailed(r.message() + " (" + component + " is " + r.state() + ")");
        }
        return component + " is " + r.state() + (r.message().isEmpty() ? "" : ": " + r.message());
    }

    static String format(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.6g", v);
    }

    /** A fault as users read it: {@code budget_overrun}, or {@code -} for none. */
    static String faultLabel(org.robocell.api.lifecycle.Fault fault) {
        return fault == null || fault == org.robocell.api.lifecycle.Fault.NONE ? "-"
                : fault.name().toLowerCase(java.util.Locale.ROOT);
    }
}
