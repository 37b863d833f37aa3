package org.robocell.driver.franka.control;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Writes flight logs to CSV files on a thread of its own, so that the control thread that caught a control exception
 * only hands the log over ({@link FlightLogCsv#writeAtomically}). One daemon thread, logs written in the order
 * submitted. Close it when the driver stops: logs already submitted are still written.
 */
public final class FlightLogWriter implements AutoCloseable {

    private final ExecutorService thread;

    public FlightLogWriter(String threadName) {
        thread = Executors.newSingleThreadExecutor(task -> {
            Thread t = new Thread(task, threadName);
            t.setDaemon(true);
            return t;
        });
    }

    /** Writes {@code log} to {@code target} off the caller's thread; the future gives the file written. */
    public CompletableFuture<Path> submit(FlightLog log, Path target) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return FlightLogCsv.writeAtomically(log, target);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the flight log " + target + ": " + e.getMessage(), e);
            }
        }, thread);
    }

    /** Finishes the logs submitted (waiting up to 10 s) and stops the thread. */
    @Override
    public void close() {
        thread.shutdown();
        try {
            thread.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
