package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.controller.Loans;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.ComponentKind;
import org.robocell.api.hardware.DataType;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.api.model.JointLimits;

/**
 * Nothing moves that was not commanded, whatever a controller writes: position commands move at most the velocity
 * limit's step per cycle, every activation (of a controller, or of the hardware under active controllers) starts
 * from the measured state, and a controller that stalls the loop is taken out.
 */
class MotionSafetyTest {

    /**
     * The execution budget of the budget tests, and the overruns three times as long: margins a loaded machine's
     * stalls do not reach, so that only the spinning calls overrun.
     */
    private static final long BUDGET = 50_000_000L;

    /** 100 Hz and 1 rad/s: a position command may move 0.01 rad per cycle. */
    private static final double STEP = 0.01;

    /** One joint, position range [-2, 2], velocity limit 1 rad/s; a position command and position state. */
    static HardwareInfo limitedArm() {
        ComponentInfo joint = new ComponentInfo("joint1", ComponentKind.JOINT,
                List.of(new InterfaceInfo("position", DataType.DOUBLE, -2.0, 2.0, Double.NaN, true, Map.of())),
                List.of(new InterfaceInfo("position", DataType.DOUBLE, Double.NEGATIVE_INFINITY,
                        Double.POSITIVE_INFINITY, 0.0, true, Map.of())),
                Map.of(), new JointLimits(-2.0, 2.0, 1.0, 10.0), null);
        return new HardwareInfo("arm", HardwareType.SYSTEM, "test/FakeSystem", Map.of(), List.of(joint), List.of(),
                List.of(), 0, null);
    }

    private static Rig rig(boolean allowInactive) {
        Rig rig = new Rig(100, 64, allowInactive, System::nanoTime);
        rig.addHardware(limitedArm());
        return rig;
    }

    private static List<Double> written(Rig rig, int cycles) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < cycles; i++) {
            rig.step();
            out.add(rig.hw("arm").written("joint1/position"));
        }
        return out;
    }

    @Test
    void aControllerWritingTheHoldPlusOneRadianMovesTheJointOneLimitedStepPerCycle() {
        Rig rig = rig(false);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        TestController jump = rig.controller("jump", List.of("joint1/position"), List.of());
        jump.output = 1.0;
        rig.loadAndConfigure("jump");
        rig.activate("jump");
        double previous = rig.hw("arm").written("joint1/position");
        assertEquals(STEP, previous, 1e-12, "the first write after the activation: one step from where the joint was");
        for (double w : written(rig, 49)) {
            assertTrue(w - previous <= STEP + 1e-12, "moved " + (w - previous) + " rad in one cycle");
            previous = w;
        }
        assertEquals(0.5, previous, 1e-9, "it gets there at the velocity limit: 50 steps of 0.01");
        assertTrue(rig.cm.stats().clampedCommands() > 0, "limited commands are counted");
    }

    @Test
    void aHugeOrNonFiniteCommandIsLimitedNotPassedOn() {
        Rig rig = rig(false);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        TestController jump = rig.controller("jump", List.of("joint1/position"), List.of());
        jump.output = 1e308;
        rig.loadAndConfigure("jump");
        rig.activate("jump");
        List<Double> w = new ArrayList<>(List.of(rig.hw("arm").written("joint1/position")));
        w.addAll(written(rig, 2));
        assertEquals(List.of(STEP, 2 * STEP, 3 * STEP), round(w));
        jump.output = Double.POSITIVE_INFINITY;
        assertEquals(3 * STEP, round(written(rig, 1)).get(0), "infinity: the last valid command holds");
        jump.output = -1e308;
        assertEquals(2 * STEP, round(written(rig, 1)).get(0), "back down, one step");
    }

    private static List<Double> round(List<Double> values) {
        return values.stream().map(v -> Math.round(v * 1e9) / 1e9).toList();
    }

    @Test
    void aControllerActivatedAfterTheRobotMovedStartsWhereTheRobotIsNotWhereTheLastCommandWas() {
        Rig rig = rig(false);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        FakeSystem arm = rig.hw("arm");
        TestController first = rig.controller("first", List.of("joint1/position"), List.of());
        first.output = 0.05;
        rig.loadAndConfigure("first");
        rig.activate("first");
        written(rig, 10);
        assertEquals(0.05, arm.written("joint1/position"), 1e-12);
        rig.switchNow(List.of(), List.of("first"), org.robocell.api.cell.Strictness.STRICT);
        // the robot is moved by hand while nobody commands it: the command slot still says 0.05
        arm.mirror = false;
        arm.mirroredStateSlots[0].set(0.8);
        TestController quiet = rig.controller("quiet", List.of("joint1/position"), List.of());
        quiet.output = Double.NaN; // commands nothing yet
        rig.loadAndConfigure("quiet");
        rig.activate("quiet");
        for (double w : written(rig, 5)) {
            assertEquals(0.8, w, 1e-12, "the measured position, not the previous session's command");
        }
    }

    @Test
    void hardwareActivatedUnderActiveControllersRestartsThemFromTheStateMeasuredAfterItsActivation() {
        Rig rig = rig(true);
        rig.setHardware("arm", LifecycleState.INACTIVE);
        FakeSystem arm = rig.hw("arm");
        arm.mirror = false;
        HoldingController hold = rig.declare("hold", new HoldingController(rig.log));
        rig.loadAndConfigure("hold");
        rig.activate("hold");
        rig.step();
        assertEquals(0.0, hold.held, "active on the inactive hardware, holding what it measured");
        // the robot moves while the hardware is inactive (RSI off, robot jogged)
        arm.mirroredStateSlots[0].set(0.7);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        List<Double> w = written(rig, 3);
        assertEquals(List.of(0.7, 0.7, 0.7), w, "restarted on the new measurement: no travel back to 0.0");
        assertEquals(2, hold.calls("onActivate"));
        assertEquals(1, hold.calls("onDeactivate"));
    }

    @Test
    void aControllerThatOverrunsItsBudgetRepeatedlyIsTakenOutAndItsCommandsHold() {
        Rig rig = new Rig(new org.robocell.manager.LoopConfig("test", 100, ClockKind.STEPPED,
                org.robocell.manager.IdleStrategy.SLEEP, 64, false, 100).withBudget(BUDGET, 3));
        rig.addHardware(limitedArm());
        rig.setHardware("arm", LifecycleState.ACTIVE);
        TestController slow = rig.controller("slow", List.of("joint1/position"), List.of());
        slow.output = 0.005;
        rig.loadAndConfigure("slow");
        rig.activate("slow");
        rig.step();
        slow.spinNanos = 3 * BUDGET; // each update now takes three times its budget
        rig.step();
        rig.step();
        assertEquals(LifecycleState.ACTIVE, rig.state("slow"), "two overruns in a row are reported, not punished");
        rig.step();
        ControllerSnapshot s = rig.cm.controller("slow").orElseThrow();
        assertEquals(LifecycleState.INACTIVE, s.state(), "the third in a row takes it out");
        assertEquals(Fault.BUDGET_OVERRUN, s.fault());
        assertEquals(3, s.budgetOverruns());
        assertTrue(s.lastError().contains("execution budget of 50000 µs"), s.lastError());
        rig.step();
        assertEquals(0.005, rig.hw("arm").written("joint1/position"), 1e-12, "its command holds the measured position");
    }

    @Test
    void singleOverrunsAreCountedButNeverPunished() {
        Rig rig = new Rig(new org.robocell.manager.LoopConfig("test", 100, ClockKind.STEPPED,
                org.robocell.manager.IdleStrategy.SLEEP, 64, false, 100).withBudget(BUDGET, 3));
        rig.addHardware(limitedArm());
        rig.setHardware("arm", LifecycleState.ACTIVE);
        TestController jittery = rig.controller("jittery", List.of("joint1/position"), List.of());
        rig.loadAndConfigure("jittery");
        rig.activate("jittery");
        for (int i = 0; i < 6; i++) {
            jittery.spinNanos = i % 2 == 0 ? 3 * BUDGET : 0;
            rig.step();
        }
        ControllerSnapshot s = rig.cm.controller("jittery").orElseThrow();
        assertEquals(LifecycleState.ACTIVE, s.state());
        assertEquals(3, s.budgetOverruns());
        assertEquals(Fault.NONE, s.fault());
    }

    @Test
    void aComponentWhoseWriteOverrunsItsBudgetRepeatedlyGoesThroughErrorHandling() {
        Rig rig = new Rig(new org.robocell.manager.LoopConfig("test", 100, ClockKind.STEPPED,
                org.robocell.manager.IdleStrategy.SLEEP, 64, false, 100).withBudget(BUDGET, 2));
        rig.addHardware(limitedArm());
        rig.setHardware("arm", LifecycleState.ACTIVE);
        FakeSystem arm = rig.hw("arm");
        arm.writeSpinNanos = 3 * BUDGET;
        rig.step();
        rig.step();
        var hw = rig.cm.hardware("arm").orElseThrow();
        assertEquals(LifecycleState.UNCONFIGURED, hw.state(), "onError answered SUCCESS: back to unconfigured");
        assertEquals(Fault.BUDGET_OVERRUN, hw.fault());
        assertTrue(hw.lastError().contains("execution budget"), hw.lastError());
    }

    /** Holds, every update, the position it measured when it was activated (what a trajectory controller does). */
    static final class HoldingController extends TestController {
        double held = Double.NaN;

        HoldingController(List<String> log) {
            super("hold", log, List.of("joint1/position"), List.of("joint1/position"));
        }

        @Override
        public CallbackReturn onActivate(Loans loans) {
            CallbackReturn r = super.onActivate(loans);
            held = stateHandles[0].get();
            return r;
        }

        @Override
        public ReturnType update(double time, double period) {
            commandHandles[0].set(held);
            return ReturnType.OK;
        }
    }
}
