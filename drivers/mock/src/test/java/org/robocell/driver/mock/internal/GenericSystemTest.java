package org.robocell.driver.mock.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.ComponentKind;
import org.robocell.api.hardware.DataType;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.hardware.TransmissionInfo;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.testkit.DriverContext;

/** mock_components/GenericSystem as ros2_control documents it (hardware_interface/src/mock_components/generic_system.cpp, doc/mock_components_userdoc.rst), minus two upstream bugs. */
class GenericSystemTest {

    private static final double PERIOD = 0.01;

    /** Beside a robot on its own clock (the default cell's force/torque sensor beside the FR3) the mock sets no pace. */
    @Test
    void itsReadAnswersAtOnceAndPacesNoLoop() {
        assertFalse(new GenericSystem().readWaitsForRobot());
    }

    @Test
    void aPositionCommandBecomesThePositionStateAtTheNextRead() {
        DriverContext ctx = start(robot(Map.of(), "joint1", "joint2"));
        GenericSystem mock = mockOn(ctx);
        ctx.setCommand("joint1/position", 1.0);
        assertEquals(0.0, ctx.stateValue("joint1/position"), "nothing moves before read()");
        assertEquals(ReturnType.OK, mock.write(0, PERIOD));
        assertEquals(0.0, ctx.stateValue("joint1/position"), "write() does not mirror");
        assertEquals(ReturnType.OK, mock.read(PERIOD, PERIOD));
        assertEquals(1.0, ctx.stateValue("joint1/position"));
        assertEquals(0.0, ctx.stateValue("joint2/position"), "a NaN command leaves the state as it was");
    }

    /** ros2_control_demos example 8's shape: joint1 behind a 2:1 reducer, joint2 behind a 4:1 one. */
    @Test
    void theActuatorsBehindTransmissionsReportWhatTheJointStatesMeanForThem() {
        HardwareInfo plain = robot(Map.of(), "joint1", "joint2");
        HardwareInfo info = new HardwareInfo("mock", HardwareType.SYSTEM, GenericSystemFactory.PLUGIN, Map.of(),
                plain.joints(), List.of(), List.of(), 0, null, List.of(
                        new TransmissionInfo("transmission1", "transmission_interface/SimpleTransmission",
                                List.of(new TransmissionInfo.Side("joint1", "joint1", 2.0, 0.0)),
                                List.of(new TransmissionInfo.Side("actuator1", "actuator1", 1.0, 0.0)), Map.of()),
                        new TransmissionInfo("transmission2", "transmission_interface/SimpleTransmission",
                                List.of(new TransmissionInfo.Side("joint2", "joint2", 4.0, 0.0)),
                                List.of(new TransmissionInfo.Side("actuator2", "actuator2", 1.0, 0.0)), Map.of())));
        DriverContext ctx = start(info);
        GenericSystem mock = mockOn(ctx);
        ctx.setCommand("joint1/position", 0.5);
        ctx.setCommand("joint2/position", -0.25);
        mock.read(PERIOD, PERIOD);

        assertEquals(1.0, ctx.stateValue("actuator1/position"), 1e-12, "the motor turns twice as far as the joint");
        assertEquals(-1.0, ctx.stateValue("actuator2/position"), 1e-12);
        assertEquals(0.0, ctx.stateValue("actuator1/velocity"), 1e-12);
        assertTrue(!ctx.hasStateInterface("actuator1/effort"), "the joints report no effort, so neither do the motors");
    }

    @Test
    void theFollowingOffsetIsAddedToThePositionState() {
        DriverContext ctx = start(robot(Map.of(GenericSystem.FOLLOWING_OFFSET, "-0.1"), "joint1"));
        GenericSystem mock = mockOn(ctx);
        assertEquals(-0.1, ctx.stateValue("joint1/position"), 1e-12, "offset applied from configure on");
        ctx.setCommand("joint1/position", 1.0);
        mock.read(PERIOD, PERIOD);
        assertEquals(0.9, ctx.stateValue("joint1/position"), 1e-12);
    }

    @Test
    void aCustomInterfaceCarriesTheOffsetInsteadOfThePosition() {
        HardwareInfo info = hardware(Map.of(GenericSystem.FOLLOWING_OFFSET, "0.5",
                GenericSystem.CUSTOM_OFFSET_INTERFACE, "actual_position"),
                List.of(joint("joint1", List.of("position"), List.of("position", "velocity", "actual_position"))));
        DriverContext ctx = start(info);
        GenericSystem mock = mockOn(ctx);
        ctx.setCommand("joint1/position", 2.0);
        mock.read(PERIOD, PERIOD);
        assertEquals(2.0, ctx.stateValue("joint1/position"));
        assertEquals(2.5, ctx.stateValue("joint1/actual_position"), 1e-12);
    }

    @Test
    void statesWithoutInitialValueStartAtZeroAndDeclaredInitialValuesAreKept() {
        HardwareInfo info = hardware(Map.of(), List.of(new ComponentInfo("joint1", ComponentKind.JOINT,
                List.of(InterfaceInfo.of("position")),
                List.of(initial("position", 3.45), InterfaceInfo.of("velocity")), Map.of())));
        DriverContext ctx = start(info);
        assertEquals(3.45, ctx.stateValue("joint1/position"));
        assertEquals(0.0, ctx.stateValue("joint1/velocity"));
    }

    @Test
    void mirroredInterfacesCopyFiniteValuesIgnoreNaNAndFailOnInfinity() {
        DriverContext ctx = start(robot(Map.of(), "joint1"));
        GenericSystem mock = mockOn(ctx);
        ctx.setCommand("joint1/velocity", 0.25);
        assertEquals(ReturnType.OK, mock.read(PERIOD, PERIOD));
        assertEquals(0.25, ctx.stateValue("joint1/velocity"));
        ctx.setCommand("joint1/velocity", Double.NaN);
        assertEquals(ReturnType.OK, mock.read(PERIOD, PERIOD));
        assertEquals(0.25, ctx.stateValue("joint1/velocity"));
        ctx.setCommand("joint1/velocity", Double.POSITIVE_INFINITY);
        assertEquals(ReturnType.ERROR, mock.read(PERIOD, PERIOD));
    }

    @Test
    void anInfinitePositionCommandIsIgnoredNotMirrored() {
        DriverContext ctx = start(robot(Map.of(), "joint1"));
        GenericSystem mock = mockOn(ctx);
        ctx.setCommand("joint1/position", Double.NEGATIVE_INFINITY);
        assertEquals(ReturnType.OK, mock.read(PERIOD, PERIOD));
        assertEquals(0.0, ctx.stateValue("joint1/position"));
    }

    @Test
    void velocityModeIntegratesThePosition() {
        DriverContext ctx = start(robot(Map.of(GenericSystem.CALCULATE_DYNAMICS, "true"), "joint1"));
        GenericSystem mock = mockOn(ctx);
        assertEquals(ReturnType.OK, mock.prepareCommandModeSwitch(List.of("joint1/velocity"), List.of()));
        assertEquals(ReturnType.OK, mock.performCommandModeSwitch(List.of("joint1/velocity"), List.of()));
        ctx.setCommand("joint1/velocity", 0.5);
        for (int i = 1; i <= 4; i++) {
            mock.read(i * PERIOD, PERIOD);
            assertEquals(0.005 * i, ctx.stateValue("joint1/position"), 1e-12, "after read " + i);
            assertEquals(0.5, ctx.stateValue("joint1/velocity"), 1e-12);
        }
    }

    @Test
    void positionModeWithDynamicsDerivesVelocityAndAcceleration() {
        DriverContext ctx = start(robot(Map.of(GenericSystem.CALCULATE_DYNAMICS, "true"), "joint1"));
        GenericSystem mock = mockOn(ctx);
        ctx.setCommand("joint1/position", 0.01);
        mock.read(PERIOD, PERIOD);
        assertEquals(1.0, ctx.stateValue("joint1/velocity"), 1e-9);
        assertEquals(100.0, ctx.stateValue("joint1/acceleration"), 1e-6);
        mock.read(2 * PERIOD, PERIOD);
        assertEquals(0.0, ctx.stateValue("joint1/velocity"), 1e-9);
        assertEquals(-100.0, ctx.stateValue("joint1/acceleration"), 1e-6);
    }

    @Test
    void accelerationModeIntegratesTwice() {
        DriverContext ctx = start(robot(Map.of(GenericSystem.CALCULATE_DYNAMICS, "true"), "joint1"));
        GenericSystem mock = mockOn(ctx);
        mock.performCommandModeSwitch(List.of("joint1/acceleration"), List.of());
        ctx.setCommand("joint1/acceleration", 2.0);
        mock.read(PERIOD, PERIOD);
        assertEquals(0.02, ctx.stateValue("joint1/velocity"), 1e-12);
        assertEquals(0.0002, ctx.stateValue("joint1/position"), 1e-12);
    }

    @Test
    void theOffsetIsKeptInVelocityModeWithoutDrifting() {
        DriverContext ctx = start(robot(Map.of(GenericSystem.CALCULATE_DYNAMICS, "true",
                GenericSystem.FOLLOWING_OFFSET, "0.1"), "joint1"));
        GenericSystem mock = mockOn(ctx);
        mock.performCommandModeSwitch(List.of("joint1/velocity"), List.of());
        ctx.setCommand("joint1/velocity", 0.0);
        for (int i = 0; i < 10; i++) {
            mock.read(i * PERIOD, PERIOD);
        }
        assertEquals(0.1, ctx.stateValue("joint1/position"), 1e-12, "the offset stays, once");
        ctx.setCommand("joint1/velocity", Double.NaN);
        mock.read(PERIOD, PERIOD);
        assertEquals(0.1, ctx.stateValue("joint1/position"), 1e-12, "a NaN velocity neither moves nor adds the offset again");
    }

    @Test
    void startingPositionAndVelocityOfOneJointTogetherIsRejected() {
        DriverContext ctx = start(robot(Map.of(GenericSystem.CALCULATE_DYNAMICS, "true"), "joint1"));
        GenericSystem mock = mockOn(ctx);
        assertEquals(ReturnType.ERROR, mock.prepareCommandModeSwitch(
                List.of("joint1/position", "joint1/velocity"), List.of()));
    }

    @Test
    void modeSwitchesMatchJointsByExactNameNotBySubstring() {
        DriverContext ctx = start(robot(Map.of(GenericSystem.CALCULATE_DYNAMICS, "true"), "joint1", "joint10"));
        GenericSystem mock = mockOn(ctx);
        assertEquals(ReturnType.OK, mock.prepareCommandModeSwitch(
                List.of("joint1/position", "joint10/velocity"), List.of()), "two joints, one mode each");
        mock.performCommandModeSwitch(List.of("joint10/velocity"), List.of());
        ctx.setCommand("joint1/position", 0.3);
        ctx.setCommand("joint10/velocity", 1.0);
        mock.read(PERIOD, PERIOD);
        assertEquals(0.3, ctx.stateValue("joint1/position"), 1e-12, "joint1 stays in position mode");
        assertEquals(0.01, ctx.stateValue("joint10/position"), 1e-12, "joint10 integrates its velocity");
    }

    @Test
    void mockSensorCommandsAreExportedAndMirrored() {
        ComponentInfo fts = new ComponentInfo("fts", ComponentKind.SENSOR, List.of(),
                List.of(InterfaceInfo.of("force.x"), InterfaceInfo.of("force.y")), Map.of());
        HardwareInfo info = new HardwareInfo("rig", HardwareType.SYSTEM, GenericSystemFactory.PLUGIN,
                Map.of(GenericSystem.MOCK_SENSOR_COMMANDS, "true"), List.of(), List.of(fts), List.of(), 0, null);
        DriverContext ctx = new DriverContext(info);
        GenericSystem mock = new GenericSystem();
        mock.onInit(ctx);
        mock.onConfigure(LifecycleState.UNCONFIGURED);
        assertTrue(ctx.hasCommandInterface("fts/force.x"), "a command named like each sensor state");
        ctx.setCommand("fts/force.x", 5.0);
        mock.read(PERIOD, PERIOD);
        assertEquals(5.0, ctx.stateValue("fts/force.x"));
    }

    @Test
    void gpioCommandsAreMirroredAndMockGpioCommandsAreExportedForStateOnlyGpios() {
        ComponentInfo vacuum = new ComponentInfo("flange_vacuum", ComponentKind.GPIO,
                List.of(new InterfaceInfo("vacuum", DataType.BOOL, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NaN, true, Map.of())),
                List.of(new InterfaceInfo("vacuum", DataType.BOOL, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NaN, true, Map.of()),
                        InterfaceInfo.of("pressure")), Map.of());
        HardwareInfo info = new HardwareInfo("rig", HardwareType.SYSTEM, GenericSystemFactory.PLUGIN,
                Map.of(GenericSystem.MOCK_GPIO_COMMANDS, "true"), List.of(), List.of(), List.of(vacuum), 0, null);
        DriverContext ctx = new DriverContext(info);
        GenericSystem mock = new GenericSystem();
        mock.onInit(ctx);
        mock.onConfigure(LifecycleState.UNCONFIGURED);
        assertEquals(0.0, ctx.stateValue("flange_vacuum/vacuum"), "bool starts false");
        ctx.setCommand("flange_vacuum/vacuum", 1.0);
        ctx.setCommand("flange_vacuum/pressure", 0.8);
        mock.read(PERIOD, PERIOD);
        assertEquals(1.0, ctx.stateValue("flange_vacuum/vacuum"));
        assertEquals(0.8, ctx.stateValue("flange_vacuum/pressure"));
    }

    @Test
    void disabledCommandsNeverChangeAState() {
        DriverContext ctx = start(robot(Map.of(GenericSystem.DISABLE_COMMANDS, "true"), "joint1"));
        GenericSystem mock = mockOn(ctx);
        ctx.setCommand("joint1/position", 1.0);
        ctx.setCommand("joint1/velocity", 1.0);
        mock.read(PERIOD, PERIOD);
        assertEquals(0.0, ctx.stateValue("joint1/position"));
        assertEquals(0.0, ctx.stateValue("joint1/velocity"));
    }

    @Test
    void aMimicJointFollowsTheJointItMimics() {
        ComponentInfo finger = joint("finger1", List.of("position"), List.of("position", "velocity"));
        ComponentInfo mimic = new ComponentInfo("finger2", ComponentKind.JOINT, List.of(),
                List.of(InterfaceInfo.of("position"), InterfaceInfo.of("velocity")),
                Map.of(ComponentInfo.MIMIC_JOINT, "finger1", ComponentInfo.MIMIC_MULTIPLIER, "-2",
                        ComponentInfo.MIMIC_OFFSET, "0.1"));
        DriverContext ctx = start(hardware(Map.of(), List.of(finger, mimic)));
        GenericSystem mock = mockOn(ctx);
        ctx.setCommand("finger1/position", 0.02);
        mock.read(PERIOD, PERIOD);
        assertEquals(0.1 - 0.04, ctx.stateValue("finger2/position"), 1e-12);
    }

    @Test
    void readingAllocatesNothing() {
        assertReadingAllocatesNothing(robot(Map.of(GenericSystem.CALCULATE_DYNAMICS, "true"),
                "j1", "j2", "j3", "j4", "j5", "j6", "j7"));
    }

    /** The actuators behind the transmissions are mapped in the read, so that path must allocate nothing either. */
    @Test
    void readingWithTransmissionsAllocatesNothing() {
        HardwareInfo plain = robot(Map.of(GenericSystem.CALCULATE_DYNAMICS, "true"), "j1", "j2", "j3");
        TransmissionInfo.Side a1 = new TransmissionInfo.Side("a1", "actuator1", 3.0, 0.0);
        TransmissionInfo.Side a2 = new TransmissionInfo.Side("a2", "actuator2", 5.0, 0.0);
        assertReadingAllocatesNothing(new HardwareInfo("mock", HardwareType.SYSTEM, GenericSystemFactory.PLUGIN,
                plain.parameters(), plain.joints(), List.of(), List.of(), 0, null, List.of(
                        new TransmissionInfo("simple", "transmission_interface/SimpleTransmission",
                                List.of(new TransmissionInfo.Side("j1", "joint1", 2.0, 0.1)), List.of(), Map.of()),
                        new TransmissionInfo("wrist", "transmission_interface/DifferentialTransmission",
                                List.of(new TransmissionInfo.Side("j2", "joint1", 1.0, 0.0),
                                        new TransmissionInfo.Side("j3", "joint2", 1.0, 0.0)),
                                List.of(a1, a2), Map.of()))));
    }

    private static void assertReadingAllocatesNothing(HardwareInfo info) {
        DriverContext ctx = start(info);
        GenericSystem mock = mockOn(ctx);
        List<String> velocity = List.of("j1/velocity");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long smallest = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 20 && smallest > 0; attempt++) {
            cycles(mock, ctx, velocity, 20_000);
            long before = threads.getThreadAllocatedBytes(tid);
            cycles(mock, ctx, velocity, 100_000);
            smallest = Math.min(smallest, threads.getThreadAllocatedBytes(tid) - before);
        }
        assertEquals(0, smallest, "bytes allocated by 100 000 read/write/mode-switch cycles");
    }

    private static void cycles(GenericSystem mock, DriverContext ctx, List<String> start, int n) {
        for (int i = 0; i < n; i++) {
            ctx.setCommand("j2/position", i * 1e-6);
            mock.read(i * PERIOD, PERIOD);
            mock.write(i * PERIOD, PERIOD);
            if (i % 1000 == 0) {
                mock.performCommandModeSwitch(start, List.of());
            }
        }
    }

    private static final Map<DriverContext, GenericSystem> MOCKS = new HashMap<>();

    private static GenericSystem mockOn(DriverContext ctx) {
        return MOCKS.get(ctx);
    }

    /** Creates the mock for a description and takes it through init and configure, as the resource manager does. */
    private static DriverContext start(HardwareInfo info) {
        DriverContext ctx = new DriverContext(info);
        GenericSystem mock = new GenericSystem();
        assertEquals(CallbackReturn.SUCCESS, mock.onInit(ctx));
        assertEquals(CallbackReturn.SUCCESS, mock.onConfigure(LifecycleState.UNCONFIGURED));
        MOCKS.put(ctx, mock);
        return ctx;
    }

    private static HardwareInfo robot(Map<String, String> params, String... joints) {
        List<ComponentInfo> list = new ArrayList<>();
        for (String j : joints) {
            list.add(joint(j, List.of("position", "velocity", "acceleration"), List.of("position", "velocity", "acceleration")));
        }
        return hardware(params, list);
    }

    private static HardwareInfo hardware(Map<String, String> params, List<ComponentInfo> joints) {
        return new HardwareInfo("mock", HardwareType.SYSTEM, GenericSystemFactory.PLUGIN, params, joints,
                List.of(), List.of(), 0, null);
    }

    private static ComponentInfo joint(String name, List<String> commands, List<String> states) {
        return new ComponentInfo(name, ComponentKind.JOINT, commands.stream().map(InterfaceInfo::of).toList(),
                states.stream().map(InterfaceInfo::of).toList(), Map.of());
    }

    private static InterfaceInfo initial(String name, double value) {
        return new InterfaceInfo(name, DataType.DOUBLE, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, value, true, Map.of());
    }
}
