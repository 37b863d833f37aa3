package org.robocell.web.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * One live-view client (a page's event stream): the series it asked for, the rows the sampler collects for it, and a
 * bounded queue of sealed batches between the sampler and the client's HTTP thread. When the client reads slower
 * than the batches come, the oldest batch is dropped (and counted): the sampler never waits for a client.
 */
final class LiveClient {

    private final List<Series> series;
    private final LinkedBlockingDeque<String> batches;
    private final List<Double> times = new ArrayList<>();
    private final List<List<Double>> values = new ArrayList<>();
    private volatile long dropped;
    private volatile boolean closed;

    LiveClient(List<Series> series, int queue) {
        this.series = List.copyOf(series);
        this.batches = new LinkedBlockingDeque<>(queue);
        for (int i = 0; i < series.size(); i++) {
            values.add(new ArrayList<>());
        }
    }

    List<Series> series() {
        return series;
    }

    /** Sampler thread: one row, the time in ms since the epoch and one value per series (NaN: none). */
    void add(double timeMillis, double[] row) {
        times.add(timeMillis);
        for (int i = 0; i < row.length; i++) {
            values.get(i).add(row[i]);
        }
    }

    /** Sampler thread: the rows so far as one batch on the queue, dropping the oldest batch when it is full. */
    void seal() {
        if (times.isEmpty()) {
            return;
        }
        JsonObject o = new JsonObject();
        JsonArray t = new JsonArray(times.size());
        times.forEach(t::add);
        o.add("t", t);
        JsonArray v = new JsonArray(values.size());
        for (List<Double> column : values) {
            JsonArray a = new JsonArray(column.size());
            column.forEach(d -> a.add(CellView.number(d)));
            v.add(a);
            column.clear();
        }
        o.add("v", v);
        o.addProperty("dropped", dropped);
        times.clear();
        String batch = o.toString();
        while (!batches.offerLast(batch)) {
            if (batches.pollFirst() != null) {
                dropped++;
            }
        }
    }

    /** Client thread: the next batch, or null after the timeout. */
    String next(long timeoutMillis) throws InterruptedException {
        return batches.pollFirst(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    /** Batches dropped so far because the client read too slowly. */
    long dropped() {
        return dropped;
    }

    int queued() {
        return batches.size();
    }

    void close() {
        closed = true;
    }

    boolean closed() {
        return closed;
    }
}
