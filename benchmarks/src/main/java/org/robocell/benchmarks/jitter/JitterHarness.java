package org.robocell.benchmarks.jitter;

import org.robocell.jitter.BenchCell;
import org.robocell.jitter.Harness;
import org.robocell.jitter.JitterOptions;
import org.robocell.jitter.JitterReport;

/**
 * The loop-jitter harness from the command line:
 * {@code java -cp benchmarks/target/benchmarks.jar org.robocell.benchmarks.jitter.JitterHarness --rate 1000 --seconds 60}
 * (or {@code benchmarks/jitter.sh}, which also chooses the GC and pre-touch). Prints the report table; exit status
 * 0, or 2 for bad options.
 */
public final class JitterHarness {

    private JitterHarness() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
            System.out.println("java -cp benchmarks.jar org.robocell.benchmarks.jitter.JitterHarness [options]");
            System.out.println(JitterOptions.USAGE);
            return;
        }
        JitterOptions options;
        try {
            options = JitterOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        BenchCell cell = Cells.create(options.robot(), options.rate());
        JitterReport report = Harness.run(options, cell, null, System.out::println);
        System.out.println();
        System.out.print(report.table());
    }
}
