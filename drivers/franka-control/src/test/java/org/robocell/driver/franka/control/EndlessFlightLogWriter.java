package org.robocell.driver.franka.control;

import java.nio.file.Path;

/**
 * A process that writes a large flight log to one file over and over, for {@link FlightRecorderTest} to kill. The
 * n-th file's records have ids {@code n * 1e6 + i}.
 */
public final class EndlessFlightLogWriter {

    static final int RECORDS = 5_000;

    private EndlessFlightLogWriter() {
    }

    public static void main(String[] args) throws Exception {
        Path target = Path.of(args[0]);
        FlightRecorder recorder = new FlightRecorder(RECORDS);
        Recordings recording = new Recordings();
        for (long round = 1; ; round++) {
            for (int i = 0; i < RECORDS; i++) {
                recorder.record(recording.at(round * 1_000_000 + i), recording);
            }
            FlightLogCsv.writeAtomically(recorder.flush(), target);
        }
    }
}
