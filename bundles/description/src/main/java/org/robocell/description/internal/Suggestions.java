package org.robocell.description.internal;

import java.util.Collection;

/** "Did you mean" hints for misspelt names: the closest known name, if it is close enough to be a typo. */
public final class Suggestions {

    private Suggestions() {
    }

    /** {@code " (did you mean 'x'?)"}, or an empty string when nothing is close. */
    public static String didYouMean(String wrong, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(wrong, k);
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        int tolerated = Math.max(1, Math.min(3, wrong.length() / 3));
        return best != null && bestDistance <= tolerated ? " (did you mean '" + best + "'?)" : "";
    }

    /** Levenshtein distance; names are short, so the quadratic table is cheap. */
    static int distance(String a, String b) {
        if (a.length() > 200 || b.length() > 200) {
            return Integer.MAX_VALUE;
        }
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }

    /** Names joined for a message, cut short when there are many. */
    public static String list(Collection<String> names) {
        StringBuilder b = new StringBuilder();
        int shown = 0;
        for (String n : names) {
            if (shown == 12) {
                b.append(", ... (").append(names.size() - shown).append(" more)");
                break;
            }
            if (shown > 0) {
                b.append(", ");
            }
            b.append(n);
            shown++;
        }
        return b.toString();
    }
}
