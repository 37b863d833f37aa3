package org.robocell.web.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * One plotted series: a field of a state channel, written {@code <channel>:<field>} in the stream's query
 * ({@code joint_state_broadcaster/joint_states:joint1/position}).
 */
record Series(String channel, String field) {

    static final int MAX = 32;

    static Series parse(String text) {
        int colon = text == null ? -1 : text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("series '" + text
                    + "': expected <channel>:<field>, e.g. joint_state_broadcaster/joint_states:joint1/position");
        }
        return new Series(text.substring(0, colon), text.substring(colon + 1));
    }

    static List<Series> parseAll(String[] texts) {
        if (texts == null || texts.length == 0) {
            throw new IllegalArgumentException("s: expected one or more series, e.g. ?s=<channel>:<field>");
        }
        if (texts.length > MAX) {
            throw new IllegalArgumentException("s: expected at most " + MAX + " series, got " + texts.length);
        }
        List<Series> out = new ArrayList<>();
        for (String t : texts) {
            out.add(parse(t));
        }
        return out;
    }

    @Override
    public String toString() {
        return channel + ":" + field;
    }
}
