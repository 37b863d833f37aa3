package org.robocell.benchmarks.jitter;

import org.robocell.jitter.BenchCell;
import org.robocell.jitter.ManyRobots;
import org.robocell.manager.IdleStrategy;

/**
 * N mock FR3 robots (broadcaster + trajectory controller) at one rate in one JVM, next to one robot alone in the same
 * run: {@code benchmarks/robots.sh N [--scheduling thread-per-robot|shared] [--idle sleep|sleep_then_spin|spin]
 * [--rate HZ] [--seconds S] [--warmup S]}. Prints each robot's wake-up lateness; exit status 0, or 2 for bad options.
 */
public final class RobotsHarness {

    static final String USAGE = String.join(System.lineSeparator(),
            "robots.sh N [options]   N robots in one JVM, then the table of each one's wake-up lateness next to one robot alone",
            "  --scheduling S   thread-per-robot (each loop its own thread, cycled by the harness), shared (one harness thread, phase-shifted deadlines),",
            "                   runtime (the runtime's loop thread per robot) or runtime-group (the runtime's loop.group: one thread); default thread-per-robot",
            "  --idle I         sleep, sleep_then_spin or spin; default sleep_then_spin (the runtime's default)",
            "  --rate HZ        loop rate; default 1000",
            "  --seconds S      measured seconds per window (alone, then together); default 10",
            "  --warmup S       unmeasured seconds before each window; default 2",
            "  --robot R        fr3 (7 joints, default), kr6 or dual_fr3");

    private RobotsHarness() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
            System.out.println(USAGE);
            return;
        }
        int robots;
        int rate = 1000;
        double seconds = 10;
        double warmup = 2;
        IdleStrategy idle = IdleStrategy.SLEEP_THEN_SPIN;
        ManyRobots.Scheduling scheduling = ManyRobots.Scheduling.THREAD_PER_ROBOT;
        BenchCell.Robot robot = BenchCell.Robot.FR3;
        try {
            robots = Integer.parseInt(args[0]);
            for (int i = 1; i < args.length; i++) {
                String value = i + 1 < args.length ? args[i + 1] : null;
                if (value == null) {
                    throw new IllegalArgumentException(args[i] + " needs a value");
                }
                switch (args[i]) {
                    case "--scheduling" -> scheduling = ManyRobots.Scheduling.fromLabel(value);
                    case "--idle" -> {
                        idle = IdleStrategy.fromLabel(value);
                        if (idle == null) {
                            throw new IllegalArgumentException("unknown idle strategy '" + value + "': sleep, sleep_then_spin or spin");
                        }
                    }
                    case "--rate" -> rate = Integer.parseInt(value);
                    case "--seconds" -> seconds = Double.parseDouble(value);
                    case "--warmup" -> warmup = Double.parseDouble(value);
                    case "--robot" -> robot = BenchCell.Robot.fromLabel(value);
                    default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'");
                }
                i++;
            }
        } catch (IllegalArgumentException e) {
            System.err.println("robots.sh: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        BenchCell.Robot kind = robot;
        int hz = rate;
        System.out.printf("running %d %s robots at %d Hz (%s, idle %s): %.0f s alone, then %.0f s together%n", robots,
                kind.label(), hz, scheduling.label(), idle.name().toLowerCase(), warmup + seconds, warmup + seconds);
        IdleStrategy waits = idle;
        ManyRobots.Scheduling who = scheduling;
        ManyRobots.Report report = ManyRobots.run(robots, hz, warmup, seconds, idle, scheduling,
                k -> Cells.create(kind, name -> ManyRobots.loopConfig(name, hz, waits, who)));
        System.out.println();
        System.out.print(report.table());
    }
}
