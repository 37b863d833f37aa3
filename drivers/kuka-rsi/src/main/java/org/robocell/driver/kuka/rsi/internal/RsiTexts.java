package org.robocell.driver.kuka.rsi.internal;

import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The RSI string channels ({@code TYPE="STRING"} in the ETHERNET configuration): the text of each configured element
 * of the robot's datagrams, kept as last received, and the fixed texts the driver sends in every reply. The loop
 * copies the received text into preallocated buffers; people read it off the loop ({@code hardware:texts}) through a
 * sequence count, so the loop never waits for a reader and a reader never sees half a text.
 */
final class RsiTexts {

    /** The longest text kept; a longer one is cut (RSI strings are short: a status, a program name). */
    static final int MAX_LENGTH = 256;

    private final String[] names;
    private final byte[][] openTags;
    private final byte[][] closeTags;
    private final byte[][] received;
    private final int[] lengths;
    /** odd while the loop writes */
    private volatile long version;
    private final Map<String, String> sent;

    RsiTexts(List<String> inputs, Map<String, String> outputs) {
        int n = inputs.size();
        names = inputs.toArray(String[]::new);
        openTags = new byte[n][];
        closeTags = new byte[n][];
        received = new byte[n][MAX_LENGTH];
        lengths = new int[n];
        for (int i = 0; i < n; i++) {
            openTags[i] = ("<" + names[i] + ">").getBytes(StandardCharsets.US_ASCII);
            closeTags[i] = ("</" + names[i] + ">").getBytes(StandardCharsets.US_ASCII);
            lengths[i] = -1;
        }
        sent = Map.copyOf(outputs);
    }

    boolean isEmpty() {
        return names.length == 0 && sent.isEmpty();
    }

    /** Loop thread: keeps the text of each configured element {@code data} carries; absent ones keep theirs. */
    void capture(byte[] data, int length) {
        if (names.length == 0) {
            return;
        }
        long v = version;
        version = v + 1;
        for (int i = 0; i < names.length; i++) {
            int start = indexOf(data, length, openTags[i], 0);
            if (start < 0) {
                continue;
            }
            start += openTags[i].length;
            int end = indexOf(data, length, closeTags[i], start);
            if (end < 0) {
                continue;
            }
            int n = Math.min(end - start, MAX_LENGTH);
            System.arraycopy(data, start, received[i], 0, n);
            lengths[i] = n;
        }
        version = v + 2;
    }

    /** Off the loop: received texts as last seen ("received"), then the sent ones ("sent"). */
    Map<String, String> snapshot() {
        Map<String, String> out = new LinkedHashMap<>();
        while (true) {
            out.clear();
            long before = version;
            if ((before & 1) == 0) {
                for (int i = 0; i < names.length; i++) {
                    if (lengths[i] >= 0) {
                        out.put(names[i] + " (received)", new String(received[i], 0, Math.min(lengths[i], MAX_LENGTH),
                                StandardCharsets.US_ASCII));
                    }
                }
                VarHandle.acquireFence();
                if (version == before) {
                    break;
                }
            }
            Thread.onSpinWait();
        }
        sent.forEach((name, text) -> out.put(name + " (sent)", text));
        return out;
    }

    private static int indexOf(byte[] data, int length, byte[] pattern, int from) {
        outer:
        for (int i = from; i <= length - pattern.length; i++) {
            for (int k = 0; k < pattern.length; k++) {
                if (data[i + k] != pattern[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
