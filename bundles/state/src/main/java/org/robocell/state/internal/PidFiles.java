package org.robocell.state.internal;

/**
 * The file name of a PID: letters, digits and {@code . - _ ~} are kept, every other character (and a leading dot,
 * which would hide the file) becomes {@code %} and four hex digits, so every PID has its own portable name.
 */
final class PidFiles {

    static final String SUFFIX = ".config";

    private PidFiles() {
    }

    static String fileName(String pid) {
        StringBuilder sb = new StringBuilder(pid.length() + SUFFIX.length());
        for (int i = 0; i < pid.length(); i++) {
            char c = pid.charAt(i);
            boolean plain = c < 128 && (Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == '~' || c == '.' && i > 0);
            if (plain) {
                sb.append(c);
            } else {
                sb.append('%').append(String.format("%04x", (int) c));
            }
        }
        return sb.append(SUFFIX).toString();
    }
}
