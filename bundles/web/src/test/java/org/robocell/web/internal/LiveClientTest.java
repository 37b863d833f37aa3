package org.robocell.web.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

class LiveClientTest {

    @Test
    void aBatchHoldsTheRowsColumnWiseWithNullForNaN() throws InterruptedException {
        LiveClient c = new LiveClient(List.of(Series.parse("a:x"), Series.parse("a:y")), 4);
        c.add(1000.0, new double[] {1.5, Double.NaN});
        c.add(1004.0, new double[] {2.5, 3});
        c.seal();
        JsonObject b = JsonParser.parseString(c.next(0)).getAsJsonObject();
        assertEquals("[1000.0,1004.0]", b.get("t").toString());
        assertEquals("[[1.5,2.5],[null,3.0]]", b.get("v").toString());
        assertEquals(0, b.get("dropped").getAsLong());
    }

    @Test
    void aClientThatDoesNotReadLosesTheOldestBatchesAndTheSamplerNeverWaits() throws InterruptedException {
        LiveClient c = new LiveClient(List.of(Series.parse("a:x")), 3);
        for (int i = 0; i < 10; i++) {
            c.add(i, new double[] {i});
            c.seal(); // would block forever if the queue were not dropping
        }
        assertEquals(3, c.queued());
        assertEquals(7, c.dropped());
        JsonObject oldestKept = JsonParser.parseString(c.next(0)).getAsJsonObject();
        assertEquals("[[7.0]]", oldestKept.get("v").toString());
    }

    @Test
    void nothingSampledIsNoBatch() throws InterruptedException {
        LiveClient c = new LiveClient(List.of(Series.parse("a:x")), 3);
        c.seal();
        assertNull(c.next(0));
    }
}
