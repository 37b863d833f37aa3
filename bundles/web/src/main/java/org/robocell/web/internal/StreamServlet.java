package org.robocell.web.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Live channel data as Server-Sent Events: {@code GET /api/stream?s=<channel>:<field>&s=...}. The first event
 * ({@code series}) names the series; then a {@code batch} event every {@value LiveSampler#BATCH_MILLIS} ms holds the
 * rows sampled since ({@code {"t":[ms...],"v":[[series 0...],[series 1...]],"dropped":n}}). The request's thread
 * only writes what the sampler queued: a client that reads slowly loses batches (counted in {@code dropped}), and
 * holds up nothing else.
 */
final class StreamServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    static final int MAX_CLIENTS = 16;
    private final transient LiveSampler sampler;
    private final int queue;

    StreamServlet(LiveSampler sampler, int queue) {
        this.sampler = sampler;
        this.queue = queue;
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        List<Series> series;
        try {
            series = Series.parseAll(req.getParameterValues("s"));
        } catch (IllegalArgumentException e) {
            Http.json(resp, 400, Http.error(e.getMessage()));
            return;
        }
        if (sampler.clients() >= MAX_CLIENTS) {
            Http.json(resp, 503, Http.error("the live view serves at most " + MAX_CLIENTS + " streams at once"));
            return;
        }
        resp.setStatus(200);
        resp.setContentType("text/event-stream;charset=utf-8");
        resp.setHeader("Cache-Control", "no-store");
        resp.setHeader("X-Accel-Buffering", "no");
        LiveClient client = new LiveClient(series, queue);
        OutputStream out = resp.getOutputStream();
        JsonObject head = new JsonObject();
        JsonArray names = new JsonArray();
        series.forEach(s -> names.add(s.toString()));
        head.add("series", names);
        sampler.add(client);
        try {
            event(out, "series", head.toString());
            while (!client.closed()) {
                String batch = client.next(1000);
                if (batch == null) {
                    out.write(": idle\n\n".getBytes(StandardCharsets.UTF_8)); // finds a closed connection
                    out.flush();
                } else {
                    event(out, "batch", batch);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException gone) {
            // the browser closed the page or the connection: nothing to answer
        } finally {
            sampler.remove(client);
        }
    }

    private static void event(OutputStream out, String name, String data) throws IOException {
        out.write(("event: " + name + "\ndata: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
