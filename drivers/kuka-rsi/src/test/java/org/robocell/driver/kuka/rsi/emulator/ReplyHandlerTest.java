package org.robocell.driver.kuka.rsi.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.driver.kuka.rsi.emulator.ReplyHandler.Outcome;
import org.robocell.driver.kuka.rsi.protocol.CorrectionMode;
import org.robocell.driver.kuka.rsi.protocol.RsiChannelMap;

/**
 * How the emulated controller takes a reply on time, socket-free: HOLDON for what a reply lacks (kuka_drivers' and
 * kuka_experimental's configurations both receive with {@code HOLDON="1"}), the three correction modes, external
 * axes.
 */
class ReplyHandlerTest {

    private static final long IPOC = 3_393_226L;
    private static final double CYCLE = 0.004;
    private static final double[] HOME = { 0, -90, 90, 0, 90, 0 };

    private double[] start;
    private double[] axes;
    private double[] lastCommand;
    private final double[] outputs = new double[1];

    private ReplyHandler handler(RsiEmulatorConfig config) {
        start = config.startAxesDegrees();
        axes = config.startAxesDegrees();
        lastCommand = new double[axes.length];
        return new ReplyHandler(config, new Object(), start, axes, lastCommand, outputs);
    }

    private static RsiEmulatorConfig config() {
        return RsiEmulatorConfig.defaults(new InetSocketAddress("127.0.0.1", 49152))
                .withChannels(RsiChannelMap.defaults().withOutputs(List.of("DiO")));
    }

    private static Outcome send(ReplyHandler h, String reply, long ipoc) {
        byte[] bytes = reply.getBytes(StandardCharsets.US_ASCII);
        return h.handle(bytes, bytes.length, ipoc, true, true, CYCLE);
    }

    private static String ak(double a6) {
        return "<AK A1=\"0\" A2=\"0\" A3=\"0\" A4=\"0\" A5=\"0\" A6=\"" + a6 + "\"/>";
    }

    @Test
    void withHoldOnACommandMissingFromAReplyOnTimeKeepsItsLastValue() {
        ReplyHandler h = handler(config());
        assertEquals(Outcome.ON_TIME, send(h, "<Sen Type=\"KROSHU\"><Stop>0</Stop>" + ak(1.0)
                + "<DiO>5</DiO><IPOC>" + IPOC + "</IPOC></Sen>", IPOC));
        assertEquals(1.0, axes[5], 1e-12);
        assertEquals(Outcome.ON_TIME, send(h, "<Sen Type=\"KROSHU\"><Stop>0</Stop><AK A1=\"0.5\"/><IPOC>"
                + (IPOC + 4) + "</IPOC></Sen>", IPOC + 4));
        assertEquals(0.5, axes[0], 1e-12, "A1 as sent");
        assertEquals(1.0, axes[5], 1e-12, "A6 missing: its last value holds, the axis stays");
        assertEquals(5.0, outputs[0], "an output missing keeps its value too");
    }

    @Test
    void withoutHoldOnAMissingCommandIsZero() {
        ReplyHandler h = handler(config().withHoldOn(false));
        send(h, "<Sen Type=\"KROSHU\"><Stop>0</Stop>" + ak(1.0) + "<DiO>5</DiO><IPOC>" + IPOC + "</IPOC></Sen>", IPOC);
        assertEquals(Outcome.ON_TIME, send(h, "<Sen Type=\"KROSHU\"><Stop>0</Stop><AK A1=\"0.5\"/><IPOC>"
                + (IPOC + 4) + "</IPOC></Sen>", IPOC + 4));
        assertEquals(0.0, axes[5], 1e-12, "A6 missing is a correction of 0: back at its start");
        assertEquals(0.0, outputs[0]);
    }

    @Test
    void aReplyWithoutStopFlagOrCommandsIsNoStopAndMovesNothing() {
        ReplyHandler h = handler(config());
        assertEquals(Outcome.ON_TIME, send(h, "<Sen Type=\"KROSHU\"><IPOC>" + IPOC + "</IPOC></Sen>", IPOC));
        assertArrayEquals(HOME, axes, 1e-12);
        assertEquals(Outcome.MALFORMED, send(h, "<Sen Type=\"KROSHU\"><Stop>0</Stop>" + ak(1.0) + "</Sen>", IPOC + 4),
                "the IPOC is what a reply cannot do without");
    }

    @Test
    void incrementalCorrectionAddsEachCyclesIncrement() {
        ReplyHandler h = handler(config().withCorrectionMode(CorrectionMode.INCREMENTAL));
        for (int k = 0; k < 10; k++) {
            assertEquals(Outcome.ON_TIME, send(h, "<Sen Type=\"KROSHU\"><Stop>0</Stop>" + ak(0.1) + "<IPOC>"
                    + (IPOC + 4 * k) + "</IPOC></Sen>", IPOC + 4 * k));
        }
        assertEquals(1.0, axes[5], 1e-9, "ten increments of 0.1 deg");
        assertEquals(Outcome.NOT_ON_TIME, send(h, "<Sen Type=\"KROSHU\"><Stop>0</Stop>" + ak(0.1) + "<IPOC>"
                + (IPOC + 40) + "</IPOC></Sen>", IPOC + 44));
        assertEquals(1.0, axes[5], 1e-9, "a late increment is not added");
    }

    @Test
    void externalAxesFollowTheirCommandFromTheirStart() {
        RsiChannelMap map = RsiChannelMap.defaults().withExternalAxes(2, "EIPos", "EK");
        RsiEmulatorConfig config = config().withChannelsAndExternalAxes(map)
                .withStartAxesDegrees(0, -90, 90, 0, 90, 0, 10, 20);
        ReplyHandler h = handler(config);
        assertEquals(Outcome.ON_TIME, send(h, "<Sen Type=\"KROSHU\"><Stop>0</Stop>" + ak(0)
                + "<EK E1=\"1.5\" E2=\"-2\"/><IPOC>" + IPOC + "</IPOC></Sen>", IPOC));
        assertArrayEquals(new double[] { 0, -90, 90, 0, 90, 0, 11.5, 18 }, axes, 1e-12);
    }

    @Test
    void aCartesianCorrectionTheArmCannotReachLeavesTheAxesOnTheirOwnCommandAndIsCounted() {
        RsiEmulatorConfig config = RsiEmulatorConfig.defaults(new InetSocketAddress("127.0.0.1", 49152))
                .withChannels(RsiChannelMap.defaults().withCartesianCorrection("RKorr"));
        ReplyHandler h = handler(config);
        // 5 m away: the KR 6 reaches 0.9 m
        assertEquals(Outcome.ON_TIME, send(h, "<Sen Type=\"KROSHU\"><Stop>0</Stop><RKorr X=\"5000\" Y=\"0\" Z=\"0\""
                + " A=\"0\" B=\"0\" C=\"0\"/>" + ak(0.5) + "<IPOC>" + IPOC + "</IPOC></Sen>", IPOC));
        assertEquals(1, h.unreachableCorrections);
        assertArrayEquals(new double[] { 0, -90, 90, 0, 90, 0.5 }, axes, 1e-12, "the axis command alone");
    }

    @Test
    void aReachableCorrectionMovesTheAxesSoTheFlangeMovesByItAndIncrementsAddUpWithRelative() {
        RsiEmulatorConfig config = RsiEmulatorConfig.defaults(new InetSocketAddress("127.0.0.1", 49152))
                .withChannels(RsiChannelMap.defaults().withCartesianCorrection("RKorr"))
                .withCorrectionMode(CorrectionMode.INCREMENTAL);
        ReplyHandler h = handler(config);
        Kr6R900SixxKinematics k = new Kr6R900SixxKinematics();
        double[] before = new double[6];
        k.flangePose(axes, before);
        for (int i = 0; i < 3; i++) {
            long ipoc = IPOC + 4L * i;
            assertEquals(Outcome.ON_TIME, send(h, "<Sen Type=\"KROSHU\"><Stop>0</Stop><RKorr X=\"0\" Y=\"0.2\""
                    + " Z=\"0\" A=\"0\" B=\"0\" C=\"0\"/><AK A1=\"0\" A2=\"0\" A3=\"0\" A4=\"0\" A5=\"0\" A6=\"0\"/>"
                    + "<IPOC>" + ipoc + "</IPOC></Sen>", ipoc));
        }
        double[] after = new double[6];
        k.flangePose(axes, after);
        assertEquals(before[1] + 0.6, after[1], 1e-5, "three increments of 0.2 mm in y");
        assertEquals(before[0], after[0], 1e-5);
        assertEquals(before[2], after[2], 1e-5);
        assertEquals(0, h.unreachableCorrections);
    }
}
