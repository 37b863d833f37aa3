package org.robocell.shell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.io.StateOutput;

/** What trajectory:move prints once a goal succeeded: where the joints are then, and the largest position error. */
class TrajectoryFinalStateTest {

    @Test
    void theFinalLineHasEachJointsActualPositionAndTheLargestPositionError() {
        List<String> fields = List.of("j1/desired/position", "j1/actual/position", "j1/error/position",
                "j2/desired/position", "j2/actual/position", "j2/error/position");
        StateOutput.Snapshot state = new StateOutput.Snapshot(42, fields,
                new double[] { 0.3, 0.29999, 1e-5, -0.6, -0.6002, -2e-4 });
        assertEquals("  final  [0.3000 -0.6002]  max error 2.00e-04", TrajectoryCommands.finalLine(state));
    }
}
