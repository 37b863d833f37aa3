package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.ComponentKind;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.driver.testkit.DriverContext;

class LoopbackSystemTest {

    private static HardwareInfo arm(Map<String, String> parameters) {
        ComponentInfo joint1 = new ComponentInfo("joint1", ComponentKind.JOINT, List.of(InterfaceInfo.of("position")),
                List.of(InterfaceInfo.of("position"), InterfaceInfo.of("velocity")), Map.of());
        return new HardwareInfo("arm", HardwareType.SYSTEM, LoopbackSystemFactory.PLUGIN, parameters, List.of(joint1),
                List.of(), List.of(), 0, null);
    }

    @Test
    void theJointFollowsItsCommandAtMostAtItsVelocityLimit() {
        DriverContext context = new DriverContext(arm(Map.of("max_velocity", "2.0")));
        HardwareComponent arm = new LoopbackSystemFactory().create(context.info());
        assertEquals(CallbackReturn.SUCCESS, arm.onInit(context));
        context.initialized();
        assertEquals(CallbackReturn.SUCCESS, arm.onActivate(LifecycleState.INACTIVE));
        context.setCommand("joint1/position", 1.0);
        for (int cycle = 0; cycle < 10; cycle++) {
            arm.read(cycle * 0.01, 0.01);
            arm.write(cycle * 0.01, 0.01);
        }
        assertEquals(0.2, context.stateValue("joint1/position"), 1e-12, "2 rad/s for 0.1 s");
        assertEquals(2.0, context.stateValue("joint1/velocity"), 1e-9);
    }

    @Test
    void aVelocityLimitThatIsNotPositiveIsRefusedWithTheParameterNamed() {
        DriverContext context = new DriverContext(arm(Map.of("max_velocity", "-1")));
        HardwareComponent arm = new LoopbackSystemFactory().create(context.info());
        assertEquals(CallbackReturn.ERROR, arm.onInit(context));
        assertEquals("hardware parameter 'max_velocity' must be a finite value > 0, got -1.0", arm.lastError());
    }
}
