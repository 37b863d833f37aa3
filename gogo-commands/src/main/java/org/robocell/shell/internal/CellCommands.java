package org.robocell.shell.internal;

import java.util.List;
import java.util.Locale;

import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.HardwareSnapshot;
import org.robocell.api.cell.LoopStats;
import org.robocell.console.Example;

/** The cell as a whole: its robots' loops. */
@Component(service = CellCommands.class, property = { "osgi.command.scope=cell", "osgi.command.function=stats",
        "osgi.command.function=robots" })
public final class CellCommands {

    private final Robots robots;

    @Activate
    public CellCommands(@Reference Robots robots) {
        this.robots = robots;
    }

    @Descriptor("the robots of the cell: loop rate, clock, controllers and hardware")
    @Example("cell:robots")
    public String robots() {
        Table table = Table.of("ROBOT", "RATE", "CLOCK", "RUNNING", "CYCLES", "CONTROLLERS", "HARDWARE");
        for (ControllerManager m : robots.awaitStarting(null)) {
            LoopStats s = m.stats();
            table.row(m.robot(), m.updateRate() + " Hz", s.clock().name().toLowerCase(Locale.ROOT), s.running() ? "yes" : "no",
                    s.cycles(), m.controllers().size(), m.hardware().size());
        }
        if (table.size() == 0) {
            return robots.noneRunning();
        }
        StringBuilder out = new StringBuilder(table.render());
        for (ControllerManager m : robots.all()) {
            String w = robots.waiting(m);
            if (w != null) {
                out.append('\n').append(m.robot()).append(" is not up: ").append(w);
            }
        }
        return out.toString();
    }

    @Descriptor("loop statistics of each robot: cycles, overruns, switches, period, execution time and wake-up lateness (µs);"
            + " each controller's update and each component's read and write time, with the bundle whose code runs")
    @Example("cell:stats -r fr3 --reset")
    public String stats(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor("start every figure afresh after printing (percentiles, overruns, switches, errors, limited commands)") @Parameter(names = { "--reset" }, absentValue = "false", presentValue = "true") boolean reset) {
        List<ControllerManager> managers = robot.isEmpty() ? robots.awaitStarting(null) : List.of(robots.pick(robot));
        if (managers.isEmpty()) {
            return robots.noneRunning();
        }
        StringBuilder sb = new StringBuilder();
        for (ControllerManager m : managers) {
            LoopStats s = m.stats();
            if (sb.length() > 0) {
                sb.append("\n\n");
            }
            sb.append(String.format(Locale.ROOT, "%s: %d Hz, %s clock, %s%s, cycle %d; %d cycles measured, %d overruns,"
                    + " %d switches", s.robot(), s.rate(), s.clock().name().toLowerCase(Locale.ROOT),
                    s.running() ? "running" : "stopped", s.loopGroup().isEmpty() ? "" : " in loop group " + s.loopGroup(),
                    s.cycles(), s.period().count(), s.overruns(), s.switches()));
            Table t = Table.of("µs", "p50", "p99", "p99.9", "max", "mean");
            row(t, "period", s.period());
            row(t, "execution", s.execution());
            row(t, "lateness", s.lateness());
            sb.append('\n').append(t.render());
            sb.append(String.format(Locale.ROOT, "%nerrors: %d controller, %d hardware; commands: %d clamped, %d non-finite replaced",
                    s.controllerErrors(), s.hardwareErrors(), s.clampedCommands(), s.nonFiniteCommands()));
            if (s.lastError() != null) {
                sb.append("\nlast error: ").append(s.lastError());
            }
            sb.append('\n').append(callTimes(m));
            if (reset) {
                m.resetStats();
            }
        }
        return sb.toString();
    }

    /**
     * How long each controller's update and each component's read and write took (µs), measured by the loop off
     * its hot path (a wait-free histogram per call site), and the bundle whose code each runs.
     */
    private static String callTimes(ControllerManager m) {
        Table t = Table.of("CALL", "OF", "COUNT", "p50 µs", "p99 µs", "max µs", "CODE");
        for (ControllerSnapshot c : m.controllers()) {
            if (c.updateTiming().count() > 0) {
                timingRow(t, "update", c.name(), c.updateTiming(), c.code());
            }
        }
        for (HardwareSnapshot h : m.hardware()) {
            if (h.readTiming().count() > 0) {
                timingRow(t, "read", h.name(), h.readTiming(), h.code());
            }
            if (h.writeTiming().count() > 0) {
                timingRow(t, "write", h.name(), h.writeTiming(), h.code());
            }
        }
        return t.size() == 0 ? "no controller update or hardware call measured yet" : t.render();
    }

    private static void timingRow(Table t, String call, String of, LoopStats.Percentiles p, String code) {
        t.row(call, of, p.count(), micros(p.p50()), micros(p.p99()), micros(p.max()), code == null ? "-" : code);
    }

    /** {@code p50 1.2 µs, p99 3.4 µs, max 12.0 µs (1102 calls)}, or {@code -}. */
    static String timing(LoopStats.Percentiles p) {
        return p.count() == 0 ? "-" : "p50 " + micros(p.p50()) + " µs, p99 " + micros(p.p99()) + " µs, max "
                + micros(p.max()) + " µs (" + p.count() + " calls)";
    }

    private static void row(Table t, String name, LoopStats.Percentiles p) {
        t.row(name, micros(p.p50()), micros(p.p99()), micros(p.p999()), micros(p.max()),
                String.format(Locale.ROOT, "%.1f", p.mean() / 1000.0));
    }

    private static String micros(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1000.0);
    }
}
