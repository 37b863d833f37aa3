package org.robocell.driver.kuka.rsi.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzzing of the RSI channel configuration as a user writes it in the {@code <hardware>} parameters
 * of a URDF ({@code rsi_ipoc}, {@code rsi_inputs}, ...; see the module README). The input is text, one
 * {@code key=value} per line with the driver's parameter names (plus {@code axes}); values are trimmed and lists
 * split at commas as the driver does. Any text gives either both layouts, or an {@link IllegalArgumentException}
 * whose message is one printable line; never another exception. A layout it gives must work both ways: what
 * {@link RsiWriter} writes for any values in the channels' ranges, {@link RsiParser} reads back to the same values
 * (to the channel's decimals). The seed corpus (the default configuration and the README's examples) is in
 * {@code src/test/resources/org/robocell/driver/kuka/rsi/protocol/RsiChannelMapFuzzTestInputs/}.
 */
class RsiChannelMapFuzzTest {

    // a bound on each input, in regression and (as libFuzzer's -timeout) in fuzzing: a hang is a finding
    @Timeout(30)
    @FuzzTest
    void anyConfigurationGivesWorkingLayoutsOrOneLineError(byte[] configuration) {
        Map<String, String> p = keyValues(new String(configuration, StandardCharsets.UTF_8));
        RsiChannelMap defaults = RsiChannelMap.defaults();
        RsiLayout robot;
        RsiLayout reply;
        try {
            RsiChannelMap map = new RsiChannelMap(axes(p.get("axes")),
                    p.getOrDefault("rsi_actual_axes", defaults.actualAxes()),
                    p.getOrDefault("rsi_actual_pose", defaults.actualPose()),
                    p.getOrDefault("rsi_delay", defaults.delay()),
                    p.getOrDefault("rsi_ipoc", defaults.ipoc()),
                    list(p.get("rsi_inputs")),
                    p.getOrDefault("rsi_sen_type", defaults.senType()),
                    p.getOrDefault("rsi_axis_command", defaults.axisCommand()),
                    p.getOrDefault("rsi_stop", defaults.stop()),
                    list(p.get("rsi_outputs")));
            robot = map.robotLayout();
            reply = map.replyLayout();
        } catch (IllegalArgumentException e) {
            assertOneLine(e.getMessage());
            return;
        }
        Random random = new Random(Arrays.hashCode(configuration));
        assertRoundTrip(robot, random);
        assertRoundTrip(reply, random);
    }

    private static void assertRoundTrip(RsiLayout layout, Random random) {
        RsiWriter writer = new RsiWriter(layout);
        RsiParser parser = new RsiParser(layout);
        double[] values = new double[layout.channelCount()];
        for (int c = 0; c < values.length; c++) {
            values[c] = valueInRange(layout, c, random);
        }
        byte[] out = new byte[writer.maxLength()];
        int n = writer.write(values, out);
        String written = n < 0 ? "nothing" : new String(out, 0, n, StandardCharsets.US_ASCII);
        assertTrue(n > 0, () -> "the writer refused values in range for " + layout + ": " + Arrays.toString(values));
        double[] back = new double[values.length];
        assertTrue(parser.parse(out, 0, n, back), () -> "the parser refuses what the writer wrote for " + layout
                + ": " + written);
        for (int c = 0; c < values.length; c++) {
            double tolerance = 0.5 * Math.pow(10, -layout.decimals(c)) + 4 * Math.ulp(values[c]);
            int channel = c;
            assertTrue(Math.abs(back[c] - values[c]) <= tolerance, () -> layout.tag(channel) + " was written as "
                    + values[channel] + " and read back as " + back[channel] + ": " + written);
        }
    }

    /** The channel's bounds, zero, or anything between, whole for an integer channel. */
    private static double valueInRange(RsiLayout layout, int c, Random random) {
        double min = layout.min(c);
        double max = layout.max(c);
        double v = switch (random.nextInt(4)) {
            case 0 -> min;
            case 1 -> max;
            case 2 -> Math.max(min, Math.min(max, 0.0));
            default -> min + random.nextDouble() * (max - min);
        };
        return layout.isInteger(c) ? Math.max(min, Math.min(max, Math.rint(v))) : v;
    }

    private static void assertOneLine(String message) {
        assertTrue(message != null && !message.isBlank(), "an IllegalArgumentException without a message");
        assertTrue(message.length() <= 500, () -> "a message of " + message.length() + " characters: " + message);
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            int at = i;
            assertTrue(!Character.isISOControl(c) && c != '\u2028' && c != '\u2029',
                    () -> String.format("the message has the control character U+%04X at %d: %s", (int) c, at,
                            message));
        }
    }

    private static Map<String, String> keyValues(String text) {
        Map<String, String> p = new HashMap<>();
        for (String line : text.split("\n", -1)) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                // trimmed, as HardwareInfo parameters reach the driver
                p.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
            }
        }
        return p;
    }

    /** Split at commas, trimmed, empty entries dropped: as the driver reads rsi_inputs and rsi_outputs. */
    private static List<String> list(String commaSeparated) {
        return commaSeparated == null ? List.of()
                : Arrays.stream(commaSeparated.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    private static int axes(String text) {
        if (text == null) {
            return 6;
        }
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return 6;
        }
    }
}
