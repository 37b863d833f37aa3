package org.robocell.jitter;

import java.util.List;
import java.util.Locale;

import org.HdrHistogram.Histogram;

/**
 * The outcome of one harness run: per loop the recorded cycles and percentiles, the load that ran beside them, and
 * the machine. {@link #table()} prints it.
 */
public record JitterReport(JitterOptions options, String machine, List<LoopResult> loops, List<String> load,
        List<String> notes) {

    public JitterReport {
        loops = List.copyOf(loops);
        load = List.copyOf(load);
        notes = List.copyOf(notes);
    }

    /** Percentiles in nanoseconds. */
    public record Percentiles(long count, long p50, long p90, long p99, long p999, long max, double mean) {

        static Percentiles of(Histogram h) {
            if (h.getTotalCount() == 0) {
                return new Percentiles(0, 0, 0, 0, 0, 0, 0);
            }
            return new Percentiles(h.getTotalCount(), h.getValueAtPercentile(50), h.getValueAtPercentile(90),
                    h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getMaxValue(), h.getMean());
        }
    }

    /**
     * One loop's figures.
     *
     * @param allocatedBytesPerCycle bytes the loop thread allocated per recorded cycle (after the warm-up), -1 when
     *                               the JVM does not say
     */
    public record LoopResult(String name, String thread, long cycles, long overruns, long rephases,
            Percentiles lateness, Percentiles execution, double allocatedBytesPerCycle) {
    }

    public LoopResult loop(String name) {
        return loops.stream().filter(l -> l.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no loop '" + name + "'"));
    }

    /** First loop's p99 lateness / the bare loop's. */
    public double p99LatenessRatio() {
        return ratio(loops.get(0).lateness().p99(), loop("bare").lateness().p99());
    }

    private static double ratio(long a, long b) {
        return b == 0 ? (a == 0 ? 1.0 : Double.POSITIVE_INFINITY) : (double) a / b;
    }

    public String table() {
        StringBuilder s = new StringBuilder();
        s.append("RoboCell loop-jitter harness: ").append(options.describe()).append('\n');
        s.append("machine: ").append(machine).append('\n');
        for (LoopResult l : loops) {
            s.append("thread ").append(l.name()).append(": ").append(l.thread()).append('\n');
        }
        s.append("load: ").append(load.isEmpty() ? "none" : String.join("; ", load)).append('\n');
        s.append('\n');
        s.append(String.format(Locale.ROOT, "%-9s %-13s %8s %8s %8s %8s %8s %9s %9s %7s%n", "loop", "µs", "p50", "p90",
                "p99", "p99.9", "max", "cycles", "overruns", "B/cyc"));
        for (LoopResult l : loops) {
            row(s, l.name(), "lateness", l.lateness(), Long.toString(l.cycles()), Long.toString(l.overruns()),
                    l.allocatedBytesPerCycle() < 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", l.allocatedBytesPerCycle()));
            row(s, "", "execution", l.execution(), "", "", "");
        }
        if (loops.size() == 2) {
            LoopResult rc = loops.get(0);
            LoopResult bare = loops.get(1);
            s.append('\n');
            s.append(String.format(Locale.ROOT,
                    rc.name() + "/bare: lateness p50 %.2f, p99 %.2f, p99.9 %.2f; overruns %d vs %d; execution p50 +%.2f µs%s%n",
                    ratio(rc.lateness().p50(), bare.lateness().p50()), ratio(rc.lateness().p99(), bare.lateness().p99()),
                    ratio(rc.lateness().p999(), bare.lateness().p999()), rc.overruns(), bare.overruns(),
                    (rc.execution().p50() - bare.execution().p50()) / 1000.0,
                    rc.name().equals("robocell") ? " (framework cost per cycle)" : ""));
        }
        for (String n : notes) {
            s.append(n).append('\n');
        }
        return s.toString();
    }

    private static void row(StringBuilder s, String loop, String what, Percentiles p, String cycles, String overruns,
            String bytes) {
        s.append(String.format(Locale.ROOT, "%-9s %-13s %8.1f %8.1f %8.1f %8.1f %8.1f %9s %9s %7s%n", loop, what,
                p.p50() / 1000.0, p.p90() / 1000.0, p.p99() / 1000.0, p.p999() / 1000.0, p.max() / 1000.0, cycles,
                overruns, bytes));
    }
}
