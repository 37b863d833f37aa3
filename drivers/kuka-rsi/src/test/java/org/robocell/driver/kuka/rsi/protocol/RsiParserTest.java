package org.robocell.driver.kuka.rsi.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

class RsiParserTest {

    private final RsiLayout robot = RsiChannelMap.defaults().robotLayout();
    private final RsiParser parser = new RsiParser(robot);
    private final double[] values = new double[robot.channelCount()];

    private boolean parse(String xml) {
        byte[] b = xml.getBytes(StandardCharsets.US_ASCII);
        return parser.parse(b, 0, b.length, values);
    }

    private double value(String tag) {
        return values[robot.indexOf(tag)];
    }

    @Test
    void readsTheRosIndustrialRobotMessage() {
        assertTrue(parse("<Rob Type=\"KUKA\">\n"
                + "  <RIst X=\"445.5\" Y=\"-0.25\" Z=\"890.0\" A=\"180.0\" B=\"0.0\" C=\"-180.0\"/>\n"
                + "  <RSol X=\"1\" Y=\"2\" Z=\"3\" A=\"4\" B=\"5\" C=\"6\"/>\n"
                + "  <AIPos A1=\"0.0\" A2=\"-90.0\" A3=\"90.0\" A4=\"0.0\" A5=\"90.0\" A6=\"12.345678\"/>\n"
                + "  <ASPos A1=\"9\" A2=\"9\" A3=\"9\" A4=\"9\" A5=\"9\" A6=\"9\"/>\n"
                + "  <Delay D=\"3\"/>\n"
                + "  <IPOC>3393226</IPOC>\n"
                + "</Rob>"));
        assertEquals(-90.0, value("AIPos.A2"));
        assertEquals(12.345678, value("AIPos.A6"));
        assertEquals(445.5, value("RIst.X"));
        assertEquals(-0.25, value("RIst.Y"));
        assertEquals(-180.0, value("RIst.C"));
        assertEquals(3.0, value("Delay.D"));
        assertEquals(3393226.0, value("IPOC"));
    }

    @Test
    void readsTheSimulatorsUpperCaseTypeAndAnyChannelOrder() {
        assertTrue(parse("<Rob TYPE=\"KUKA\"><IPOC>7</IPOC><Delay D=\"0\"/>"
                + "<AIPos A6=\"6\" A5=\"5\" A4=\"4\" A3=\"3\" A2=\"2\" A1=\"1\"/><EIPos E1=\"0\"/></Rob>"));
        assertEquals(1.0, value("AIPos.A1"));
        assertEquals(6.0, value("AIPos.A6"));
        assertEquals(7.0, value("IPOC"));
    }

    @Test
    void aStringElementTheDriverDoesNotReadIsSkippedLikeAnyOtherUnknownElement() {
        assertTrue(parse("<Rob TYPE=\"KUKA\"><EStr>Program started: 3 parts</EStr><Delay D=\"0\"/>"
                + "<AIPos A1=\"1\" A2=\"2\" A3=\"3\" A4=\"4\" A5=\"5\" A6=\"6\"/><IPOC>8</IPOC></Rob>"));
        assertEquals(8.0, value("IPOC"));
    }

    @Test
    void skipsDeclarationCommentsAndBlanks() {
        assertTrue(parse("<?xml version=\"1.0\"?>\r\n<!-- robot -->\n<Rob>\n<!-- a -->"
                + "<AIPos A1 = '1' A2=\"2\" A3=\"3\" A4=\"4\" A5=\"5\" A6=\"6\" />\n<IPOC> 42 </IPOC>\n</Rob >\n"));
        assertEquals(42.0, value("IPOC"));
    }

    @Test
    void optionalChannelsMayBeAbsentAndKeepTheirValue() {
        assertTrue(parse("<Rob><Delay D=\"5\"/><AIPos A1=\"1\" A2=\"2\" A3=\"3\" A4=\"4\" A5=\"5\" A6=\"6\"/>"
                + "<IPOC>1</IPOC></Rob>"));
        assertTrue(parse("<Rob><AIPos A1=\"1\" A2=\"2\" A3=\"3\" A4=\"4\" A5=\"5\" A6=\"6\"/><IPOC>2</IPOC></Rob>"));
        assertEquals(5.0, value("Delay.D"));
        assertEquals(0L, parser.presentMask() & (1L << robot.indexOf("Delay.D")));
    }

    @Test
    void rejectsMessagesWithoutRequiredChannels() {
        assertFalse(parse("<Rob><AIPos A1=\"1\" A2=\"2\" A3=\"3\" A4=\"4\" A5=\"5\" A6=\"6\"/></Rob>"), "no IPOC");
        assertFalse(parse("<Rob><AIPos A1=\"1\" A2=\"2\" A3=\"3\" A4=\"4\" A5=\"5\"/><IPOC>1</IPOC></Rob>"), "no A6");
        assertFalse(parse("<Rob/>"), "empty startup frame of RSI <= 2.3");
    }

    @Test
    void rejectsBrokenMarkupAndNumbers() {
        String good = "<Rob><AIPos A1=\"1\" A2=\"2\" A3=\"3\" A4=\"4\" A5=\"5\" A6=\"6\"/><IPOC>1</IPOC></Rob>";
        assertTrue(parse(good));
        for (String bad : List.of(
                good.substring(0, good.length() - 1),
                good.replace("</Rob>", "</Sen>"),
                good.replace("<Rob>", "<Sen>").replace("</Rob>", "</Sen>"),
                good.replace("A3=\"3\"", "A3=\"x\""),
                good.replace("A3=\"3\"", "A3=\"\""),
                good.replace("A3=\"3\"", "A3=\"1e\""),
                good.replace("A3=\"3\"", "A3=\"NaN\""),
                good.replace("A3=\"3\"", "A3=\"1e999\""),
                good.replace("A3=\"3\"", "A3=3"),
                good.replace("<IPOC>1</IPOC>", "<IPOC>1</IPOX>"),
                good.replace("<IPOC>1</IPOC>", "<IPOC><X/>1</IPOC>"),
                good.replace("<IPOC>1</IPOC>", "<IPOC>--1</IPOC>"),
                good.replace("A2=\"2\" A3", "A2=\"2\"A3"),
                "",
                "garbage",
                "<")) {
            assertFalse(parse(bad), bad);
        }
    }

    private static final String GOOD =
            "<Rob><AIPos A1=\"1\" A2=\"2\" A3=\"3\" A4=\"4\" A5=\"5\" A6=\"6\"/><IPOC>1</IPOC></Rob>";

    @Test
    void refusesAChannelOrAnElementGivenTwice() {
        assertTrue(parse(GOOD));
        for (String bad : List.of(
                GOOD.replace("A2=\"2\"", "A2=\"2\" A2=\"7\""),
                GOOD.replace("<IPOC>1</IPOC>", "<IPOC>1</IPOC><IPOC>2</IPOC>"),
                GOOD.replace("<IPOC>", "<AIPos A1=\"9\"/><IPOC>"),
                GOOD.replace("<Rob>", "<Rob Type=\"KUKA\" Type=\"KUKA\">"),
                GOOD.replace("<IPOC>", "<RSol X=\"1\" X=\"1\"/><IPOC>"))) {
            assertFalse(parse(bad), bad);
        }
    }

    @Test
    void refusesValuesOutsideTheirChannelsRange() {
        for (String bad : List.of(
                GOOD.replace("<IPOC>1<", "<IPOC>-4<"),
                GOOD.replace("<IPOC>1<", "<IPOC>1.5<"),
                GOOD.replace("<IPOC>1<", "<IPOC>9000000000001<"),
                GOOD.replace("<IPOC>", "<Delay D=\"-1\"/><IPOC>"),
                GOOD.replace("<IPOC>", "<Delay D=\"2.5\"/><IPOC>"),
                GOOD.replace("A1=\"1\"", "A1=\"9.1e12\""))) {
            assertFalse(parse(bad), bad);
        }
        assertTrue(parse(GOOD.replace("<IPOC>1<", "<IPOC>0<").replace("A1=\"1\"", "A1=\"-9e12\"")));
        assertEquals(-9e12, value("AIPos.A1"));

        RsiLayout reply = RsiChannelMap.defaults().replyLayout();
        RsiParser replyParser = new RsiParser(reply);
        double[] v = new double[reply.channelCount()];
        String sen = "<Sen Type=\"ImFree\"><Stop>%s</Stop><AK A1=\"0\" A2=\"0\" A3=\"0\" A4=\"0\" A5=\"0\" A6=\"0\"/>"
                + "<IPOC>8</IPOC></Sen>";
        for (String stop : List.of("2", "0.5", "-1", "1e0x")) {
            byte[] b = String.format(sen, stop).getBytes(StandardCharsets.US_ASCII);
            assertFalse(replyParser.parse(b, 0, b.length, v), "Stop " + stop);
        }
        byte[] stopping = String.format(sen, "1").getBytes(StandardCharsets.US_ASCII);
        assertTrue(replyParser.parse(stopping, 0, stopping.length, v));
        assertEquals(1.0, v[reply.indexOf("Stop")]);
    }

    @Test
    void refusesTextBytesAndMarkupThatRsiNeverSends() {
        for (String bad : List.of(
                GOOD.replace("<IPOC>", "x<IPOC>"),
                GOOD + "x",
                GOOD + "<Rob/>",
                GOOD.replace("<IPOC>", "\u00ff<IPOC>"),
                GOOD.replace("<IPOC>", "\u0000<IPOC>"),
                GOOD.replace("<IPOC>", "\u001b[2J<IPOC>"),
                GOOD.replace("<IPOC>", "<!-- \u007f --><IPOC>"),
                "<!DOCTYPE Rob>" + GOOD,
                GOOD.replace("<IPOC>1</IPOC>", "<IPOC><![CDATA[1]]></IPOC>"),
                GOOD.replace("<IPOC>", "<?pi x?><IPOC>"),
                GOOD.replace("<IPOC>", "<RSol X=\"&amp;\"/><IPOC>"),
                GOOD.replace("A1=\"1\"", "A1=\"&#49;\""),
                GOOD.replace("<IPOC>1</IPOC>", "<IPOC>1 &gt; 0</IPOC>"),
                GOOD.replace("<IPOC>", "<!-- a -- b --><IPOC>"),
                GOOD.replace("<IPOC>", "<!-- a ---><IPOC>"),
                " <?xml version=\"1.0\"?>" + GOOD,
                "<?xml version=\"1.1\"?>" + GOOD,
                "<?xml ]ersion=\"1.0\"?>" + GOOD,
                "<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + GOOD,
                "<?xml version=\"1.0\" standalone=\"YES\"?>" + GOOD,
                "<?xml version=\"1.0\"encoding=\"UTF-8\"?>" + GOOD)) {
            byte[] b = bad.getBytes(StandardCharsets.ISO_8859_1);
            assertFalse(parser.parse(b, 0, b.length, values), bad);
        }
    }

    @Test
    void acceptsAStrictXmlDeclarationAndCommentsAroundTheRoot() {
        assertTrue(parse("<?xml version='1.0' encoding='utf-8' standalone='yes'?><!---->" + GOOD + "\n<!-- end -->\n"));
        assertTrue(parse("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n" + GOOD));
    }

    @Test
    void refusesNamesThatAreNotXmlNames() {
        for (String bad : List.of(
                GOOD.replace("<IPOC>", "<9X/><IPOC>"),
                GOOD.replace("<IPOC>", "<GPIO 01=\"1\"/><IPOC>"),
                GOOD.replace("<IPOC>", "<RSol -X=\"1\"/><IPOC>"),
                GOOD.replace("<IPOC>", "<a:b/><IPOC>"))) {
            assertFalse(parse(bad), bad);
        }
    }

    @Test
    void refusesATagWithMoreAttributesThanRsiHasChannels() {
        StringBuilder attributes = new StringBuilder();
        for (int a = 0; a < RsiLayout.MAX_CHANNELS; a++) {
            attributes.append(" X").append(a).append("=\"0\"");
        }
        assertTrue(parse(GOOD.replace("<IPOC>", "<RSol" + attributes + "/><IPOC>")));
        assertFalse(parse(GOOD.replace("<IPOC>", "<RSol" + attributes + " Y=\"0\"/><IPOC>")));
    }

    @Test
    void readsConfiguredInputsSuchAsDigitalIo() {
        RsiLayout withIo = RsiChannelMap.defaults().withInputs(List.of("DiL", "Digout.o1", "Tech.T21:2")).robotLayout();
        RsiParser p = new RsiParser(withIo);
        double[] v = new double[withIo.channelCount()];
        byte[] b = ("<Rob><AIPos A1=\"1\" A2=\"2\" A3=\"3\" A4=\"4\" A5=\"5\" A6=\"6\"/><DiL>125</DiL>"
                + "<Digout o1=\"1\" o2=\"0\"/><Tech T21=\"1.09\"/><IPOC>9</IPOC></Rob>")
                .getBytes(StandardCharsets.US_ASCII);
        assertTrue(p.parse(b, 0, b.length, v));
        assertEquals(125.0, v[withIo.indexOf("DiL")]);
        assertEquals(1.0, v[withIo.indexOf("Digout.o1")]);
        assertEquals(1.09, v[withIo.indexOf("Tech.T21")]);
    }

    @Test
    void parsesWithinAWindowOfALargerBuffer() {
        byte[] b = "xx<Rob><AIPos A1=\"1\" A2=\"2\" A3=\"3\" A4=\"4\" A5=\"5\" A6=\"6\"/><IPOC>8</IPOC></Rob>yy"
                .getBytes(StandardCharsets.US_ASCII);
        assertTrue(parser.parse(b, 2, b.length - 4, values));
        assertFalse(parser.parse(b, 2, b.length - 5, values), "one byte short");
        assertFalse(parser.parse(b, 2, b.length, values), "window beyond the buffer");
    }

    @Test
    void numbersAreReadExactlyAsDecimalText() {
        double[] expected = { 0.0, -0.0, 1.5, -90.000001, 123456.789012, 1e-3, 2.5E2, 0.1, 4294967295.0 };
        String[] texts = { "0", "-0.0", "+1.5", "-90.000001", "123456.789012", "1e-3", "2.5E2", ".1", "4294967295" };
        double[] got = new double[texts.length];
        for (int i = 0; i < texts.length; i++) {
            byte[] b = texts[i].getBytes(StandardCharsets.US_ASCII);
            got[i] = AsciiNumbers.parse(b, 0, b.length);
            assertEquals(Double.parseDouble(texts[i]), got[i], texts[i]);
        }
        assertArrayEquals(expected, got);
    }
}
