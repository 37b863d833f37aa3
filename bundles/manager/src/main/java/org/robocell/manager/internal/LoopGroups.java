package org.robocell.manager.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

import org.robocell.api.cell.ClockKind;
import org.robocell.manager.LoopConfig;

/**
 * The loop groups of the process ({@link LoopConfig#loopGroup()}): the first robot that names a group creates it,
 * with its rate, idle strategy and real-time settings; the last one to leave ends its thread. A robot that cannot
 * share (its clock is not internal, or its rate is not the group's) is told why and runs on its own thread.
 * Joining and leaving happen off the loop (robot start and stop); they never hold up a running cycle.
 */
public final class LoopGroups {

    /** Why a robot that named a group runs on its own thread. */
    enum Refusal {
        /** A hardware-clocked loop waits for its robot in read: it would hold up every other robot of the group. */
        NOT_INTERNAL_CLOCK,
        /** The group runs at another rate. */
        OTHER_RATE
    }

    /** A robot's place in a group, or why it has none. */
    record Placement(LoopGroup group, LoopGroup.Member member, Refusal refusal, String message) {
    }

    private static final LoopGroups PROCESS = new LoopGroups();

    private final Map<String, LoopGroup> groups = new HashMap<>();

    /** The groups of this process (of this manager bundle's class loader). */
    static LoopGroups process() {
        return PROCESS;
    }

    /**
     * Puts {@code cycle} into the group its configuration names, creating the group (and its thread, which applies
     * {@code realTime} to itself) when it is the first.
     */
    synchronized Placement join(LoopConfig config, ControlLoop cycle, Supplier<String> realTime) {
        String name = config.loopGroup();
        if (config.clock() != ClockKind.INTERNAL) {
            return new Placement(null, null, Refusal.NOT_INTERNAL_CLOCK, "robot " + config.robot() + ": loop.group '"
                    + name + "' is for internal-clock loops; a " + config.clock().name().toLowerCase(java.util.Locale.ROOT)
                    + "-clocked loop waits for its robot and would hold up the group's other robots: it runs on its"
                    + " own thread");
        }
        long period = 1_000_000_000L / config.rate();
        LoopGroup group = groups.get(name);
        if (group != null && group.periodNanos() != period) {
            return new Placement(null, null, Refusal.OTHER_RATE, "robot " + config.robot() + ": loop.group '" + name
                    + "' runs at " + (1_000_000_000L / group.periodNanos()) + " Hz, this robot at " + config.rate()
                    + " Hz: it runs on its own thread");
        }
        if (group == null) {
            group = new LoopGroup(name, period, config.idle());
            group.start(realTime);
            groups.put(name, group);
        }
        return new Placement(group, group.join(config.robot(), cycle), null, null);
    }

    /** Takes the member out (waiting up to {@code boundMillis}); the last one out ends the group's thread. */
    boolean leave(Placement placement, long boundMillis) {
        LoopGroup group = placement.group();
        boolean left = group.leave(placement.member(), boundMillis);
        synchronized (this) {
            if (group.size() == 0 && groups.get(group.name()) == group) {
                groups.remove(group.name());
                return group.stop(boundMillis) && left;
            }
        }
        return left;
    }

    /** The names of the groups with their number of robots, for status. */
    synchronized Map<String, Integer> sizes() {
        Map<String, Integer> m = new HashMap<>();
        groups.forEach((n, g) -> m.put(n, g.size()));
        return m;
    }
}
