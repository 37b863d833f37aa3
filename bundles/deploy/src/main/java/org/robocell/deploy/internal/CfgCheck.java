package org.robocell.deploy.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import org.apache.felix.cm.file.ConfigurationHandler;

/**
 * Finds the line of a .cfg file that FileInstall could not read. FileInstall (3.7.4, through Felix utils'
 * {@code TypedProperties}) reads a .cfg as Java properties (ISO-8859-1, {@code \}-continued lines, {@code \}uXXXX
 * escapes); when every value is written in ConfigAdmin's typed form ({@code I"5"}, {@code ["a","b"]}) the whole file
 * is typed and each value must parse as one. Its error messages carry no line number; this check gives one.
 */
final class CfgCheck {

    /** A problem and the line (from 1) it starts on. */
    record LineProblem(int line, String text) {
        @Override
        public String toString() {
            return "line " + line + ": " + text;
        }
    }

    /** FileInstall's test for a typed value ({@code Properties.PropertiesReader}, Felix utils 1.11.2). */
    private static final Pattern TYPED = Pattern.compile("\\s*[TILFDXSCBilfdxscb]?(\\[[\\S\\s]*\\]|\\{[\\S\\s]*\\}|\"[\\S\\s]*\")\\s*");

    private record Entry(int line, String key, String value) {
    }

    private CfgCheck() {
    }

    static Optional<LineProblem> firstProblem(Path cfg) throws IOException {
        return firstProblem(new String(Files.readAllBytes(cfg), StandardCharsets.ISO_8859_1));
    }

    static Optional<LineProblem> firstProblem(String text) {
        if (text.stripLeading().startsWith("<")) {
            return Optional.empty(); // XML properties: the XML parser's message names the line
        }
        List<Entry> entries = new ArrayList<>();
        String[] lines = text.split("\r\n|\n|\r", -1);
        for (int i = 0; i < lines.length; i++) {
            int start = i;
            String line = lines[i].stripLeading();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("!")) {
                continue;
            }
            StringBuilder logical = new StringBuilder(line);
            while (endsWithContinuation(logical) && i + 1 < lines.length) {
                logical.setLength(logical.length() - 1);
                logical.append(lines[++i].stripLeading());
            }
            String escape = badUnicodeEscape(logical);
            if (escape != null) {
                return Optional.of(new LineProblem(start + 1, "malformed \\uXXXX escape '" + escape + "'"));
            }
            entries.add(split(start + 1, logical.toString()));
        }
        boolean typed = !entries.isEmpty() && entries.stream().allMatch(e -> TYPED.matcher(e.value).matches());
        if (!typed) {
            return Optional.empty();
        }
        for (Entry e : entries) {
            try {
                ConfigurationHandler.read(new ByteArrayInputStream(("k=" + e.value.strip()).getBytes(StandardCharsets.UTF_8)));
            } catch (IOException | RuntimeException ex) {
                return Optional.of(new LineProblem(e.line, "'" + e.key + "' is not a typed value (" + ex.getMessage()
                        + "); every value of this file is typed, as in I\"5\" or [\"a\",\"b\"]"));
            }
        }
        return Optional.empty();
    }

    private static boolean endsWithContinuation(CharSequence s) {
        int backslashes = 0;
        for (int i = s.length() - 1; i >= 0 && s.charAt(i) == '\\'; i--) {
            backslashes++;
        }
        return backslashes % 2 == 1;
    }

    private static String badUnicodeEscape(CharSequence s) {
        for (int i = 0; i < s.length() - 1; i++) {
            if (s.charAt(i) != '\\') {
                continue;
            }
            if (s.charAt(i + 1) == 'u') {
                int end = Math.min(s.length(), i + 6);
                String hex = s.subSequence(i + 2, end).toString();
                if (hex.length() < 4 || !hex.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
                    return s.subSequence(i, end).toString();
                }
            }
            i++; // an escaped character
        }
        return null;
    }

    /** Key and value of a logical line, split as java.util.Properties splits them ({@code =}, {@code :} or blank). */
    private static Entry split(int line, String logical) {
        int i = 0;
        while (i < logical.length()) {
            char c = logical.charAt(i);
            if (c == '\\') {
                i += 2;
                continue;
            }
            if (c == '=' || c == ':' || Character.isWhitespace(c)) {
                break;
            }
            i++;
        }
        String key = logical.substring(0, Math.min(i, logical.length()));
        int v = i;
        while (v < logical.length() && Character.isWhitespace(logical.charAt(v))) {
            v++;
        }
        if (v < logical.length() && (logical.charAt(v) == '=' || logical.charAt(v) == ':')) {
            v++;
        }
        return new Entry(line, key, logical.substring(Math.min(v, logical.length())));
    }
}
