package org.robocell.cell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** A malformed value in a robot's configuration is one line naming the property, the value and the file. */
class ConfigValuesTest {

    @Test
    void aWordWhereARateIsExpectedNamesThePropertyAndTheFile() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConfigValues.check(Map.of(
                "name", "fr3", "rate", "abc", ConfigValues.FILE, "deploy/org.robocell.cell.robot-fr3.cfg")));
        assertEquals("robot 'fr3': rate=abc in deploy/org.robocell.cell.robot-fr3.cfg must be a whole number",
                e.getMessage());
    }

    @Test
    void aBooleanThatIsNotTrueOrFalseIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ConfigValues.check(Map.of("name", "fr3", "loop.lock.memory", "yes")));
        assertEquals("robot 'fr3': loop.lock.memory=yes must be true or false", e.getMessage());
    }

    @Test
    void wellFormedValuesAndTypedOnesPass() {
        ConfigValues.check(Map.of("name", "fr3", "rate", " 500 ", "slot.capacity", 64, "loop.lock.memory", "TRUE"));
    }
}
