package org.robocell.shell.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A plain-text table with columns sized to their widest cell, for terminal output. */
final class Table {

    private final String[] headers;
    private final List<String[]> rows = new ArrayList<>();

    private Table(String... headers) {
        this.headers = headers;
    }

    static Table of(String... headers) {
        return new Table(headers);
    }

    Table row(Object... cells) {
        if (cells.length != headers.length) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, table has " + headers.length + " columns");
        }
        String[] r = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            r[i] = cells[i] == null ? "-" : String.valueOf(cells[i]);
        }
        rows.add(r);
        return this;
    }

    Table rows(Map<String, String> twoColumns) {
        twoColumns.forEach((k, v) -> row(k, v));
        return this;
    }

    int size() {
        return rows.size();
    }

    String render() {
        int[] widths = new int[headers.length];
        for (int i = 0; i < headers.length; i++) {
            widths[i] = headers[i].length();
        }
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                widths[i] = Math.max(widths[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        line(sb, headers, widths);
        for (String[] r : rows) {
            sb.append('\n');
            line(sb, r, widths);
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, String[] cells, int[] widths) {
        int start = sb.length();
        for (int i = 0; i < cells.length; i++) {
            sb.append(cells[i]);
            if (i < cells.length - 1) {
                sb.append(" ".repeat(widths[i] - cells[i].length() + 2));
            }
        }
        while (sb.length() > start && sb.charAt(sb.length() - 1) == ' ') {
            sb.setLength(sb.length() - 1);
        }
    }
}
