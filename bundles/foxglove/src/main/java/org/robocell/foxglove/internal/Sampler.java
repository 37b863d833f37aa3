package org.robocell.foxglove.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.Supplier;

import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.io.Channel;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;
import org.robocell.api.model.RobotModel;

/**
 * The one thread that reads the cell for the Foxglove server: every millisecond it copies what is due from the
 * channels' snapshots (each channel at every {@code decimation}-th publication) and hands it to the server; every
 * quarter second it looks again for robots and channels that came or went and has the server advertise them. It
 * never touches a loop: snapshots are copied with each channel's sequence lock, and managers answer off the loop.
 */
final class Sampler implements Runnable {

    private static final System.Logger LOG = System.getLogger("org.robocell.foxglove");
    static final long POLL_NANOS = 1_000_000L;
    static final long SCAN_NANOS = 250_000_000L;
    /** Registry channels are published under this prefix, apart from the robots' own topics. */
    static final String CHANNEL_PREFIX = "channels/";

    private final ChannelRegistry registry;
    private final Supplier<Collection<TrackedRobot>> robots;
    private final Function<String, RobotModel> models;
    private final ChannelTable table;
    private final FoxgloveServer server;
    private final int decimation;
    private final Map<String, RobotSource> robotSources = new LinkedHashMap<>();
    private final Map<StateOutput, StateChannelSource> channelSources = new IdentityHashMap<>();
    private List<TopicSource> sources = List.of();
    private volatile boolean running = true;
    private final Thread thread;
    private String lastFailure;

    Sampler(ChannelRegistry registry, Supplier<Collection<TrackedRobot>> robots, Function<String, RobotModel> models,
            ChannelTable table, FoxgloveServer server, int decimation) {
        this.registry = registry;
        this.robots = robots;
        this.models = models;
        this.table = table;
        this.server = server;
        this.decimation = decimation;
        this.thread = new Thread(this, "robocell-foxglove-sampler");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    void stop() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void run() {
        long nextScan = System.nanoTime();
        while (running) {
            try {
                long now = System.nanoTime();
                if (now - nextScan >= 0) {
                    scan();
                    nextScan = now + SCAN_NANOS;
                }
                long epochNanos = Json.epochNanos();
                for (TopicSource s : sources) {
                    s.sample(epochNanos, server);
                }
                server.flushAll();
            } catch (RuntimeException e) {
                // one line per distinct failure: a robot that went away mid-scan answers once, not every millisecond
                if (!String.valueOf(e).equals(lastFailure)) {
                    lastFailure = String.valueOf(e);
                    LOG.log(System.Logger.Level.WARNING, "Foxglove sampling: " + e, e);
                }
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    /** Finds robots and channels, and advertises what changed. */
    void scan() {
        List<TopicSource> next = new ArrayList<>();
        List<TopicSpec> specs = new ArrayList<>();
        Map<String, RobotSource> seenRobots = new LinkedHashMap<>();
        for (TrackedRobot r : robots.get()) {
            RobotSource src = robotSources.get(r.name());
            if (src == null || src.manager() != r.manager()) {
                src = new RobotSource(r.name(), r.manager(), decimation);
            }
            src.update(jointStates(r).orElse(null), models.apply(r.name()));
            seenRobots.put(r.name(), src);
            next.add(src);
        }
        robotSources.keySet().retainAll(seenRobots.keySet());
        robotSources.putAll(seenRobots);
        Map<StateOutput, StateChannelSource> seenChannels = new IdentityHashMap<>();
        for (String name : registry.names()) {
            Optional<Channel> c = registry.find(name);
            if (c.isEmpty() || !(c.get() instanceof StateOutput out) || seenChannels.containsKey(out)) {
                continue;
            }
            StateChannelSource src = channelSources.get(out);
            if (src == null || !src.describes(out)) {
                src = new StateChannelSource(CHANNEL_PREFIX + name, out, decimation);
            }
            seenChannels.put(out, src);
            next.add(src);
        }
        channelSources.clear();
        channelSources.putAll(seenChannels);
        for (TopicSource s : next) {
            specs.addAll(s.specs());
        }
        server.announce(table.update(specs));
        sources = List.copyOf(next);
    }

    /** The channel of the robot's joint state broadcaster: {@code <controller>/joint_states} of a loaded controller. */
    private Optional<StateOutput> jointStates(TrackedRobot r) {
        for (ControllerSnapshot c : r.manager().controllers()) {
            Optional<StateOutput> out = registry.find(c.name() + "/joint_states", StateOutput.class);
            if (out.isPresent()) {
                return out;
            }
        }
        return Optional.empty();
    }
}
