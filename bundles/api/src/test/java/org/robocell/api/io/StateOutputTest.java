package org.robocell.api.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

class StateOutputTest {

    @Test
    void readersSeeNaNBeforeTheFirstPublicationThenThePublishedValues() {
        StateOutput out = new StateOutput("c/state", List.of("a", "b"));
        double[] into = new double[2];
        assertEquals(0, out.read(into));
        assertTrue(Double.isNaN(into[0]));

        double[] v = out.beginWrite();
        v[0] = 1.0;
        v[1] = 2.0;
        out.endWrite();

        assertEquals(1, out.read(into));
        assertEquals(1.0, into[0]);
        assertEquals(2.0, into[1]);
        assertEquals(1, out.snapshot().publications());
    }

    @Test
    void reshapeChangesFieldsAndValuesTogether() {
        StateOutput out = new StateOutput("c/state", List.of("a"));
        out.publish(new double[] { 4.0 });
        out.reshape(List.of("x", "y", "z"));
        StateOutput.Snapshot s = out.snapshot();
        assertEquals(List.of("x", "y", "z"), s.fields());
        assertEquals(3, s.values().length);
        assertTrue(Double.isNaN(s.values()[0]));
    }

    @Test
    void aTooSmallTargetArrayIsRefused() {
        StateOutput out = new StateOutput("c/state", List.of("a", "b"));
        assertThrows(IllegalArgumentException.class, () -> out.read(new double[1]));
    }

    /** The writer keeps every value of a publication equal; a torn read would show two different values. */
    @Test
    void aReaderNeverSeesAHalfWrittenPublication() throws Exception {
        int width = 64;
        StateOutput out = new StateOutput("c/state", java.util.Collections.nCopies(width, "v"));
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<String> torn = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            double[] copy = new double[width];
            while (!stop.get()) {
                out.read(copy);
                for (int i = 1; i < width; i++) {
                    if (copy[i] != copy[0] && !(Double.isNaN(copy[i]) && Double.isNaN(copy[0]))) {
                        torn.set("value " + i + " = " + copy[i] + " but value 0 = " + copy[0]);
                        return;
                    }
                }
            }
        });
        reader.start();
        for (int k = 0; k < 200_000 && torn.get() == null; k++) {
            double[] v = out.beginWrite();
            for (int i = 0; i < width; i++) {
                v[i] = k;
            }
            out.endWrite();
        }
        stop.set(true);
        reader.join();
        assertEquals(null, torn.get());
    }
}
