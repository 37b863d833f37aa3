package org.robocell.driver.franka.control;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A {@link FlightLog} as CSV, with libfranka's columns and header names ({@code src/logging/robot_state_log.cpp},
 * {@code logToCSV}): {@code time} (the {@code message_id}, ms), {@code success_rate}, {@code state.q[0..6]}, {@code
 * state.q_d}, {@code state.dq}, {@code state.dq_d}, {@code state.tau_J}, {@code state.tau_ext_hat_filtered}, then
 * {@code cmd.q_d} (the commanded {@code q_c}), {@code cmd.dq_d}, {@code cmd.O_T_EE_d[0..15]}, {@code
 * cmd.O_dP_EE_d[0..5]}, {@code cmd.tau_J_d}; one line per record, oldest first. Numbers are written in full
 * (shortest round-trip form, {@code nan} and {@code inf} as C++ writes them) where libfranka's stream keeps six
 * significant digits.
 */
public final class FlightLogCsv {

    private static final String[] STATE_NAMES = {
        "state.q", "state.q_d", "state.dq", "state.dq_d", "state.tau_J", "state.tau_ext_hat_filtered"};
    private static final String[] COMMAND_NAMES = {
        "cmd.q_d", "cmd.dq_d", "cmd.O_T_EE_d", "cmd.O_dP_EE_d", "cmd.tau_J_d"};
    private static final String HEADER = header();

    private FlightLogCsv() {
    }

    /** The header line, without its line end. */
    public static String headerLine() {
        return HEADER;
    }

    /** The whole CSV text; empty for an empty log (as libfranka's {@code logToCSV}). */
    public static String toCsv(FlightLog log) {
        StringBuilder out = new StringBuilder();
        try {
            write(log, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not throw
        }
        return out.toString();
    }

    /** Writes the CSV text of {@code log} to {@code out}. */
    public static void write(FlightLog log, Appendable out) throws IOException {
        if (log.isEmpty()) {
            return;
        }
        out.append(HEADER).append('\n');
        for (int i = 0; i < log.size; i++) {
            out.append(Long.toString(log.messageIds[i])).append(',').append(number(log.successRates[i]));
            for (int k = 0; k < FlightLog.STATE_DOUBLES; k++) {
                out.append(',').append(number(log.states[i * FlightLog.STATE_DOUBLES + k]));
            }
            for (int k = 0; k < FlightLog.COMMAND_DOUBLES; k++) {
                out.append(',').append(number(log.commands[i * FlightLog.COMMAND_DOUBLES + k]));
            }
            out.append('\n');
        }
    }

    /**
     * Writes the CSV file {@code target} so that it is never seen half-written: the text goes to a hidden temporary
     * file beside it ({@code .NAME.*.tmp}), is forced to disk, and is then moved over {@code target} in one atomic
     * step. A process killed meanwhile leaves the old {@code target} (or none) and at most the temporary file.
     */
    public static Path writeAtomically(FlightLog log, Path target) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path directory = absolute.getParent();
        Files.createDirectories(directory);
        Path temporary = Files.createTempFile(directory, "." + absolute.getFileName() + ".", ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE);
                    Writer writer = new BufferedWriter(Channels.newWriter(channel, StandardCharsets.UTF_8))) {
                write(log, writer);
                writer.flush();
                channel.force(true);
            }
            return Files.move(temporary, absolute, StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
    }

    private static String number(double value) {
        if (Double.isNaN(value)) {
            return "nan";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        return Double.toString(value);
    }

    private static String header() {
        StringBuilder header = new StringBuilder("time,success_rate");
        for (int f = 0; f < STATE_NAMES.length; f++) {
            columns(header, STATE_NAMES[f], FlightLog.STATE_SIZES[f]);
        }
        for (int f = 0; f < COMMAND_NAMES.length; f++) {
            columns(header, COMMAND_NAMES[f], FlightLog.COMMAND_SIZES[f]);
        }
        return header.toString();
    }

    private static void columns(StringBuilder header, String name, int count) {
        for (int i = 0; i < count; i++) {
            header.append(',').append(name).append('[').append(i).append(']');
        }
    }
}
