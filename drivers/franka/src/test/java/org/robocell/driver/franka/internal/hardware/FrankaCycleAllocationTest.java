package org.robocell.driver.franka.internal.hardware;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.driver.franka.emulator.FrankaEmulatorConfig;
import org.robocell.driver.franka.protocol.ProtocolVersion;

/**
 * The loop's part of the driver, {@code read} then {@code write} with a motion running, allocates nothing, the
 * model's {@code robot_model/*} interfaces included.
 */
class FrankaCycleAllocationTest {

    @ParameterizedTest
    @ValueSource(strings = { "position", "velocity", "effort" })
    void readAndWriteAllocateNothing(String kind) throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of("limit_rate", "true")).active()
                .claiming(kind)) {
            // read computes the model too (robot_model defaults to true): mass, Coriolis, gravity, 3 frames
            org.junit.jupiter.api.Assertions.assertTrue(rig.context.hasStateInterface("fr3/robot_model/mass_48"));
            double[] command = kind.equals("position") ? FrankaEmulatorConfig.readyPose() : new double[7];
            rig.command(kind, command);
            rig.cycles(200); // warm up: the JIT, the sockets' cached buffers
            long bytes = AllocationMeter.fewestBytes(attempt -> {
                rig.robot.step();
                rig.awaitDelivery();
                long[] result = new long[1];
                long b = AllocationMeter.bytesOf(() -> {
                    ReturnType r = rig.driver.read(0, 1e-3);
                    ReturnType w = rig.driver.write(0, 1e-3);
                    result[0] = r == ReturnType.OK && w == ReturnType.OK ? 1 : 0;
                });
                assertEquals(1, result[0], rig.driver.lastError());
                return b;
            });
            assertEquals(0, bytes, "bytes allocated by one read + write");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "pose", "pose+elbow", "twist", "twist+elbow" })
    void readAndWriteAllocateNothingInTheCartesianModes(String kind) throws Exception {
        List<String> claim = kind.startsWith("pose") ? FrankaCartesianInterfacesTest.POSE
                : FrankaCartesianInterfacesTest.TWIST;
        if (kind.endsWith("elbow")) {
            claim = FrankaCartesianInterfacesTest.plus(claim, FrankaCartesianInterfacesTest.ELBOW);
        }
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V10, Map.of("limit_rate", "true"), UnaryOperator.identity(),
                FrankaRig.cartesianGpios()).active().claiming(claim)) {
            rig.cycles(200);
            long bytes = AllocationMeter.fewestBytes(attempt -> {
                rig.robot.step();
                rig.awaitDelivery();
                long[] result = new long[1];
                long b = AllocationMeter.bytesOf(() -> {
                    ReturnType r = rig.driver.read(0, 1e-3);
                    ReturnType w = rig.driver.write(0, 1e-3);
                    result[0] = r == ReturnType.OK && w == ReturnType.OK ? 1 : 0;
                });
                assertEquals(1, result[0], rig.driver.lastError());
                return b;
            });
            assertEquals(0, bytes, "bytes allocated by one read + write");
        }
    }
}
