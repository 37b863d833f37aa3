package org.robocell.shell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.felix.service.command.CommandSession;
import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.io.Channel;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.lifecycle.LifecycleState;

/** The names completion offers, per controller state and per argument. */
class CompletionCommandsTest {

    private static ControllerSnapshot controller(String name, LifecycleState state) {
        return new ControllerSnapshot(name, "t/T", state, 1000, List.of(), List.of(), List.of(), false, false, List.of(),
                List.of(), List.of(), 0, 0, null, null);
    }

    private final CompletionCommands completion;

    private static ControllerManager manager(String robot, int hash, List<ControllerSnapshot> loaded,
            Map<String, String> declared, List<String> types) {
        return (ControllerManager) Proxy.newProxyInstance(CompletionCommandsTest.class.getClassLoader(),
                new Class<?>[] {ControllerManager.class}, (p, method, a) -> switch (method.getName()) {
                    case "robot" -> robot;
                    case "controllers" -> loaded;
                    case "declaredControllers" -> declared;
                    case "controller" -> loaded.stream().filter(c -> c.name().equals(a[0])).findFirst();
                    case "types" -> types;
                    case "hardware", "interfaces" -> List.of();
                    case "hashCode" -> hash;
                    case "equals" -> p == a[0];
                    default -> null;
                });
    }

    CompletionCommandsTest() {
        List<ControllerSnapshot> loaded = List.of(controller("jsb", LifecycleState.ACTIVE),
                controller("jtc", LifecycleState.ACTIVE), controller("fpc", LifecycleState.INACTIVE),
                controller("new", LifecycleState.UNCONFIGURED));
        ControllerManager fr3 = manager("fr3", 1, loaded, Map.of("jsb", "a/A", "pid", "pid_controller/PidController"),
                List.of("pid_controller/PidController", "t/T"));
        ControllerManager kr6 = manager("kr6", 2, List.of(controller("kr6/jtc", LifecycleState.ACTIVE),
                controller("kr6/sine", LifecycleState.INACTIVE)), Map.of("kr6/sine", "t/T", "kr6/pid", "t/T"),
                List.of("kuka/Sine", "t/T"));
        Robots robots = new Robots();
        robots.addManager(fr3, Map.of(ControllerManager.ROBOT, "fr3", ControllerManager.STARTED, true));
        robots.addManager(kr6, Map.of(ControllerManager.ROBOT, "kr6", ControllerManager.STARTED, true,
                ControllerManager.NAMESPACE, "/kr6"));
        ChannelRegistry none = (ChannelRegistry) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ChannelRegistry.class}, (p, method, a) -> method.getName().equals("names") ? List.of()
                        : Optional.<Channel>empty());
        completion = new CompletionCommands(robots, none);
    }

    private static CommandSession atArgument(int position) {
        return atArgument(position, null);
    }

    /** A session as the console's completer leaves it: the argument's position and the robot the line names. */
    private static CommandSession atArgument(int position, String robot) {
        return (CommandSession) Proxy.newProxyInstance(CompletionCommandsTest.class.getClassLoader(),
                new Class<?>[] {CommandSession.class}, (p, m, a) -> !m.getName().equals("get") ? null
                        : CompletionCommands.ARGUMENT.equals(a[0]) ? Integer.valueOf(position)
                        : CompletionCommands.ROBOT.equals(a[0]) ? robot : null);
    }

    @Test
    void eachControllerVerbIsOfferedTheControllersInTheStatesItTakes() {
        assertEquals(List.of("fpc", "kr6/sine"), completion.inactivecontrollers(null));
        assertEquals(List.of("jsb", "jtc", "kr6/jtc"), completion.activecontrollers(null));
        assertEquals(List.of("fpc", "kr6/sine", "new"), completion.configurablecontrollers(null));
        assertEquals(List.of("fpc", "kr6/sine", "new"), completion.unloadablecontrollers(null));
        assertEquals(List.of("fpc", "jsb", "jtc", "kr6/jtc", "kr6/sine", "new"), completion.controllernames(atArgument(1)));
        assertEquals(List.of(), completion.controllernames(atArgument(2)), "controller:set's values are not names");
    }

    @Test
    void loadOffersDeclaredControllersNotLoadedThenTypesAndHardwareStateComponentsThenStates() {
        assertEquals(List.of("kr6/pid", "pid"), completion.loadarguments(atArgument(1)));
        assertEquals(List.of("kuka/Sine", "pid_controller/PidController", "t/T"), completion.loadarguments(atArgument(2)));
        assertEquals(CompletionCommands.HARDWARE_STATES, completion.hardwarestatearguments(atArgument(2)));
    }

    @Test
    void aLineWithMinusROffersThatRobotsNamesAloneWithoutItsNamespaceAsTheCommandTakesThem() {
        assertEquals(List.of("sine"), completion.inactivecontrollers(atArgument(1, "kr6")));
        assertEquals(List.of("jtc", "sine"), completion.controllernames(atArgument(1, "kr6")));
        assertEquals(List.of("jsb", "jtc"), completion.activecontrollers(atArgument(1, "fr3")));
        assertEquals(List.of("pid"), completion.loadarguments(atArgument(1, "kr6")));
        assertEquals(List.of("kuka/Sine", "t/T"), completion.loadarguments(atArgument(2, "kr6")));
        assertEquals(List.of(), completion.activecontrollers(atArgument(1, "gantry")), "a robot the cell does not have");
    }
}
