package org.robocell.driver.franka.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.robocell.controller.testkit.AllocationMeter;

class FlightRecorderTest {

    @TempDir
    Path directory;

    @Test
    void after120RecordsOnlyTheLast50AreWrittenOldestFirst() {
        FlightRecorder recorder = new FlightRecorder();
        Recordings recording = new Recordings();
        for (long id = 1; id <= 120; id++) {
            recorder.record(recording.at(id), recording);
        }
        String[] lines = FlightLogCsv.toCsv(recorder.flush()).split("\n", -1);
        assertEquals(52, lines.length, "header, 50 records, and the last line's end");
        assertEquals("", lines[51]);
        for (int i = 0; i < 50; i++) {
            String[] columns = lines[1 + i].split(",");
            assertEquals(87, columns.length, "line " + (i + 1));
            assertEquals(Long.toString(71 + i), columns[0], "time of line " + (i + 1));
            assertEquals(Double.toString(71 + i + 0.01), columns[3], "state.q[1]");
            assertEquals(Double.toString(71 + i + 0.5 + 0.06), columns[2 + 41], "state.tau_ext_hat_filtered[6]");
            assertEquals(Double.toString(-(71 + i) + 0.006), columns[86], "cmd.tau_J_d[6]");
        }
        assertEquals(0, recorder.size(), "a flush empties the ring");
        assertTrue(recorder.flush().isEmpty());
    }

    @Test
    void theHeaderHasLibfrankasColumnNames() {
        String header = FlightLogCsv.headerLine();
        String[] names = header.split(",");
        assertEquals(87, names.length);
        assertTrue(header.startsWith("time,success_rate,state.q[0],state.q[1],state.q[2],state.q[3],state.q[4],"
                + "state.q[5],state.q[6],state.q_d[0],"), header);
        assertTrue(header.contains(",state.tau_ext_hat_filtered[6],cmd.q_d[0],"), header);
        assertTrue(header.contains(",cmd.O_T_EE_d[15],cmd.O_dP_EE_d[0],"), header);
        assertTrue(header.endsWith(",cmd.O_dP_EE_d[5],cmd.tau_J_d[0],cmd.tau_J_d[1],cmd.tau_J_d[2],cmd.tau_J_d[3],"
                + "cmd.tau_J_d[4],cmd.tau_J_d[5],cmd.tau_J_d[6]"), header);
    }

    @Test
    void aPartlyFilledRingFlushesWhatItHasInOrderAndNoCommandIsZeros() {
        FlightRecorder recorder = new FlightRecorder(50);
        Recordings recording = new Recordings();
        recorder.record(recording.at(7), recording);
        recorder.record(recording.at(8), null);
        FlightLog log = recorder.flush();
        assertEquals(2, log.size());
        assertEquals(7, log.messageId(0));
        assertEquals(8, log.messageId(1));
        assertEquals(7.6, log.qC(0)[0]);
        assertEquals(0.0, log.qC(1)[0], "no command sent: zeros");
        assertEquals(0.0, log.tauJD(1)[6]);
        assertEquals(8.01, log.q(1)[1]);
        assertEquals(7.11, log.qD(0)[1], 1e-12);
        assertEquals(7.22, log.dq(0)[2], 1e-12);
        assertEquals(7.33, log.dqD(0)[3], 1e-12);
        assertEquals(7.44, log.tauJ(0)[4], 1e-12);
        assertEquals(7.56, log.tauExtHatFiltered(0)[6], 1e-12);
        assertEquals(7.701, log.dqC(0)[1], 1e-12);
        assertEquals(7.815, log.oTEEc(0)[15], 1e-12);
        assertEquals(7.905, log.oDPEEc(0)[5], 1e-12);
        assertEquals(-7.0, log.tauJD(0)[0]);
        assertThrows(IndexOutOfBoundsException.class, () -> log.messageId(2));
    }

    @Test
    void aRecorderOfSizeZeroKeepsNothing() {
        FlightRecorder recorder = new FlightRecorder(0);
        Recordings recording = new Recordings();
        recorder.record(recording.at(1), recording);
        assertTrue(recorder.flush().isEmpty());
        assertEquals("", FlightLogCsv.toCsv(FlightLog.empty()));
        assertThrows(IllegalArgumentException.class, () -> new FlightRecorder(-1));
    }

    @Test
    void notANumberAndInfinityAreWrittenAsCppWritesThem() {
        FlightRecorder recorder = new FlightRecorder(1);
        Recordings recording = new Recordings().at(3);
        recording.successRate = Double.NaN;
        recording.tau[0] = Double.POSITIVE_INFINITY;
        recording.tau[1] = Double.NEGATIVE_INFINITY;
        recorder.record(recording, recording);
        String[] columns = FlightLogCsv.toCsv(recorder.flush()).split("\n")[1].split(",");
        assertEquals("nan", columns[1]);
        assertEquals("inf", columns[80]);
        assertEquals("-inf", columns[81]);
    }

    @Test
    void recordingAllocatesNothing() {
        FlightRecorder recorder = new FlightRecorder();
        Recordings recording = new Recordings().at(1);
        for (int i = 0; i < 20_000; i++) {
            recording.id = i;
            recorder.record(recording, i % 3 == 0 ? null : recording);
        }
        assertEquals(0, AllocationMeter.fewestBytes(() -> {
            for (int i = 0; i < 5_000; i++) {
                recording.id = i;
                recorder.record(recording, i % 3 == 0 ? null : recording);
            }
        }), "bytes allocated in 5000 records");
    }

    @Test
    void theFileIsWrittenWholeReplacingTheOldOneAndNoTemporaryFileIsLeft() throws IOException {
        Path target = directory.resolve("logs/control_exception.csv");
        FlightRecorder recorder = new FlightRecorder();
        Recordings recording = new Recordings();
        recorder.record(recording.at(1), recording);
        FlightLogCsv.writeAtomically(recorder.flush(), target);
        for (long id = 1; id <= 60; id++) {
            recorder.record(recording.at(id), recording);
        }
        FlightLog log = recorder.flush();
        FlightLogCsv.writeAtomically(log, target);
        assertEquals(FlightLogCsv.toCsv(log), Files.readString(target));
        try (Stream<Path> files = Files.list(target.getParent())) {
            assertEquals(List.of(target), files.toList(), "only the log itself");
        }
    }

    @Test
    void aWriterKilledWhileWritingNeverLeavesAHalfFile() throws Exception {
        Path target = directory.resolve("flight.csv");
        Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), EndlessFlightLogWriter.class.getName(),
                target.toString()).redirectErrorStream(true).start();
        try {
            // bounded wait until the writer has replaced the file a few times, then kill it mid-stride
            long firstSize = -1;
            for (int i = 0; i < 600 && (firstSize < 0 || writes(target) < 2); i++) {
                Thread.sleep(50);
                if (firstSize < 0 && Files.exists(target)) {
                    firstSize = Files.size(target);
                }
            }
            assertTrue(writes(target) >= 2, "the writer got going");
        } finally {
            writer.destroyForcibly();
            assertTrue(writer.waitFor(30, TimeUnit.SECONDS));
        }
        List<String> lines = Files.readAllLines(target);
        assertEquals(FlightLogCsv.headerLine(), lines.get(0));
        assertEquals(1 + EndlessFlightLogWriter.RECORDS, lines.size(), "every record, none cut off");
        for (String line : lines.subList(1, lines.size())) {
            assertEquals(87, line.split(",").length, line);
        }
        assertTrue(Files.readString(target).endsWith("\n"));
    }

    /** How many times the endless writer has finished the file (its first column of the last line). */
    private static long writes(Path target) throws IOException {
        if (!Files.exists(target)) {
            return 0;
        }
        List<String> lines = Files.readAllLines(target);
        return lines.size() < 2 ? 0 : Long.parseLong(lines.get(1).split(",")[0]) / 1_000_000;
    }

    @Test
    void theWriterWritesOffTheCallersThread() throws Exception {
        FlightRecorder recorder = new FlightRecorder();
        Recordings recording = new Recordings();
        recorder.record(recording.at(5), recording);
        FlightLog log = recorder.flush();
        Path target = directory.resolve("off-thread.csv");
        try (FlightLogWriter writer = new FlightLogWriter("flight-log-writer")) {
            String[] thread = new String[1];
            Path written = writer.submit(log, target).whenComplete((path, failure) ->
                    thread[0] = Thread.currentThread().getName()).get(30, TimeUnit.SECONDS);
            assertEquals(target.toAbsolutePath(), written);
            assertEquals(FlightLogCsv.toCsv(log), Files.readString(target));
            assertNotEquals(Thread.currentThread().getName(), thread[0]);
        }
    }

    @Test
    void theControlExceptionMessageIsLibfrankasWithTheLostPacketsOfTheLastSample() {
        FlightRecorder recorder = new FlightRecorder();
        Recordings recording = new Recordings();
        recording.successRate = 0.98;
        recorder.record(recording.at(100), recording);
        recording.successRate = 0.0; // the last state's rate is always 0 after a reflex
        recorder.record(recording.at(106), recording);
        FlightLog log = recorder.flush();
        assertEquals("Motion aborted by reflex! [\"joint_velocity_violation\"]\n"
                        + "control_command_success_rate: 0.931 packets lost in a row in the last sample: 5",
                FrankaControlException.message("Motion aborted by reflex!", true, "[\"joint_velocity_violation\"]",
                        log));
        assertEquals("libfranka: Move command aborted: motion aborted by reflex!",
                FrankaControlException.message("libfranka: Move command aborted: motion aborted by reflex!", false,
                        "", log));
        FrankaControlException exception = new FrankaControlException("stop", log);
        assertEquals(2, exception.log().size());
        assertEquals("0.123457", FrankaControlException.sixDigits(0.1234567));
        assertEquals("1", FrankaControlException.sixDigits(1.0));
    }
}
