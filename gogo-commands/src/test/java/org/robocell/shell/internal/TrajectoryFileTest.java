package org.robocell.shell.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.robocell.api.trajectory.TrajectoryPoint;

class TrajectoryFileTest {

    @TempDir
    Path dir;

    @Test
    void eachLineIsATimeAndOnePositionPerJoint() throws Exception {
        Path f = Files.writeString(dir.resolve("wave.txt"), "# t a1 a2\n1.0 0.1 0.2\n\n2.0, 0.3, 0.4\n");
        List<TrajectoryPoint> points = TrajectoryCommands.readPoints(f, 2);
        assertEquals(2, points.size());
        assertEquals(2.0, points.get(1).timeFromStart());
        assertArrayEquals(new double[] { 0.3, 0.4 }, points.get(1).positions());
    }

    @Test
    void aWrongCountANonNumberOrNaNNamesTheLine() throws Exception {
        Path wrong = Files.writeString(dir.resolve("a.txt"), "1.0 0.1\n");
        assertTrue(assertThrows(CommandFailed.class, () -> TrajectoryCommands.readPoints(wrong, 2)).getMessage()
                .contains("a.txt:1: expected the time from start and 2 positions, got 2 numbers"));
        Path word = Files.writeString(dir.resolve("b.txt"), "# x\n1.0 0.1 up\n");
        assertTrue(assertThrows(CommandFailed.class, () -> TrajectoryCommands.readPoints(word, 2)).getMessage()
                .contains("b.txt:2: 'up' is not a number"));
        Path nan = Files.writeString(dir.resolve("c.txt"), "1.0 NaN 0\n");
        assertTrue(assertThrows(CommandFailed.class, () -> TrajectoryCommands.readPoints(nan, 2)).getMessage()
                .contains("c.txt:1: 'NaN' is not a finite number"));
        Path empty = Files.writeString(dir.resolve("d.txt"), "# nothing\n");
        assertTrue(assertThrows(CommandFailed.class, () -> TrajectoryCommands.readPoints(empty, 2)).getMessage()
                .contains("has no points"));
    }
}
