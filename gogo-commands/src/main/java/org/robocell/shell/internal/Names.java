package org.robocell.shell.internal;

import java.util.Collection;

/** Suggests the closest known name for a mistyped one. */
final class Names {

    private Names() {
    }

    /** ", did you mean 'x'?" for the closest name within a few edits, or a list of what there is. */
    static String suggest(String wrong, Collection<String> known) {
        if (known.isEmpty()) {
            return "";
        }
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(wrong, k);
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        if (best != null && bestDistance <= Math.max(2, wrong.length() / 3)) {
            return "; did you mean '" + best + "'?";
        }
        return "; known: " + String.join(", ", known);
    }

    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
