package org.robocell.driver.kuka.rsi.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** Hostile input: mutated and truncated RSI datagrams must never make the parser throw or accept garbage. */
class RsiParserMutationTest {

    private static final byte[] ALPHABET = "<>/=\"' \t\n?!-.eE+0123456789AKIPOCRobSenXYZDelay"
            .getBytes(StandardCharsets.US_ASCII);

    private final RsiChannelMap map = RsiChannelMap.defaults().withInputs(List.of("DiL", "Digout.o1"));
    private final RsiLayout robot = map.robotLayout();
    private final RsiLayout reply = map.replyLayout();

    @Test
    void mutatedAndTruncatedDatagramsNeverEscapeAsExceptions() {
        Random random = new Random(0x5EED_4B55L);
        List<byte[]> seeds = seeds(random);
        RsiParser robotParser = new RsiParser(robot);
        RsiParser replyParser = new RsiParser(reply);
        double[] robotValues = new double[robot.channelCount()];
        double[] replyValues = new double[reply.channelCount()];
        int accepted = 0;
        int rejected = 0;
        int variants = 50_000;
        for (int v = 0; v < variants; v++) {
            byte[] seed = seeds.get(random.nextInt(seeds.size()));
            byte[] mutated = mutate(seed, random);
            int length = random.nextInt(8) == 0 ? random.nextInt(mutated.length + 1) : mutated.length;
            for (RsiParser parser : new RsiParser[] { robotParser, replyParser }) {
                double[] values = parser == robotParser ? robotValues : replyValues;
                Arrays.fill(values, 0.0);
                boolean ok;
                try {
                    ok = parser.parse(mutated, 0, length, values);
                } catch (RuntimeException e) {
                    throw new AssertionError("variant " + v + " threw on: "
                            + new String(mutated, 0, length, StandardCharsets.ISO_8859_1), e);
                }
                if (ok) {
                    accepted++;
                    long required = parser.layout().requiredMask();
                    assertEquals(required, parser.presentMask() & required);
                    for (double value : values) {
                        assertTrue(Double.isFinite(value), "an accepted datagram carries numbers only");
                    }
                } else {
                    rejected++;
                }
            }
        }
        // both outcomes must occur, or the mutations are not exercising the parser (it is strict: about one in
        // sixty mutants of a real datagram is still one)
        assertTrue(accepted > variants / 40, "accepted " + accepted);
        assertTrue(rejected > variants / 2, "rejected " + rejected);
    }

    @Test
    void windowsOutsideTheBufferAreRejected() {
        byte[] b = new byte[16];
        RsiParser parser = new RsiParser(robot);
        double[] values = new double[robot.channelCount()];
        assertFalse(parser.parse(b, -1, 4, values));
        assertFalse(parser.parse(b, 4, -1, values));
        assertFalse(parser.parse(b, 10, 10, values));
        assertFalse(parser.parse(b, Integer.MAX_VALUE, 2, values));
        assertFalse(parser.parse(b, 2, Integer.MAX_VALUE, values));
    }

    private List<byte[]> seeds(Random random) {
        List<byte[]> seeds = new ArrayList<>();
        for (RsiLayout layout : List.of(robot, reply)) {
            RsiWriter writer = new RsiWriter(layout);
            for (int s = 0; s < 20; s++) {
                double[] values = new double[layout.channelCount()];
                for (int c = 0; c < values.length; c++) {
                    // in the channel's range: a whole number for IPOC, the delay count and the stop flag
                    int span = (int) Math.min(1_000_000, layout.max(c) - layout.min(c) + 1);
                    values[c] = layout.isInteger(c) ? layout.min(c) + random.nextInt(span)
                            : layout.decimals(c) == 0 ? random.nextInt(1_000_000) : (random.nextDouble() - 0.5) * 720;
                }
                byte[] out = new byte[writer.maxLength()];
                seeds.add(Arrays.copyOf(out, writer.write(values, out)));
            }
        }
        seeds.add(("<?xml version=\"1.0\"?><!-- c --><Rob TYPE=\"KUKA\"><RIst X=\"1\" Y=\"2\" Z=\"3\" A=\"4\" B=\"5\" C=\"6\"/>"
                + "<AIPos A1=\"1e1\" A2=\"-2.5\" A3=\"3\" A4=\"4\" A5=\"5\" A6=\"6\"/><Delay D=\"0\"/><DiL>7</DiL>"
                + "<Digout o1=\"1\"/><IPOC>3393226</IPOC></Rob>").getBytes(StandardCharsets.US_ASCII));
        return seeds;
    }

    private static byte[] mutate(byte[] seed, Random random) {
        byte[] b = seed.clone();
        int edits = 1 + random.nextInt(4);
        for (int e = 0; e < edits && b.length > 0; e++) {
            int at = random.nextInt(b.length);
            switch (random.nextInt(6)) {
                case 0 -> b[at] = ALPHABET[random.nextInt(ALPHABET.length)];
                case 1 -> b[at] = (byte) random.nextInt(256);
                case 2 -> { // delete a run
                    int n = Math.min(b.length - at, 1 + random.nextInt(8));
                    byte[] shorter = new byte[b.length - n];
                    System.arraycopy(b, 0, shorter, 0, at);
                    System.arraycopy(b, at + n, shorter, at, b.length - at - n);
                    b = shorter;
                }
                case 3 -> { // duplicate a run
                    int n = Math.min(b.length - at, 1 + random.nextInt(16));
                    byte[] longer = new byte[b.length + n];
                    System.arraycopy(b, 0, longer, 0, at + n);
                    System.arraycopy(b, at, longer, at + n, b.length - at);
                    b = longer;
                }
                case 4 -> b = Arrays.copyOf(b, at); // truncate
                default -> { // insert a significant character
                    byte[] longer = new byte[b.length + 1];
                    System.arraycopy(b, 0, longer, 0, at);
                    longer[at] = ALPHABET[random.nextInt(ALPHABET.length)];
                    System.arraycopy(b, at, longer, at + 1, b.length - at);
                    b = longer;
                }
            }
        }
        return b;
    }
}
