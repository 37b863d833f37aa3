package org.robocell.api.text;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * "Did you mean" for a mistyped name: the known name closest to it, when it is close enough to be a typo.
 * <p>
 * The rule, one for every bundle: the candidate with the smallest edit distance (Levenshtein, ignoring case; the first
 * of equals in iteration order) is suggested when that distance is at most {@code max(2, shorter length / 3)}, or
 * when one of the two names contains the other ({@code hold} → {@code holding}). A name longer than
 * {@value #LONGEST} characters gets no suggestion (hostile input costs nothing). This is the rule the controller
 * manager has answered with since 0.1, so its messages do not change when it moves to this class.
 */
public final class Suggestions {

    /** Names longer than this are not compared (the distance is quadratic in the length). */
    public static final int LONGEST = 256;
    /** {@link #list} shows at most this many names. */
    public static final int LISTED = 12;

    private Suggestions() {
    }

    /** The candidate closest to {@code name}, if it is close enough to be a typo of it. */
    public static Optional<String> closest(String name, Collection<String> candidates) {
        if (name == null || name.length() > LONGEST || candidates == null) {
            return Optional.empty();
        }
        String lower = name.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            if (c == null || c.length() > LONGEST) {
                continue;
            }
            int d = distance(lower, c.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        int allowed = Math.max(2, Math.min(name.length(), best.length()) / 3);
        boolean contained = best.contains(name) || name.contains(best);
        return bestDistance <= allowed || contained ? Optional.of(best) : Optional.empty();
    }

    /** {@code " (did you mean 'x'?)"} for the closest candidate, or an empty string when none is close. */
    public static String didYouMean(String name, Collection<String> candidates) {
        return closest(name, candidates).map(c -> " (did you mean '" + c + "'?)").orElse("");
    }

    /**
     * {@code " (did you mean 'x'?)"}, or when nothing is close {@code " (known: a, b, c)"} listing the candidates (cut
     * short after {@value #LISTED}); an empty string when there are no candidates.
     */
    public static String didYouMeanOrKnown(String name, Collection<String> candidates) {
        if (candidates == null || candidates.isEmpty()) {
            return "";
        }
        String hint = didYouMean(name, candidates);
        return hint.isEmpty() ? " (known: " + list(candidates) + ")" : hint;
    }

    /** Names joined with ", " for a message, cut short after {@value #LISTED} with "... (n more)". */
    public static String list(Collection<String> names) {
        StringBuilder b = new StringBuilder();
        int shown = 0;
        for (String n : names) {
            if (shown == LISTED) {
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

    /** Levenshtein distance: insertions, deletions and substitutions of one character each count one. */
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
