package org.robocell.console.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.TreeSet;

import org.apache.felix.gogo.jline.Builtin;
import org.apache.felix.gogo.jline.Parser;
import org.apache.felix.gogo.jline.Procedural;
import org.apache.felix.gogo.jline.Shell;
import org.apache.felix.gogo.runtime.CommandProcessorImpl;
import org.apache.felix.gogo.runtime.threadio.ThreadIOImpl;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.jline.reader.Candidate;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Tab completion as JLine asks for it (the line parsed up to the cursor, the reader's completer called), with the
 * console's real profile: each command offers the names its arguments and option values take, and options where
 * a word starts with '-'. The cell's names come from stand-ins for gogo-commands' robocell:* functions.
 */
class CompletionTest {

    /** The robocell:* functions as a cell with fr3 (two active, one inactive controller) and kr6 would answer. */
    public static final class CellNames {
        public List<String> inactivecontrollers(CommandSession s) {
            return "kr6".equals(s.get(ArgumentCompleter.ROBOT)) ? List.of("sine") : List.of("forward_position_controller");
        }
        public List<String> activecontrollers(CommandSession s) { return List.of("joint_state_broadcaster", "joint_trajectory_controller"); }
        public List<String> configurablecontrollers(CommandSession s) { return List.of("forward_position_controller"); }
        public List<String> unloadablecontrollers(CommandSession s) { return List.of("forward_position_controller"); }
        public List<String> controllernames(CommandSession s) { return first(s, List.of("forward_position_controller", "joint_trajectory_controller")); }
        public List<String> loadarguments(CommandSession s) { return position(s) == 2 ? List.of("pid_controller/PidController") : List.of("pid"); }
        public List<String> hardwarestatearguments(CommandSession s) { return position(s) == 2 ? List.of("active", "inactive") : List.of("FR3System"); }
        public List<String> interfacenames(CommandSession s) { return List.of("joint1/position"); }
        public List<String> robotnames() { return List.of("fr3", "kr6"); }
        public List<String> statechannels(CommandSession s) { return first(s, List.of("joint_states", "kr6/joint_states")); }
        public List<String> commandchannels(CommandSession s) { return first(s, List.of("forward_position_controller/commands")); }
        public List<String> trajectorycontrollers(CommandSession s) { return first(s, List.of("joint_trajectory_controller")); }
        public List<String> grippercontrollers(CommandSession s) { return first(s, List.of()); }
        public List<String> motioncontrollers(CommandSession s) { return first(s, List.of("motion_primitive")); }
        public List<String> controlmodes() { return List.of("joint_position", "joint_position.streaming"); }

        private static int position(CommandSession s) {
            return ((Number) s.get(ArgumentCompleter.ARGUMENT)).intValue();
        }

        private static List<String> first(CommandSession s, List<String> names) {
            return position(s) == 1 ? names : List.of();
        }
    }

    /** controller:switch and trajectory:move as their classes declare them (options from the code). */
    public static final class ControllerVerbs {
        @Descriptor("activate and deactivate controllers together")
        public String _switch(@Descriptor("the robot") @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
                @Descriptor("to activate") @Parameter(names = { "-a", "--activate" }, absentValue = "") String a,
                @Descriptor("to deactivate") @Parameter(names = { "-d", "--deactivate" }, absentValue = "") String d,
                @Descriptor("strict or best-effort") @Parameter(names = { "-s", "--strictness" }, absentValue = "strict") String s) {
            return "";
        }

        @Descriptor("activate controllers")
        public String activate(@Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
                @Parameter(names = { "-b", "--best-effort" }, absentValue = "false", presentValue = "true") boolean b,
                String... names) {
            return "";
        }

        public String deactivate(String... names) { return ""; }
        public String load(String name) { return ""; }
        public String info(String name) { return ""; }
    }

    /** hardware:state and trajectory:move as their classes declare them. */
    public static final class OtherVerbs {
        public String state(@Parameter(names = { "-r", "--robot" }, absentValue = "") String robot, String component,
                String state) {
            return "";
        }

        public String move(@Parameter(names = { "-d", "--duration" }, absentValue = "3") String duration,
                @Parameter(names = { "--no-wait" }, absentValue = "false", presentValue = "true") boolean noWait,
                String controller, String... positions) {
            return "";
        }
    }

    /** Options the profile's addcommand line needs in a framework; here it only has to exist. */
    public static final class Stubs {
        public void addcommand(Object... ignored) {
        }
    }

    private final ThreadIOImpl threadIO = new ThreadIOImpl();
    private CommandSession session;
    private LineReader reader;
    private Terminal terminal;

    @BeforeEach
    void shellWithTheConsolesProfile() throws Exception {
        threadIO.start();
        CommandProcessorImpl processor = new CommandProcessorImpl(threadIO);
        add(processor, "gogo", new Builtin(), "complete", "setopt");
        add(processor, "gogo", new Procedural(), "try", "if");
        add(processor, "gogo", new Stubs(), "addcommand");
        processor.addCommand("robocell", new CellNames());
        add(processor, "controller", new ControllerVerbs(), "switch", "activate", "deactivate", "load", "info");
        add(processor, "hardware", new OtherVerbs(), "state");
        add(processor, "trajectory", new OtherVerbs(), "move");
        terminal = TerminalBuilder.builder().system(false).type("dumb").streams(InputStream.nullInputStream(),
                new ByteArrayOutputStream()).build();
        session = processor.createSession(InputStream.nullInputStream(), System.out, System.err);
        session.put(".gosh_quiet", true);
        session.put(Shell.VAR_COMPLETIONS, new HashMap<>());
        reader = InteractiveShell.reader(session, terminal);
        session.put(Shell.VAR_READER, reader);
        session.execute(Files.readString(Path.of("src/main/resources-shell/gosh_profile")));

    }

    @AfterEach
    void close() throws IOException {
        terminal.close();
        threadIO.stop();
    }

    private static void add(CommandProcessorImpl processor, String scope, Object target, String... functions) {
        for (String f : functions) {
            processor.addCommand(scope, target, f);
        }
    }

    /** The candidates JLine would show for Tab at the end of {@code line}. */
    private List<String> tab(String line) {
        ParsedLine parsed = new Parser().parse(line, line.length(), org.jline.reader.Parser.ParseContext.COMPLETE);
        List<Candidate> candidates = new ArrayList<>();
        reader.getBuiltinWidgets(); // the reader is complete
        ((org.jline.reader.impl.LineReaderImpl) reader).getCompleter().complete(reader, parsed, candidates);
        return new ArrayList<>(new TreeSet<>(candidates.stream().map(Candidate::value).toList()));
    }

    @Test
    void activateOffersTheInactiveControllersAndDeactivateTheActiveOnes() {
        assertEquals(List.of("forward_position_controller"), tab("controller:activate "));
        assertEquals(List.of("joint_state_broadcaster", "joint_trajectory_controller"), tab("controller:deactivate "));
        assertEquals(List.of("forward_position_controller"), tab("controller:activate -b "), "after a flag, names again");
    }

    @Test
    void aLineThatNamesARobotWithMinusRHasThatRobotsNamesOffered() {
        assertEquals(List.of("sine"), tab("controller:activate -r kr6 "));
        assertEquals(List.of("sine"), tab("controller:switch --robot kr6 -a "));
        assertEquals(List.of("forward_position_controller"), tab("controller:activate -r fr3 "));
    }

    @Test
    void switchOffersControllersAfterItsControllerOptionsAndStrictnessOnlyAfterS() {
        assertEquals(List.of("forward_position_controller"), tab("controller:switch -a "));
        assertEquals(List.of("joint_state_broadcaster", "joint_trajectory_controller"), tab("controller:switch -a x -d "));
        assertEquals(List.of("best-effort", "strict"), tab("controller:switch -s "));
    }

    @Test
    void everyRobotOptionOffersTheRobotsAndAWordStartingWithADashTheCommandsOwnOptions() {
        assertEquals(List.of("fr3", "kr6"), tab("controller:activate -r "));
        assertEquals(List.of("fr3", "kr6"), tab("controller:switch --robot "));
        assertEquals(List.of("--activate", "--deactivate", "--robot", "--strictness", "-a", "-d", "-r", "-s"),
                tab("controller:switch -"));
    }

    @Test
    void aCommandOfTwoArgumentsOffersEachItsOwnNames() {
        assertEquals(List.of("pid"), tab("controller:load "));
        assertEquals(List.of("pid_controller/PidController"), tab("controller:load pid "));
        assertEquals(List.of("FR3System"), tab("hardware:state -r fr3 "));
        assertEquals(List.of("active", "inactive"), tab("hardware:state -r fr3 FR3System "));
    }

    @Test
    void channelsTrajectoryAndMotionControllersAndControlModesAreOffered() {
        assertEquals(List.of("joint_states", "kr6/joint_states"), tab("channel:echo "));
        assertEquals(List.of("fr3", "kr6"), tab("channel:echo --robot "));
        assertEquals(List.of("forward_position_controller/commands"), tab("channel:send "));
        assertEquals(List.of(), tab("channel:send forward_position_controller/commands "), "values, not names");
        assertEquals(List.of("joint_trajectory_controller"), tab("trajectory:move "));
        assertEquals(List.of("joint_trajectory_controller"), tab("trajectory:move -d 2 --no-wait "));
        assertEquals(List.of(), tab("trajectory:move -d 2 joint_trajectory_controller "), "positions, not names");
        assertEquals(List.of("motion_primitive"), tab("motion:ptp "));
        assertEquals(List.of("joint_position", "joint_position.streaming"), tab("cell:mode -r kr6 "));
        assertEquals(List.of("joint1/position"), tab("hardware:interfaces -f "));
        assertEquals(List.of("forward_position_controller", "joint_trajectory_controller"), tab("controller:info "));
    }
}
