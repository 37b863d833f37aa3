package org.robocell.cell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MoveFailuresTest {

    @Test
    void theReloadAnswersLoseTheirClauseThatTheOldCodeKeepsRunning() {
        assertEquals("Controller 'c' failed to configure (onConfigure answered FAILURE)",
                MoveFailures.why("Controller 'c' failed to configure (onConfigure answered FAILURE); the old code keeps running"));
        assertEquals("The new instance of 'c' failed to initialize (onInit answered ERROR)",
                MoveFailures.why("The new instance of 'c' failed to initialize (onInit answered ERROR); the old one stays"));
        assertEquals("activation refused", MoveFailures.why("Reloading 'c' failed, the old code keeps running: activation refused"));
        assertEquals("Controller 'c' is chainable and active", MoveFailures.why("Controller 'c' is chainable and active"));
    }
}
