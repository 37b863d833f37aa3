package org.robocell.controller.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class GoalWaitTest {

    @Test
    void theResultIsReturnedOnceItIsThere() throws Exception {
        AtomicInteger polls = new AtomicInteger();
        String r = GoalWait.awaitResult(() -> polls.incrementAndGet() < 3 ? Optional.empty() : Optional.of("done"),
                () -> "EXECUTING", Duration.ofSeconds(5), "goal 1");
        assertEquals("done", r);
        assertEquals(3, polls.get());
    }

    @Test
    void noResultInTimeNamesTheGoalAndItsStatus() {
        long start = System.nanoTime();
        TimeoutException e = assertThrows(TimeoutException.class, () -> GoalWait.awaitResult(Optional::empty,
                () -> "ACCEPTED", Duration.ofMillis(30), "gripper goal 7"));
        assertEquals("gripper goal 7 still ACCEPTED after PT0.03S", e.getMessage());
        assertTrue(System.nanoTime() - start >= 30_000_000L, "waited the timeout");
    }

    @Test
    void anInterruptEndsTheWait() {
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> GoalWait.awaitResult(Optional::empty, () -> "EXECUTING",
                Duration.ofSeconds(5), "goal 2"));
    }
}
