package org.robocell.manager.internal;

import java.util.Collection;

/** "Did you mean" for unknown names. */
final class Names {

    private Names() {
    }

    /** The candidate closest to {@code name} by edit distance, when it is close enough to be a typo; else null. */
    static String closest(String name, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(name.toLowerCase(java.util.Locale.ROOT), c.toLowerCase(java.util.Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        if (best == null) {
            return null;
        }
        int allowed = Math.max(2, Math.min(name.length(), best.length()) / 3);
        boolean substring = best.contains(name) || name.contains(best);
        return bestDistance <= allowed || substring ? best : null;
    }

    /** "'x'" plus " (did you mean 'y'?)" when a close candidate exists. */
    static String suggest(String name, Collection<String> candidates) {
        String c = closest(name, candidates);
        return c == null ? "" : " (did you mean '" + c + "'?)";
    }

    private static int distance(String a, String b) {
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
