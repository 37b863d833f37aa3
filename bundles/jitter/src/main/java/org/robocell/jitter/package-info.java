/**
 * The loop-jitter harness: {@link org.robocell.jitter.Harness} runs the real control loop of a mock robot
 * ({@link org.robocell.jitter.BenchCell}: the manager's cycle, mock_components/GenericSystem from a URDF, the
 * standard controllers) and a bare reference loop with the same deadline and idle code
 * ({@link org.robocell.jitter.PeriodicLoop}), concurrently, under optional load, and reports wake-up lateness and
 * execution percentiles ({@link org.robocell.jitter.JitterReport}). {@link org.robocell.jitter.ManyRobots} (2.1) runs
 * N robots in one JVM, each on its own thread or all on one ({@link org.robocell.jitter.PhasedLoopGroup}), next to
 * one robot alone.
 */
@Export
@Version("2.2.0")
package org.robocell.jitter;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
