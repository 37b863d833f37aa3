package org.robocell.jitter;

import java.util.BitSet;
import java.util.Locale;

import org.robocell.manager.IdleStrategy;
import org.robocell.manager.realtime.RealTime;

/**
 * What a harness run does.
 *
 * @param rate             loop rate in Hz (both loops)
 * @param seconds          measured seconds
 * @param warmupSeconds    seconds run first and not recorded (JIT, caches)
 * @param idle             how both loops wait for their deadlines
 * @param robot            the mock robot of the RoboCell loop
 * @param switchesPerSecond hot-swap storm: controller switches per second between two forward controllers on the
 *                          same joints (0: off)
 * @param shellPerSecond   shell storm: controller:list + controller:info pairs per second (0: off)
 * @param allocMbPerSecond allocation storm: garbage allocated per second by another thread, MB (0: off)
 * @param fifoPriority     SCHED_FIFO priority of both loop threads (0: default scheduling)
 * @param cpus             CPUs the RoboCell loop thread is pinned to (empty: not pinned)
 * @param bareCpus         CPUs the bare loop thread is pinned to (empty: not pinned)
 * @param lockMemory       mlockall before the run
 * @param control          A/A control: the first loop runs the bare body too (no framework), so the run shows how
 *                         far apart two identical loops land on this machine
 * @param bareFirst        the bare loop takes the first half-period slot (deadlines on the period) and the RoboCell
 *                         loop the second; by default the RoboCell loop is first
 */
public record JitterOptions(int rate, double seconds, double warmupSeconds, IdleStrategy idle, BenchCell.Robot robot,
        int switchesPerSecond, int shellPerSecond, int allocMbPerSecond, int fifoPriority, BitSet cpus,
        BitSet bareCpus, boolean lockMemory, boolean control, boolean bareFirst) {

    public static final String USAGE = String.join("\n",
            "options (defaults in brackets):",
            "  --rate HZ            loop rate of both loops [1000]",
            "  --seconds S          measured seconds [60]",
            "  --warmup S           seconds run before recording [5]",
            "  --idle STRATEGY      sleep | sleep_then_spin | spin [sleep_then_spin]",
            "  --robot NAME         kr6 | fr3 | dual_fr3 [fr3]",
            "  --switch-storm N     controller switches per second between two forward controllers [0]",
            "  --shell-storm N      controller:list + controller:info per second [0]",
            "  --alloc-mbps N       MB of garbage per second allocated by another thread [0]",
            "  --fifo PRIO          SCHED_FIFO priority 1..99 for both loop threads (root or CAP_SYS_NICE) [off]",
            "  --cpu LIST           pin the RoboCell loop thread (e.g. 1 or 0-1) [not pinned]",
            "  --bare-cpu LIST      pin the bare loop thread [same as --cpu]",
            "  --mlock              mlockall(MCL_CURRENT|MCL_FUTURE) before the run [off]",
            "  --control            A/A control: both loops bare, to see the noise of the comparison [off]",
            "  --bare-first         the bare loop's deadlines on the period, the RoboCell loop's half a period later",
            "                       (default: the other way round); run both ways to cancel the slot's own bias",
            "JVM choices (garbage collector, -XX:+AlwaysPreTouch, heap) are the JVM's options: see benchmarks/jitter.sh.");

    public JitterOptions {
        if (rate <= 0 || rate > 100_000) {
            throw new IllegalArgumentException("--rate must be 1..100000 Hz, got " + rate);
        }
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("--seconds must be positive, got " + seconds);
        }
        if (warmupSeconds < 0) {
            throw new IllegalArgumentException("--warmup must not be negative, got " + warmupSeconds);
        }
        if (switchesPerSecond < 0 || shellPerSecond < 0 || allocMbPerSecond < 0) {
            throw new IllegalArgumentException("storm rates must not be negative");
        }
        if (fifoPriority < 0 || fifoPriority > 99) {
            throw new IllegalArgumentException("--fifo must be 1..99, got " + fifoPriority);
        }
        if (control && switchesPerSecond > 0) {
            throw new IllegalArgumentException("--control runs no RoboCell cycle, so a --switch-storm would wait for"
                    + " commits that never come; the shell and allocation storms work");
        }
        idle = idle == null ? IdleStrategy.SLEEP_THEN_SPIN : idle;
        robot = robot == null ? BenchCell.Robot.FR3 : robot;
        cpus = cpus == null ? new BitSet() : (BitSet) cpus.clone();
        bareCpus = bareCpus == null ? (BitSet) cpus.clone() : (BitSet) bareCpus.clone();
    }

    public static JitterOptions defaults() {
        return parse(new String[0]);
    }

    /** Parses command-line style options; throws IllegalArgumentException with the problem and {@link #USAGE}. */
    public static JitterOptions parse(String[] args) {
        int rate = 1000;
        double seconds = 60;
        double warmup = 5;
        IdleStrategy idle = IdleStrategy.SLEEP_THEN_SPIN;
        BenchCell.Robot robot = BenchCell.Robot.FR3;
        int switches = 0;
        int shell = 0;
        int alloc = 0;
        int fifo = 0;
        BitSet cpus = new BitSet();
        BitSet bare = null;
        boolean mlock = false;
        boolean control = false;
        boolean bareFirst = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            try {
                switch (a) {
                    case "--rate", "-r" -> rate = Integer.parseInt(value(args, ++i, a));
                    case "--seconds", "-s" -> seconds = Double.parseDouble(value(args, ++i, a));
                    case "--warmup", "-w" -> warmup = Double.parseDouble(value(args, ++i, a));
                    case "--idle", "-i" -> {
                        String v = value(args, ++i, a);
                        idle = IdleStrategy.fromLabel(v);
                        if (idle == null) {
                            throw new IllegalArgumentException("unknown idle strategy '" + v + "'");
                        }
                    }
                    case "--robot" -> robot = BenchCell.Robot.fromLabel(value(args, ++i, a));
                    case "--switch-storm" -> switches = Integer.parseInt(value(args, ++i, a));
                    case "--shell-storm" -> shell = Integer.parseInt(value(args, ++i, a));
                    case "--alloc-mbps" -> alloc = Integer.parseInt(value(args, ++i, a));
                    case "--fifo" -> fifo = Integer.parseInt(value(args, ++i, a));
                    case "--cpu" -> cpus = RealTime.parseCpus(value(args, ++i, a));
                    case "--bare-cpu" -> bare = RealTime.parseCpus(value(args, ++i, a));
                    case "--mlock" -> mlock = true;
                    case "--control" -> control = true;
                    case "--bare-first" -> bareFirst = true;
                    default -> throw new IllegalArgumentException("unknown option '" + a + "'");
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("option " + a + " needs a number, got '" + args[i] + "'\n" + USAGE);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(e.getMessage() + "\n" + USAGE);
            }
        }
        return new JitterOptions(rate, seconds, warmup, idle, robot, switches, shell, alloc, fifo, cpus, bare, mlock,
                control, bareFirst);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException("option " + option + " needs a value");
        }
        return args[i];
    }

    /** One line for the report. */
    public String describe() {
        return String.format(Locale.ROOT, "%d Hz, %s s measured after %s s warm-up, idle %s, robot %s, %s", rate,
                trim(seconds), trim(warmupSeconds), idle.name().toLowerCase(Locale.ROOT), robot.label(),
                bareFirst ? "bare loop on the period, RoboCell loop half a period later"
                        : "RoboCell loop on the period, bare loop half a period later");
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
