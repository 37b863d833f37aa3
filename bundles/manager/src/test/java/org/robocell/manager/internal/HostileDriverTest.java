package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.hardware.CommandInterfaceHandle;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.ComponentKind;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareContext;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.hardware.InterfaceSlots;
import org.robocell.api.hardware.StateInterfaceHandle;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * A driver reaches its own interfaces and nothing else: not another component's states, not the controllers' commands
 * or references, not the loop's slot table; and it exports interfaces only while it initializes.
 */
class HostileDriverTest {

    /** A driver that tries every way into what is not its own, and writes garbage into everything it may hold. */
    static final class HostileDriver implements HardwareComponent {
        final List<String> refused = new ArrayList<>();
        HardwareContext context;
        StateInterfaceHandle own;

        @Override
        public CallbackReturn onInit(HardwareContext ctx) {
            context = ctx;
            own = ctx.state("evil1/position");
            attempt("another component's state", () -> ctx.state("joint1/position"));
            attempt("another component's command", () -> ctx.command("joint1/position"));
            attempt("a controller's reference", () -> ctx.command("pid/joint1/position"));
            attempt("a name another component exports", () -> ctx.exportStateInterface("joint1/position",
                    InterfaceInfo.of("position")));
            return CallbackReturn.SUCCESS;
        }

        void attempt(String what, Runnable r) {
            try {
                r.run();
            } catch (IllegalArgumentException | IllegalStateException e) {
                refused.add(what);
            }
        }

        @Override
        public ReturnType read(double time, double period) {
            own.set(666.0);
            return ReturnType.OK;
        }

        @Override
        public ReturnType write(double time, double period) {
            return ReturnType.OK;
        }
    }

    @Test
    void aHostileDriverCannotReachAnotherComponentsInterfacesNorExportOnceInitialized() {
        Rig rig = Rig.withArm(1);
        HostileDriver evil = new HostileDriver();
        ComponentInfo joint = new ComponentInfo("evil1", ComponentKind.JOINT, List.of(InterfaceInfo.of("position")),
                List.of(InterfaceInfo.of("position")), Map.of());
        rig.loop.addHardware(new HardwareInfo("evil", HardwareType.SYSTEM, "test/Hostile", Map.of(), List.of(joint),
                List.of(), List.of(), 0, null), evil);
        assertEquals(List.of("another component's state", "another component's command", "a controller's reference",
                "a name another component exports"), evil.refused);
        evil.attempt("an export after onInit",
                () -> evil.context.exportStateInterface("evil1/extra", InterfaceInfo.of("extra")));
        assertEquals(5, evil.refused.size(), "exports are for onInit only");

        rig.setHardware("arm", LifecycleState.ACTIVE);
        rig.setHardware("evil", LifecycleState.ACTIVE);
        rig.step(5);
        assertEquals(666.0, rig.slot("evil1/position", false), "its own state, written");
        assertEquals(0.0, rig.slot("joint1/position", false), "the arm's state, untouched");
    }

    @Test
    void noDriverFacingTypeHandsOutTheLoopsSlotTable() {
        for (Class<?> type : List.of(HardwareContext.class, StateInterfaceHandle.class, CommandInterfaceHandle.class,
                HardwareInfo.class, ComponentInfo.class, StateHandle.class, CommandHandle.class)) {
            for (Method m : type.getMethods()) {
                assertTrue(m.getReturnType() != InterfaceSlots.class, type.getSimpleName() + "." + m.getName()
                        + " returns the slot table");
            }
        }
        assertTrue(Arrays.stream(HardwareContext.class.getMethods()).noneMatch(m -> m.getReturnType() == int.class),
                "no raw slot indices either");
    }
}
