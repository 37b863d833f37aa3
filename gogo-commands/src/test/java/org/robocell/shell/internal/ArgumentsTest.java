package org.robocell.shell.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Arguments and options typed in the shell, tried the way a careless operator or an attacker would type them. */
class ArgumentsTest {

    private static String refused(Executable typed) {
        CommandFailed e = assertThrows(CommandFailed.class, typed);
        assertFalse(e.toString().contains("\n"), e.toString());
        return e.getMessage();
    }

    @Test
    void valuesAreFiniteNumbersAsYamlWritesThem() {
        assertArrayEquals(new double[] { 0.35, -0.6, 0.0, -2.2, 1e-3, 1e308, 7 },
                Numbers.finite("value", new String[] { "0.35", "-0.6", "0", "-2.2", "1e-3", "1e308", "7" }));
        assertEquals("value 2 is 'NaN', not a number; expected a finite number such as 0.5 or -1e-3",
                refused(() -> Numbers.finite("value", new String[] { "1", "NaN" })));
        assertEquals("value 1 is .nan; expected a finite number", refused(() -> Numbers.finite("value 1", ".nan")));
        assertEquals("value 1 is -.inf; expected a finite number", refused(() -> Numbers.finite("value 1", "-.inf")));
        assertEquals("value 1: '1e309' is too large for a double (about ±1.8e308); write .inf or -.inf for an infinity",
                refused(() -> Numbers.finite("value 1", "1e309")));
        assertEquals("position 1 (joint1) is 'abc', not a number; expected a finite number such as 0.5 or -1e-3",
                refused(() -> Numbers.finite("position 1 (joint1)", "abc")));
        refused(() -> Numbers.finite("x", "Infinity"));
        refused(() -> Numbers.finite("x", "0x1p3"));
        refused(() -> Numbers.finite("x", "1d"));
        refused(() -> Numbers.finite("x", ""));
    }

    @Test
    void optionsAreCheckedForRangeAndNamed() {
        assertEquals(0.5, Numbers.positive("-d", "0.5", Double.MAX_VALUE));
        assertEquals("option -d is 0; expected a number greater than 0 and at most 3600",
                refused(() -> Numbers.positive("-d", "0", 3600)));
        assertEquals("option -d is -1; expected a number greater than 0 and at most 3600",
                refused(() -> Numbers.positive("-d", "-1", 3600)));
        assertEquals("option -r is 5000; expected a number greater than 0 and at most 1000",
                refused(() -> Numbers.positive("-r", "5000", 1000)));
        assertEquals("option -p is -1; expected a number from 0 to 100", refused(() -> Numbers.atLeastZero("-p", "-1", 100)));
        assertEquals(0.0, Numbers.atLeastZero("-p", "0", 100));
        assertEquals(5, Numbers.whole("-t", "5", 1, Integer.MAX_VALUE));
        for (String bad : List.of("0", "-5", "2.5", "1e3", "99999999999")) {
            assertEquals("option -t is " + bad + "; expected a whole number from 1 to 2147483647",
                    refused(() -> Numbers.whole("-t", bad, 1, Integer.MAX_VALUE)));
        }
        for (String bad : List.of("abc", "NaN", "")) {
            assertEquals("option -t is '" + bad + "'; expected a whole number from 1 to 2147483647",
                    refused(() -> Numbers.whole("-t", bad, 1, Integer.MAX_VALUE)));
        }
        assertEquals("option -d is 0; expected a number greater than 0",
                refused(() -> Numbers.positive("-d", "0", Double.MAX_VALUE)));
    }

    @Test
    void theJitterHarnessRunsForAFiniteTimeOfAtMostAnHour() {
        JitterCommands.checkDurations(new String[] { "-s", "30", "--warmup", "0", "--robot", "kr6" });
        assertEquals("option -s is -1; expected a number greater than 0 and at most 3600",
                refused(() -> JitterCommands.checkDurations(new String[] { "-s", "-1" })));
        assertEquals("option --seconds is .inf; expected a finite number",
                refused(() -> JitterCommands.checkDurations(new String[] { "--seconds", ".inf" })));
        assertEquals("option -w is 'NaN', not a number; expected a finite number such as 0.5 or -1e-3",
                refused(() -> JitterCommands.checkDurations(new String[] { "-w", "NaN" })));
    }

    @Test
    void aListGogoReadItselfIsWrittenBackAsTheTextTheOperatorTyped() {
        // Gogo hands joints=[a1, a2] over as "joints=" and the list ["a1,", "a2"]
        assertEquals(List.of("joints=[a1, a2]", "gain=2"), Assignments.join(new Object[] { "joints=", List.of("a1,", "a2"),
                "gain=2" }));
        assertEquals(List.of("joints=[a1,a2]"), Assignments.join(new Object[] { "joints=", List.of("a1,a2") }));
        assertEquals(List.of("a=[[1, 2] , [3]]"), Assignments.join(new Object[] { "a=", List.of(List.of("1,", "2"), ",",
                List.of("3")) }));
        assertEquals(List.of("a=[]"), Assignments.join(new Object[] { "a=", List.of() }));
        assertEquals(List.of("a={k: 1}"), Assignments.join(new Object[] { "a=", java.util.Map.of("k", 1L) }),
                "a map is written as YAML writes it, for the value reader to refuse");
        assertEquals(List.of("names=[\"a, b\", c]"), Assignments.join(new Object[] { "names=[\"a, b\", c]" }),
                "a quoted assignment reaches the command as one word and is left as it is");
    }

    @Test
    void aFailedCommandPrintsAsOneLine() {
        String printed = new CommandFailed("controller 'x' is not loaded").toString();
        assertEquals("error: controller 'x' is not loaded", printed);
    }
}
