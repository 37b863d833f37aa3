package org.robocell.manager.internal;

import java.util.concurrent.locks.LockSupport;

import org.robocell.manager.DeadlineSchedule;
import org.robocell.manager.IdleStrategy;

/**
 * Robot loops of one rate on <b>one</b> thread ({@code loop.group}): each member keeps its own absolute deadlines
 * ({@link DeadlineSchedule}), placed in the middle of the widest gap between the others' when it joins, and the
 * thread waits with the group's {@link IdleStrategy} for whichever deadline comes next and runs that robot's cycle.
 * With {@link IdleStrategy#SLEEP_THEN_SPIN}, sixteen robots on their own threads are sixteen threads spinning near
 * their deadlines; here one thread spins for all of them (BENCHMARKS.md, "Many robots in one JVM").
 * <p>
 * Membership changes off the loop, without a lock the group thread takes: a join or leave publishes a new
 * {@link Roster} (a copy) and the thread picks it up at its next cycle boundary; {@link #leave} returns once the
 * thread has acknowledged a roster without the member, so no cycle of a robot that left runs afterwards. Per cycle
 * the group thread allocates nothing.
 * <p>
 * Only for loops whose cycle does not wait (internal clock): a cycle that blocked would make every other robot of
 * the group late, which is why hardware-clocked robots keep their own threads ({@link LoopGroups}).
 */
final class LoopGroup {

    /** One robot's loop in the group. Its schedule is the group thread's alone. */
    static final class Member {
        final String robot;
        final ControlLoop cycle;
        final DeadlineSchedule schedule;
        /** Group thread only: the schedule has its first deadline. */
        boolean placed;
        /** Group thread only: the cycle threw; the robot's loop is dead as its own thread would be. */
        boolean dead;

        Member(String robot, ControlLoop cycle, long periodNanos) {
            this.robot = robot;
            this.cycle = cycle;
            this.schedule = new DeadlineSchedule(periodNanos);
        }
    }

    /** The members as one immutable snapshot, numbered so that a leaving robot can wait for the thread to see it. */
    record Roster(Member[] members, long epoch) {
    }

    private final String name;
    private final long period;
    private final IdleStrategy idle;
    private final Object membership = new Object();
    private volatile Roster roster = new Roster(new Member[0], 0);
    /** The epoch of the roster the group thread works from: no member outside it runs a cycle after this is written. */
    private volatile long acknowledged = -1;
    private volatile boolean running;
    private volatile String realTimeReport;
    private Thread thread;

    LoopGroup(String name, long periodNanos, IdleStrategy idle) {
        this.name = name;
        this.period = periodNanos;
        this.idle = idle == null ? IdleStrategy.SLEEP_THEN_SPIN : idle;
    }

    String name() {
        return name;
    }

    long periodNanos() {
        return period;
    }

    /** What the group thread made of its real-time settings; null before it started. */
    String realTimeReport() {
        return realTimeReport;
    }

    int size() {
        return roster.members().length;
    }

    /** Starts the group thread; {@code realTime} runs on it first and returns its report. */
    void start(java.util.function.Supplier<String> realTime) {
        running = true;
        thread = new Thread(() -> {
            realTimeReport = realTime.get();
            run();
        }, "robocell-group-" + name + "-loop");
        thread.setDaemon(true);
        thread.setPriority(Thread.MAX_PRIORITY);
        thread.setUncaughtExceptionHandler((t, e) -> System.getLogger("org.robocell.manager")
                .log(System.Logger.Level.ERROR, "loop group " + name + ": the group thread died", e));
        thread.start();
    }

    /** Ends the group thread (after its members left); true when it ended within {@code boundMillis}. */
    boolean stop(long boundMillis) {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(boundMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !thread.isAlive();
    }

    /** Adds a robot's loop; its first cycle runs within about one period. */
    Member join(String robot, ControlLoop cycle) {
        Member m = new Member(robot, cycle, period);
        synchronized (membership) {
            Member[] old = roster.members();
            Member[] next = java.util.Arrays.copyOf(old, old.length + 1);
            next[old.length] = m;
            roster = new Roster(next, roster.epoch() + 1);
        }
        LockSupport.unpark(thread);
        return m;
    }

    /**
     * Takes a robot's loop out and waits until the group thread no longer runs it (at most {@code boundMillis}).
     *
     * @return true when the thread acknowledged in time (false: a cycle of the group did not end, e.g. it blocks)
     */
    boolean leave(Member m, long boundMillis) {
        long epoch;
        synchronized (membership) {
            Member[] old = roster.members();
            Member[] next = new Member[old.length - 1 < 0 ? 0 : old.length - 1];
            int j = 0;
            for (Member x : old) {
                if (x != m && j < next.length) {
                    next[j++] = x;
                }
            }
            epoch = roster.epoch() + 1;
            roster = new Roster(j == next.length ? next : java.util.Arrays.copyOf(next, j), epoch);
        }
        LockSupport.unpark(thread);
        long deadline = System.nanoTime() + boundMillis * 1_000_000L;
        while (acknowledged < epoch && running && thread.isAlive()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            LockSupport.parkNanos(100_000L);
        }
        return true;
    }

    private void run() {
        Roster seen = null;
        while (running) {
            Roster r = roster;
            if (r != seen) {
                place(r.members(), System.nanoTime());
                seen = r;
            }
            acknowledged = r.epoch();
            int k = earliest(r.members());
            if (k < 0) {
                LockSupport.parkNanos(period);
                continue;
            }
            Member m = r.members()[k];
            long deadline = m.schedule.next();
            long now = idle.idleUntil(deadline);
            if (roster != r) {
                continue; // someone joined or left while we waited: see them before the next cycle
            }
            try {
                m.cycle.runCycle(now, now - deadline);
            } catch (RuntimeException | Error e) {
                m.dead = true;
                System.getLogger("org.robocell.manager").log(System.Logger.Level.ERROR,
                        "robot " + m.robot + ": its loop died in group " + name + "; the group's other robots go on", e);
            }
            m.schedule.advance(System.nanoTime());
        }
    }

    /** The living member whose deadline comes first, or -1; a scan, no allocation. */
    private static int earliest(Member[] ms) {
        int best = -1;
        long bestNext = 0;
        for (int k = 0; k < ms.length; k++) {
            if (ms[k].dead) {
                continue;
            }
            long next = ms[k].schedule.next();
            if (best < 0 || next - bestNext < 0) {
                best = k;
                bestNext = next;
            }
        }
        return best;
    }

    /**
     * Gives each newcomer its first deadline: the middle of the widest gap between the placed members' deadlines
     * (taken modulo the period), so that the group's cycles stay spread over the period; the first member starts now.
     */
    private void place(Member[] ms, long now) {
        for (Member m : ms) {
            if (m.placed) {
                continue;
            }
            m.schedule.start(now + firstOffset(ms, now));
            m.placed = true;
        }
    }

    /** The offset from {@code now} (0..period) of the middle of the widest gap between placed members. */
    long firstOffset(Member[] ms, long now) {
        long bestStart = -1;
        long bestGap = -1;
        for (Member a : ms) {
            if (!a.placed) {
                continue;
            }
            long pa = Math.floorMod(a.schedule.next() - now, period);
            long gap = period;
            for (Member b : ms) {
                if (b == a || !b.placed) {
                    continue;
                }
                long d = Math.floorMod(Math.floorMod(b.schedule.next() - now, period) - pa, period);
                if (d > 0 && d < gap) {
                    gap = d;
                }
            }
            if (gap > bestGap) {
                bestGap = gap;
                bestStart = pa;
            }
        }
        return bestStart < 0 ? 0 : Math.floorMod(bestStart + bestGap / 2, period);
    }
}
