package org.robocell.foxglove.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ParameterBridgeTest {

    private final FakeCell cell = new FakeCell();
    private final List<TrackedRobot> robots = List.of(new TrackedRobot(cell.manager("fr3"), ""),
            new TrackedRobot(cell.manager("kr6"), "kr6"));
    private final ParameterBridge bridge = new ParameterBridge(() -> robots);

    @Test
    void namesAreRobotDotControllerDotParameterAndTheParameterMayHoldDots() {
        assertEquals(new ParameterBridge.Name("fr3", "pid", "gains.joint1.p"),
                ParameterBridge.Name.parse("fr3.pid.gains.joint1.p"));
        for (String bad : new String[] {"fr3", "fr3.pid", "fr3.pid.", ".pid.p", "fr3..p"}) {
            assertEquals("parameter '" + bad + "': expected <robot>.<controller>.<parameter>, e.g."
                    + " fr3.joint_trajectory_controller.gains.joint1.p",
                    assertThrows(IllegalArgumentException.class, () -> ParameterBridge.Name.parse(bad)).getMessage());
        }
    }

    @Test
    void everyControllerParameterIsListedUnderItsRobotWithoutTheNamespace() {
        cell.parameters.put("pid", Map.of("gains.j1.p", 2.5));
        cell.parameters.put("kr6/jtc", Map.of("joints", List.of("a1", "a2")));
        List<ParameterBridge.Parameter> all = bridge.get(List.of());
        assertEquals(List.of("fr3.kr6/jtc.joints", "fr3.pid.gains.j1.p", "kr6.jtc.joints", "kr6.pid.gains.j1.p"),
                all.stream().map(ParameterBridge.Parameter::name).sorted().toList());
        assertEquals(List.of(new ParameterBridge.Parameter("kr6.jtc.joints", List.of("a1", "a2"))),
                bridge.get(List.of("kr6.jtc.joints", "kr6.jtc.unknown")));
    }

    @Test
    void settingGoesThroughTheManagerOncePerControllerWithTheQualifiedName() {
        cell.parameters.put("kr6/jtc", Map.of("a", 1L));
        List<String> errors = bridge.set(List.of(new ParameterBridge.Parameter("kr6.jtc.a", 2L),
                new ParameterBridge.Parameter("kr6.jtc.b", true)));
        assertEquals(List.of(), errors);
        assertEquals(List.of("kr6/jtc {a=2, b=true}"), cell.setCalls);
    }

    @Test
    void refusalsAreOneLineEachNamingTheParameterOrTheManagersAnswer() {
        List<String> errors = bridge.set(List.of(new ParameterBridge.Parameter("fr4.pid.p", 1L),
                new ParameterBridge.Parameter("fr3.nope.p", 1L), new ParameterBridge.Parameter("fr3.pid.p", null),
                new ParameterBridge.Parameter("bad", 1L)));
        assertEquals(List.of("parameter 'fr4.pid.p': no robot 'fr4' (did you mean 'fr3'?)",
                "parameter 'fr3.pid.p': no value; removing a parameter is not supported",
                "parameter 'bad': expected <robot>.<controller>.<parameter>, e.g. fr3.joint_trajectory_controller.gains.joint1.p",
                "fr3.nope: controller 'nope' is not loaded"), errors);
    }
}
