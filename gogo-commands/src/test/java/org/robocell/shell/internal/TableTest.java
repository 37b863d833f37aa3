package org.robocell.shell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TableTest {

    @Test
    void columnsAreAsWideAsTheirWidestCellAndLinesHaveNoTrailingSpace() {
        String text = Table.of("NAME", "STATE").row("joint_trajectory_controller", "active").row("jsb", null).render();
        assertEquals(String.join("\n",
                "NAME                         STATE",
                "joint_trajectory_controller  active",
                "jsb                          -"), text);
    }

    @Test
    void aRowWithTheWrongNumberOfCellsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Table.of("A", "B").row("only one"));
    }
}
