package org.robocell.foxglove.internal;

import java.nio.charset.StandardCharsets;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

/** Small JSON helpers: numbers the loop has not published yet (NaN) are written as null, which JSON has. */
final class Json {

    private Json() {
    }

    /** The wall-clock time in nanoseconds since the epoch, to the clock's resolution (microseconds on Linux). */
    static long epochNanos() {
        java.time.Instant now = java.time.Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    static JsonElement number(double v) {
        return Double.isFinite(v) ? new JsonPrimitive(v) : JsonNull.INSTANCE;
    }

    static JsonObject time(long epochNanos) {
        JsonObject t = new JsonObject();
        t.addProperty("sec", Math.floorDiv(epochNanos, 1_000_000_000L));
        t.addProperty("nsec", Math.floorMod(epochNanos, 1_000_000_000L));
        return t;
    }

    static JsonObject vector(double x, double y, double z) {
        JsonObject v = new JsonObject();
        v.add("x", number(x));
        v.add("y", number(y));
        v.add("z", number(z));
        return v;
    }

    static JsonArray numbers(double[] values) {
        JsonArray a = new JsonArray(values.length);
        for (double v : values) {
            a.add(number(v));
        }
        return a;
    }

    static byte[] bytes(JsonElement e) {
        return e.toString().getBytes(StandardCharsets.UTF_8);
    }
}
