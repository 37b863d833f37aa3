package org.robocell.web.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.Reason;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

class ControllerActionTest {

    private final List<String> calls = new ArrayList<>();
    private SwitchResult switchAnswer = new SwitchResult(true, "Switched controllers", List.of("kr6/jtc"),
            List.of("kr6/fpc"), 1234, Reason.NONE);
    private Result answer = Result.ok("loaded");

    private final ControllerManager manager = (ControllerManager) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {ControllerManager.class}, (proxy, method, args) -> switch (method.getName()) {
                case "robot" -> "kr6";
                case "controller" -> Optional.empty();
                case "declaredControllers" -> Map.of("kr6/jtc", "t", "kr6/fpc", "t");
                case "switchControllers" -> {
                    calls.add("switch " + args[0] + " " + args[1] + " " + args[2]);
                    yield CompletableFuture.completedFuture(switchAnswer);
                }
                case "switchControllersAndWait" -> java.lang.reflect.InvocationHandler.invokeDefault(proxy, method, args);
                case "load", "configure", "cleanup", "unload" -> {
                    calls.add(method.getName() + " " + List.of(args));
                    yield answer;
                }
                case "hashCode" -> 1;
                default -> throw new UnsupportedOperationException(method.getName());
            });
    private final Robots.Robot robot = new Robots.Robot(manager, "kr6", true, null);

    private static JsonObject json(String s) {
        return JsonParser.parseString(s).getAsJsonObject();
    }

    @Test
    void aSwitchIsTheManagersCallWithNamesQualifiedAsTheShellDoesAndItsLine() {
        ControllerAction.Outcome o = ControllerAction.run(robot,
                json("{\"action\":\"switch\",\"activate\":[\"jtc\"],\"deactivate\":[\"kr6/fpc\"]}"));
        assertEquals(List.of("switch [kr6/jtc] [kr6/fpc] " + Strictness.STRICT), calls);
        assertEquals(200, o.status());
        assertEquals("Switched controllers (cycle 1234; deactivated kr6/fpc; activated kr6/jtc)", o.message());
    }

    @Test
    void aRefusalIsTheManagersOwnLineWithAClientErrorStatus() {
        switchAnswer = SwitchResult.failed(Reason.WRONG_STATE, "controller 'kr6/jtc' is not configured");
        ControllerAction.Outcome o = ControllerAction.run(robot, json("{\"action\":\"activate\",\"names\":[\"jtc\"]}"));
        assertEquals(409, o.status());
        assertEquals("controller 'kr6/jtc' is not configured", o.toJson().get("error").getAsString());
        assertEquals("WRONG_STATE", o.toJson().get("reason").getAsString());
        answer = Result.failed(Reason.UNKNOWN_NAME, "controller 'x' is not declared");
        assertEquals(404, ControllerAction.run(robot, json("{\"action\":\"load\",\"name\":\"x\"}")).status());
    }

    @Test
    void bestEffortIsAskedForByItsShellLabel() {
        ControllerAction.run(robot, json("{\"action\":\"deactivate\",\"names\":[\"fpc\"],\"strictness\":\"best-effort\"}"));
        assertEquals(List.of("switch [] [kr6/fpc] " + Strictness.BEST_EFFORT), calls);
    }

    @Test
    void aMalformedRequestNamesWhatWasExpectedAndCallsNothing() {
        assertEquals("action 'explode': expected one of load, configure, cleanup, unload, activate, deactivate, switch",
                assertThrows(IllegalArgumentException.class,
                        () -> ControllerAction.run(robot, json("{\"action\":\"explode\"}"))).getMessage());
        assertEquals("'names': expected a list of controller names", assertThrows(IllegalArgumentException.class,
                () -> ControllerAction.run(robot, json("{\"action\":\"activate\",\"names\":\"jtc\"}"))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ControllerAction.run(robot,
                json("{\"action\":\"activate\",\"names\":[\"jtc\"],\"strictness\":\"lax\"}"))).getMessage()
                .startsWith("strictness 'lax' is not one of"));
        assertThrows(IllegalArgumentException.class, () -> ControllerAction.run(robot, json("{\"action\":\"switch\"}")));
        assertEquals(List.of(), calls);
    }
}
