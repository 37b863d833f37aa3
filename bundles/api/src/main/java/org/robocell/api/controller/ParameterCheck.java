package org.robocell.api.controller;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import org.robocell.api.text.Suggestions;

/**
 * A controller's verdict on a candidate parameter set, before it is stored ({@link Controller#checkParameters}):
 * accepted, or the problems, each with the offending key, a typed reason and one line that says what was expected.
 * <p>
 * A controller builds it with {@link #check}, from the names it knows and the reader it configures with, so that the
 * check and the configure can never disagree.
 *
 * @since 1.1
 */
public final class ParameterCheck {

    /** Why a parameter is refused. */
    public enum Reason {
        /** The controller has no parameter of that name. */
        UNKNOWN,
        /** A required parameter has no value. */
        MISSING,
        /** The value has the wrong type, is out of range, or does not fit with another parameter. */
        INVALID
    }

    /**
     * One refused parameter.
     *
     * @param key     the offending parameter, or null when the problem is not one key's (two keys disagree)
     * @param reason  why it is refused
     * @param message one line naming the parameter and what was expected, e.g. "parameter 'constraints.goal_time'
     *                must be a finite value >= 0, got -1.0"
     */
    public record Problem(String key, Reason reason, String message) {
    }

    /** Nothing to object to. */
    public static final ParameterCheck ACCEPTED = new ParameterCheck(List.of());

    private final List<Problem> problems;

    private ParameterCheck(List<Problem> problems) {
        this.problems = List.copyOf(problems);
    }

    public static ParameterCheck of(Collection<Problem> problems) {
        return problems.isEmpty() ? ACCEPTED : new ParameterCheck(new ArrayList<>(problems));
    }

    /**
     * Checks a candidate the way a controller reads it: the parameters every controller has ({@code update_rate}, a
     * whole number of Hz of at least 0; {@code is_async}, true or false; {@code type}), then {@code reader} (the
     * controller's own configuration reader, which throws {@link ParameterException} or
     * {@link IllegalArgumentException} for the first problem it finds), then every key neither knows, with the
     * closest known name suggested.
     */
    public static ParameterCheck check(Parameters candidate, ParameterNames names, Consumer<Parameters> reader) {
        List<Problem> found = new ArrayList<>();
        common(candidate, found);
        try {
            reader.accept(candidate);
        } catch (ParameterException e) {
            found.add(new Problem(e.key(), e.reason(), e.detail()));
        } catch (IllegalArgumentException e) {
            found.add(new Problem(null, Reason.INVALID, e.getMessage()));
        }
        Set<String> known = names.known(candidate);
        for (String key : candidate.keys()) {
            if (!ParameterNames.COMMON.contains(key) && !known.contains(key)) {
                found.add(new Problem(key, Reason.UNKNOWN, "unknown parameter '" + key + "'" + hint(key, known)));
            }
        }
        return of(found);
    }

    private static void common(Parameters p, List<Problem> found) {
        try {
            if (p.getInt("update_rate", 0) < 0) {
                throw new ParameterException("update_rate", "parameter 'update_rate' must be at least 0 (Hz; 0 runs"
                        + " it at the loop's rate), got " + p.getInt("update_rate", 0));
            }
        } catch (ParameterException e) {
            found.add(new Problem("update_rate", e.reason(), e.detail()));
        }
        try {
            p.getBoolean("is_async", false);
        } catch (ParameterException e) {
            found.add(new Problem("is_async", e.reason(), e.detail()));
        }
    }

    /**
     * " (did you mean 'x'?)" for the closest known name; failing that, for the known name whose last dotted part is
     * closest ({@code goal_time} → {@code constraints.goal_time}); failing that, the known names.
     */
    static String hint(String key, Set<String> known) {
        String hint = Suggestions.didYouMean(key, known);
        if (!hint.isEmpty()) {
            return hint;
        }
        Map<String, String> byLastPart = new LinkedHashMap<>();
        for (String k : known) {
            byLastPart.putIfAbsent(k.substring(k.lastIndexOf('.') + 1), k);
        }
        String last = key.substring(key.lastIndexOf('.') + 1);
        Optional<String> part = Suggestions.closest(last, byLastPart.keySet());
        if (part.isPresent()) {
            return " (did you mean '" + byLastPart.get(part.get()) + "'?)";
        }
        return known.isEmpty() ? "" : " (known: " + Suggestions.list(known) + ")";
    }

    /** Whether there is nothing to object to. */
    public boolean ok() {
        return problems.isEmpty();
    }

    public List<Problem> problems() {
        return problems;
    }

    public Optional<Problem> first() {
        return problems.stream().findFirst();
    }

    /** The first problem's line, or an empty string. */
    public String message() {
        return first().map(Problem::message).orElse("");
    }

    /**
     * The problems that setting {@code changed} is answerable for: an unknown or invalid value of a key being set,
     * and a problem that is not one key's (two keys that disagree). A missing key, and an unknown or invalid key the
     * parameters held before, are left to the next configure, so that an operator can set required parameters one at
     * a time and fix one key while another is still wrong.
     */
    public ParameterCheck relevantTo(Collection<String> changed) {
        List<Problem> kept = new ArrayList<>();
        for (Problem p : problems) {
            boolean mine = p.key() == null ? p.reason() != Reason.MISSING : changed.contains(p.key());
            if (mine && p.reason() != Reason.MISSING) {
                kept.add(p);
            }
        }
        return of(kept);
    }

    @Override
    public String toString() {
        return ok() ? "accepted" : problems.toString();
    }
}
