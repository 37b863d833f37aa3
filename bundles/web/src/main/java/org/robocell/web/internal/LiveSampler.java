package org.robocell.web.internal;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;

/**
 * The one thread that reads channels for the live view, and only while some page streams: at the configured rate
 * it copies the snapshot of each channel a client plots (with the channel's sequence lock: the loop never waits for
 * it), adds a row for every client whose channels published since its last row, and every {@value #BATCH_MILLIS} ms
 * seals each client's rows into a batch on that client's bounded queue.
 */
final class LiveSampler implements Runnable {

    private static final System.Logger LOG = System.getLogger("org.robocell.web");
    static final long BATCH_MILLIS = 50;

    private final ChannelRegistry registry;
    private final long periodNanos;
    private final List<LiveClient> clients = new CopyOnWriteArrayList<>();
    private final Map<LiveClient, long[]> lastPublications = new IdentityHashMap<>();
    private final Thread thread;
    private volatile boolean running = true;
    private String lastFailure;

    LiveSampler(ChannelRegistry registry, int rateHz) {
        this.registry = registry;
        this.periodNanos = 1_000_000_000L / rateHz;
        this.thread = new Thread(this, "robocell-web-sampler");
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
        clients.forEach(LiveClient::close);
    }

    void add(LiveClient c) {
        clients.add(c);
        LockSupport.unpark(thread);
    }

    void remove(LiveClient c) {
        clients.remove(c);
    }

    int clients() {
        return clients.size();
    }

    @Override
    public void run() {
        long nextBatch = System.nanoTime() + BATCH_MILLIS * 1_000_000L;
        while (running) {
            if (clients.isEmpty()) {
                lastPublications.clear();
                LockSupport.parkNanos(BATCH_MILLIS * 1_000_000L);
                continue;
            }
            try {
                sampleOnce(System.currentTimeMillis());
                long now = System.nanoTime();
                if (now - nextBatch >= 0) {
                    clients.forEach(LiveClient::seal);
                    nextBatch = now + BATCH_MILLIS * 1_000_000L;
                }
            } catch (RuntimeException e) {
                if (!String.valueOf(e).equals(lastFailure)) {
                    lastFailure = String.valueOf(e);
                    LOG.log(System.Logger.Level.WARNING, "web console sampling: " + e, e);
                }
            }
            LockSupport.parkNanos(periodNanos);
        }
    }

    /** One sampling pass over every client (each channel's snapshot copied once per pass). */
    void sampleOnce(double timeMillis) {
        Map<String, Optional<StateOutput.Snapshot>> snapshots = new java.util.HashMap<>();
        lastPublications.keySet().retainAll(clients);
        for (LiveClient c : clients) {
            List<Series> series = c.series();
            long[] last = lastPublications.computeIfAbsent(c, k -> new long[series.size()]);
            double[] row = new double[series.size()];
            boolean fresh = false;
            for (int i = 0; i < series.size(); i++) {
                Series s = series.get(i);
                Optional<StateOutput.Snapshot> snap = snapshots.computeIfAbsent(s.channel(),
                        name -> registry.find(name, StateOutput.class).map(StateOutput::snapshot));
                row[i] = Double.NaN;
                if (snap.isEmpty()) {
                    continue;
                }
                StateOutput.Snapshot sn = snap.get();
                int index = sn.fields().indexOf(s.field());
                if (index >= 0 && index < sn.values().length) {
                    row[i] = sn.values()[index];
                }
                if (sn.publications() != last[i]) {
                    last[i] = sn.publications();
                    fresh = true;
                }
            }
            if (fresh) {
                c.add(timeMillis, row);
            }
        }
    }

    /** Seals every client's rows now (tests; the thread does it every {@value #BATCH_MILLIS} ms). */
    void sealAll() {
        clients.forEach(LiveClient::seal);
    }
}
