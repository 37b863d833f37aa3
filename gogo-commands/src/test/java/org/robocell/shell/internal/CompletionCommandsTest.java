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

    CompletionCommandsTest() {
        List<ControllerSnapshot> loaded = List.of(controller("jsb", LifecycleState.ACTIVE),
                controller("jtc", LifecycleState.ACTIVE), controller("fpc", LifecycleState.INACTIVE),
                controller("new", LifecycleState.UNCONFIGURED));
        ControllerManager m = (ControllerManager) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ControllerManager.class}, (p, method, a) -> switch (method.getName()) {
                    case "robot" -> "fr3";
                    case "controllers" -> loaded;
                    case "declaredControllers" -> Map.of("jsb", "a/A", "pid", "pid_controller/PidController");
                    case "controller" -> loaded.stream().filter(c -> c.name().equals(a[0])).findFirst();
                    case "types" -> List.of("pid_controller/PidController", "t/T");
                    case "hashCode" -> 1;
                    case "equals" -> p == a[0];
                    default -> null;
                });
        Robots robots = new Robots();
        robots.addManager(m, Map.of(ControllerManager.ROBOT, "fr3", ControllerManager.STARTED, true));
        ChannelRegistry none = (ChannelRegistry) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ChannelRegistry.class}, (p, method, a) -> method.getName().equals("names") ? List.of()
                        : Optional.<Channel>empty());
        completion = new CompletionCommands(robots, none);
    }

    private static CommandSession atArgument(int position) {
        return (CommandSession) Proxy.newProxyInstance(CompletionCommandsTest.class.getClassLoader(),
                new Class<?>[] {CommandSession.class},
                (p, m, a) -> m.getName().equals("get") && CompletionCommands.ARGUMENT.equals(a[0]) ? position : null);
    }

    @Test
    void eachControllerVerbIsOfferedTheControllersInTheStatesItTakes() {
        assertEquals(List.of("fpc"), completion.inactivecontrollers());
        assertEquals(List.of("jsb", "jtc"), completion.activecontrollers());
        assertEquals(List.of("fpc", "new"), completion.configurablecontrollers());
        assertEquals(List.of("fpc", "new"), completion.unloadablecontrollers());
        assertEquals(List.of("fpc", "jsb", "jtc", "new"), completion.controllernames(atArgument(1)));
        assertEquals(List.of(), completion.controllernames(atArgument(2)), "controller:set's values are not names");
    }

    @Test
    void loadOffersDeclaredControllersNotLoadedThenTypesAndHardwareStateComponentsThenStates() {
        assertEquals(List.of("pid"), completion.loadarguments(atArgument(1)));
        assertEquals(List.of("pid_controller/PidController", "t/T"), completion.loadarguments(atArgument(2)));
        assertEquals(CompletionCommands.HARDWARE_STATES, completion.hardwarestatearguments(atArgument(2)));
    }
}
