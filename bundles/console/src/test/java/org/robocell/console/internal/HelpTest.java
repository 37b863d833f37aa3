package org.robocell.console.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.junit.jupiter.api.Test;
import org.robocell.console.Example;

/** help and help COMMAND, written from the commands' own annotations. */
class HelpTest {

    /** Stands for a RoboCell command class (its name starts with org.robocell.). */
    public static final class Verbs {
        @Descriptor("activate and deactivate controllers together, at one cycle boundary")
        @Example("controller:switch -a forward_position_controller -d joint_trajectory_controller")
        public String _switch(CommandSession session,
                @Descriptor("the robot") @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
                @Descriptor("controllers to activate, comma-separated") @Parameter(names = { "-a", "--activate" }, absentValue = "") String a,
                @Descriptor("strict or best-effort") @Parameter(names = { "-s", "--strictness" }, absentValue = "strict") String s,
                @Descriptor("wait for nothing") @Parameter(names = { "--no-wait" }, absentValue = "false", presentValue = "true") boolean noWait) {
            return "";
        }

        @Descriptor("list the loaded controllers")
        public String list() {
            return "";
        }
    }

    private static Map<String, CommandCatalog.Command> catalog() {
        Map<String, CommandCatalog.Command> c = new TreeMap<>();
        c.put("controller:switch", CommandCatalog.describe("controller", "switch", Verbs.class));
        c.put("controller:list", CommandCatalog.describe("controller", "list", Verbs.class));
        c.put("robocell:controllernames", CommandCatalog.describe("robocell", "list", Verbs.class));
        c.put("gogo:reverse", CommandCatalog.describe("gogo", "reverse", StringBuilder.class)); // not RoboCell's
        return c;
    }

    @Test
    void helpListsRoboCellsCommandsByScopeOneLineEachWithoutGogoOrCompletionHelpers() {
        String overview = HelpCommand.overview(catalog());
        assertTrue(overview.contains("\ncontroller:\n  list    list the loaded controllers\n  switch  activate and deactivate"
                + " controllers together, at one cycle boundary"), overview);
        assertFalse(overview.contains("reverse"), overview);
        assertFalse(overview.contains("robocell"), overview);
    }

    @Test
    void helpCommandGivesUsageOptionsWithMeaningAndDefaultAndAnExampleWithoutTheMethodsName() {
        String text = HelpCommand.explain(catalog(), "switch");
        assertEquals(String.join("\n",
                "controller:switch - activate and deactivate controllers together, at one cycle boundary",
                "usage: controller:switch [-r ROBOT] [-a ACTIVATE] [-s STRICTNESS] [--no-wait]",
                "options:",
                "  -a, --activate ACTIVATE      controllers to activate, comma-separated",
                "  --no-wait                    wait for nothing",
                "  -r, --robot ROBOT            the robot",
                "  -s, --strictness STRICTNESS  strict or best-effort (default: strict)",
                "example:",
                "  controller:switch -a forward_position_controller -d joint_trajectory_controller"), text);
        assertFalse(text.contains("_switch") || text.contains("null"), text);
    }

    @Test
    void theOverviewsLineEndsAtTheFirstColonOrSemicolonOutsideParentheses() {
        assertEquals("pose of a link (default: the robot's tip) for the live joint state",
                HelpCommand.oneLine("pose of a link (default: the robot's tip) for the live joint state; or for Q"));
        assertEquals("the robots of the cell", HelpCommand.oneLine("the robots of the cell: loop rate, clock"));
    }

    @Test
    void anUnknownCommandIsOneLine() {
        CommandError e = assertThrows(CommandError.class, () -> HelpCommand.explain(catalog(), "swich"));
        assertEquals("no command 'swich'; help lists RoboCell's commands, help --all every command", e.getMessage());
    }
}
