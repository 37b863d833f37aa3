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

    /** Edit distance counting a swap of neighbours as one edit (typos like "jct" for "jtc"). */
    static int distance(String a, String b) {
        if (a.length() > 200 || b.length() > 200) {
            return Integer.MAX_VALUE;
        }
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
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
