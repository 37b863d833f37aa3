package org.robocell.foxglove.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class OutboxTest {

    @Test
    void aFullOutboxDropsTheOldestMessageAndCountsIt() {
        Outbox box = new Outbox(3);
        for (int i = 1; i <= 5; i++) {
            box.offer(new byte[] {(byte) i});
        }
        assertEquals(3, box.size());
        assertEquals(2, box.dropped());
        assertEquals(3, box.poll()[0]);
        assertEquals(4, box.poll()[0]);
        assertEquals(5, box.poll()[0]);
        assertNull(box.poll());
    }

    @Test
    void aClientThatNeverReadsHoldsNoMoreThanTheCapacity() {
        Outbox box = new Outbox(16);
        for (int i = 0; i < 100_000; i++) {
            box.offer(new byte[64]);
        }
        assertEquals(16, box.size());
        assertEquals(100_000 - 16, box.dropped());
    }

    @Test
    void aCapacityBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Outbox(0));
    }
}
