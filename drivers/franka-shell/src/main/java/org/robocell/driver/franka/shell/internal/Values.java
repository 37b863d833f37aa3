package org.robocell.driver.franka.shell.internal;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Numbers on a franka:* command line, read as the rest of RoboCell's shell reads them (as YAML writes them:
 * {@code 0.35}, {@code -1e-3}); never Java's {@code NaN}, {@code Infinity}, {@code 0x1p3} or {@code 1d}. Each
 * refusal names the value by its position and its field.
 */
final class Values {

    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");

    private Values() {
    }

    /** {@code words} as numbers; {@code field(i)} names value {@code i} in a refusal. */
    static double[] parse(List<String> words, java.util.function.IntFunction<String> field) {
        double[] values = new double[words.size()];
        for (int i = 0; i < values.length; i++) {
            String w = words.get(i).trim();
            if (!NUMBER.matcher(w).matches()) {
                throw new FrankaShellException("value " + (i + 1) + " (" + field.apply(i) + ") is '" + w
                        + "', not a number");
            }
            values[i] = Double.parseDouble(w);
            if (!Double.isFinite(values[i])) {
                throw new FrankaShellException("value " + (i + 1) + " (" + field.apply(i) + ") is '" + w
                        + "', beyond any finite number");
            }
        }
        return values;
    }

    /** The words as strings, whatever Gogo made of them. */
    static List<String> words(List<?> arguments) {
        return arguments == null ? List.of() : arguments.stream().map(String::valueOf).toList();
    }
}
