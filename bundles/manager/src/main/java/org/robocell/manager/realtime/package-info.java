/**
 * Real-time settings of a thread on Linux (SCHED_FIFO priority, CPU affinity) and of the process (mlockall),
 * through JNA when it is installed: {@link org.robocell.manager.realtime.RealTime}. The manager's loop thread takes
 * them from {@link org.robocell.manager.LoopConfig}; the loop-jitter harness uses them for its own threads.
 */
@Export
@Version("1.0.0")
package org.robocell.manager.realtime;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
