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
    void aCartesianCorrectionMovesTheFlangeByItInTheBaseWithTheOrientationKept() throws Exception {
        RsiChannelMap map = RsiChannelMap.defaults().withCartesianCorrection("RKorr");
        try (RsiRig rig = new RsiRig(Map.of("rsi_cartesian_correction", "RKorr")).active(c -> c
                .withChannels(map).withStartAxesDegrees(0, -90, 90, 0, 90, 0).withTimeoutCount(Integer.MAX_VALUE))) {
            double x = rig.state("tcp/x");
            double z = rig.state("tcp/z");
            double a = rig.state("tcp/a");
            double b = rig.state("tcp/b");
            for (int i = 1; i <= 200; i++) {
                rig.context.setCommand("tcp_correction/z", 0.010 * i / 200);
                rig.context.setCommand("tcp_correction/x", -0.004 * i / 200);
                assertEquals(ReturnType.OK, rig.cycle());
            }
            assertEquals(200, rig.run(200));
            assertEquals(x - 0.004, rig.state("tcp/x"), 1e-6, "4 mm back in x, as the robot reports it");
            assertEquals(z + 0.010, rig.state("tcp/z"), 1e-6, "10 mm up");
            assertEquals(a, rig.state("tcp/a"), 2e-5, "A kept (RIst carries 4 decimals of a degree)");
            assertEquals(b, rig.state("tcp/b"), 2e-5, "B kept");
            assertEquals(0, rig.robot.unreachableCorrections());
        }
    }

    @Test
    void aCorrectionThatIsNotANumberOrBeyondItsLimitNeverReachesTheRobotTheLastValidOneHolds() throws Exception {
        RsiChannelMap map = RsiChannelMap.defaults().withCartesianCorrection("RKorr");
        try (RsiRig rig = new RsiRig(Map.of("rsi_cartesian_correction", "RKorr",
                "rsi_correction_max_translation", "0.05")).active(c -> c
                .withChannels(map).withStartAxesDegrees(0, -90, 90, 0, 90, 0).withTimeoutCount(Integer.MAX_VALUE))) {
            double y = rig.state("tcp/y");
            for (int i = 1; i <= 100; i++) {
                rig.context.setCommand("tcp_correction/y", 0.002 * i / 100);
                assertEquals(ReturnType.OK, rig.cycle());
            }
            for (double hostile : new double[] { Double.NaN, Double.POSITIVE_INFINITY, 0.5, -0.051 }) {
                rig.context.setCommand("tcp_correction/y", hostile);
                for (int i = 0; i < 20; i++) {
                    assertEquals(ReturnType.OK, rig.cycle());
                }
            }
            assertEquals(100, rig.run(100));
            assertEquals(y + 0.002, rig.state("tcp/y"), 1e-6, "the flange stays at the last valid correction");
            assertTrue(rig.status("held_commands") >= 80, "each refused correction counted: " + rig.status("held_commands"));
        }
    }

    @Test
    void aCorrectionLimitThatIsNotAPositiveNumberIsRefusedAtInitNamingTheParameter() {
        try (RsiRig rig = new RsiRig(Map.of("rsi_cartesian_correction", "RKorr", "rsi_correction_max_rotation", "-1"))) {
            assertEquals(CallbackReturn.ERROR, rig.driver.onInit(rig.context));
            assertTrue(rig.driver.lastError().contains("'rsi_correction_max_rotation' must be a number greater than 0"),
                    rig.driver.lastError());
        }
    }

    @Test
    void stringChannelsTheRobotSendsAreKeptAsLastReceivedAndTheDriversGoInEveryReply() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("rsi_string_inputs", "EStr, Prog", "rsi_string_outputs", "PcStr=RoboCell 0.2"))
                .active(c -> c.withTimeoutCount(Integer.MAX_VALUE), Map.of("EStr", "Program 3 started: 12 parts"))) {
            assertEquals(50, rig.run(50));
            assertEquals(Map.of("EStr (received)", "Program 3 started: 12 parts", "PcStr (sent)", "RoboCell 0.2"),
                    rig.driver.texts(), "Prog never came: not listed");
            assertEquals("RoboCell 0.2", rig.robot.replyText("PcStr"), "the robot read it in the reply");
            assertEquals(0, rig.status("malformed_packets"));
        }
    }

    @Test
    void aStringOutputRsiCannotCarryIsRefusedAtInitNamingTheParameter() {
        try (RsiRig rig = new RsiRig(Map.of("rsi_string_outputs", "PcStr=<script>"))) {
            assertEquals(CallbackReturn.ERROR, rig.driver.onInit(rig.context));
            assertTrue(rig.driver.lastError().startsWith("hardware 'kr6' parameter 'rsi_string_outputs': RSI string"
                    + " channel 'PcStr': the text '<script>' may hold printable ASCII without '<', '>' and '&' only"),
                    rig.driver.lastError());
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
