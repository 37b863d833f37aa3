package org.robocell.driver.kuka.rsi.internal;

/** How the RSI bundle shows a value from outside (a datagram, a setting) in a one-line message. */
public final class Texts {

    private Texts() {
    }

    /**
     * The text in single quotes, printable ASCII as it is and anything else (a newline, a control character) as a
     * {@code \}{@code u} escape, cut after about 60 characters: one line, whatever the value holds.
     */
    public static String quoted(String text) {
        StringBuilder b = new StringBuilder("'");
        for (int i = 0; i < text.length(); i++) {
            if (b.length() > 60) {
                b.append("...");
                break;
            }
            char c = text.charAt(i);
            if (c >= 0x20 && c <= 0x7E) {
                b.append(c);
            } else {
                b.append(String.format("\\u%04x", (int) c));
            }
        }
        return b.append('\'').toString();
    }
}
