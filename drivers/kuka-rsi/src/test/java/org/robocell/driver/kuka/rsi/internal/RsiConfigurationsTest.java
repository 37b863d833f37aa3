package org.robocell.driver.kuka.rsi.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.kuka.rsi.protocol.CorrectionMode;
import org.robocell.driver.kuka.rsi.protocol.RsiChannelMap;

/** Driver and emulator on loopback with the other public configuration, external axes and #RELATIVE correction. */
class RsiConfigurationsTest {

    private static final String[] EIGHT = { "joint_a1", "joint_a2", "joint_a3", "joint_a4", "joint_a5", "joint_a6",
            "rail", "turntable" };

    @Test
    void externalAxesAreTheJointsAfterTheRobotAxesAndTravelAsEIposAndEk() throws Exception {
        RsiChannelMap map = RsiChannelMap.defaults().withExternalAxes(2, "EIPos", "EK");
        try (RsiRig rig = new RsiRig(Map.of("rsi_external_axes", "2"), EIGHT).active(c -> c
                .withChannelsAndExternalAxes(map).withStartAxesDegrees(0, -90, 90, 0, 90, 0, 10, -20)
                .withTimeoutCount(Integer.MAX_VALUE))) {
            assertEquals(Math.toRadians(10), rig.state("rail/position"), 1e-9, "E1 from EIPos");
            assertEquals(Math.toRadians(-20), rig.state("turntable/position"), 1e-9, "E2 from EIPos");
            for (int i = 1; i <= 200; i++) {
                rig.context.setCommand("turntable/position", Math.toRadians(-20 + 5.0 * i / 200));
                assertEquals(ReturnType.OK, rig.cycle());
            }
            assertEquals(200, rig.run(200));
            assertArrayEquals(new double[] { 0, -90, 90, 0, 90, 0, 10, -15 }, rig.robot.axisDegrees(), 1e-6,
                    "the turntable moved by 5 deg, nothing else");
            assertEquals(Math.toRadians(-15), rig.state("turntable/position"), 1e-6);
        }
    }

    @Test
    void aLinearExternalAxisTravelsInMillimetresAndReadsInMetres() throws Exception {
        RsiChannelMap map = RsiChannelMap.defaults().withExternalAxes(2, "EIPos", "EK");
        String[] withRail = EIGHT.clone();
        withRail[6] = "rail=prismatic";
        try (RsiRig rig = new RsiRig(Map.of("rsi_external_axes", "2"), withRail).active(c -> c
                .withChannelsAndExternalAxes(map).withStartAxesDegrees(0, -90, 90, 0, 90, 0, 1250, -20)
                .withTimeoutCount(Integer.MAX_VALUE))) {
            assertEquals(1.25, rig.state("rail/position"), 1e-12, "E1 at 1250 mm is 1.25 m");
            assertEquals(Math.toRadians(-20), rig.state("turntable/position"), 1e-9, "E2 a rotary axis in degrees");
            for (int i = 1; i <= 200; i++) {
                rig.context.setCommand("rail/position", 1.25 + 0.004 * i / 200);
                assertEquals(ReturnType.OK, rig.cycle());
            }
            assertEquals(200, rig.run(200));
            assertArrayEquals(new double[] { 0, -90, 90, 0, 90, 0, 1254, -20 }, rig.robot.axisDegrees(), 1e-6,
                    "the rail moved by 4 mm (a command of 4 mm read as degrees would be 229 deg), nothing else");
            assertEquals(1.254, rig.state("rail/position"), 1e-9);
        }
    }

    @Test
    void jointsBeyondSixWithoutExternalAxesAreRefusedNamingTheParameter() {
        try (RsiRig rig = new RsiRig(Map.of(), EIGHT)) {
            assertEquals(CallbackReturn.ERROR, rig.driver.onInit(rig.context));
            assertEquals("hardware 'kr6' has 8 joints and rsi_external_axes=0: an RSI robot has 1 to 6 axes (A1..A6)"
                    + " followed by 0 to 6 external axes (E1..E6)", rig.driver.lastError());
        }
    }

    @Test
    void incrementalCorrectionSendsEachCyclesIncrementAndTheRobotAddsThemUp() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("correction_mode", "incremental")).active(c -> c
                .withCorrectionMode(CorrectionMode.INCREMENTAL).withTimeoutCount(Integer.MAX_VALUE))) {
            double target = 0.1;
            for (int i = 1; i <= 400; i++) {
                rig.command("joint_a1", target * i / 400);
                assertEquals(ReturnType.OK, rig.cycle());
            }
            long lateDuringTheRamp = rig.robot.lateReplies();
            assertEquals(300, rig.run(300), "holding");
            assertEquals(0.0, rig.robot.lastCommand()[0], 1e-9, "holding still is an increment of 0");
            double reached = rig.robot.axisDegrees()[0];
            // the increments go on the wire with 6 decimals; their sum is kept, so the end is within one rounding
            assertTrue(reached <= Math.toDegrees(target) + 1e-6, "an increment the robot judged late is lost, never"
                    + " doubled: " + reached);
            if (lateDuringTheRamp == 0) {
                assertEquals(Math.toDegrees(target), reached, 1e-6);
                assertEquals(target, rig.state("joint_a1/position"), 1e-6);
            }
        }
    }

    @Test
    void theKukaExperimentalConfigurationRunsEndToEnd() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("rsi_configuration", "kuka_experimental")).active(c -> c
                .withChannels(RsiChannelMap.kukaExperimental(6)).withTimeoutCount(Integer.MAX_VALUE))) {
            for (int i = 1; i <= 200; i++) {
                rig.command("joint_a6", 0.05 * i / 200);
                assertEquals(ReturnType.OK, rig.cycle());
            }
            assertEquals(200, rig.run(200));
            assertEquals(Math.toDegrees(0.05), rig.robot.axisDegrees()[5], 1e-6);
            assertEquals(0, rig.robot.malformedReplies(), "ImFree replies without a stop flag are what it expects");
        }
    }
}
