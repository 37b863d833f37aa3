package org.robocell.foxglove.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DecimationTest {

    @Test
    void nothingIsDueBeforeTheFirstPublicationThenTheFirstOneSeenIs() {
        Decimation d = new Decimation(10);
        assertFalse(d.due(0));
        assertTrue(d.due(3));
    }

    @Test
    void afterASentPublicationTheNextIsDueTenLaterNotSooner() {
        Decimation d = new Decimation(10);
        d.sent(3);
        assertFalse(d.due(12));
        assertTrue(d.due(13));
        assertTrue(d.due(40));
    }

    @Test
    void aResetSendsTheNextPublicationSeen() {
        Decimation d = new Decimation(10);
        d.sent(100);
        d.reset();
        assertTrue(d.due(1));
    }
}
