/**
 * Real-time-safe inputs and outputs of controllers, the counterpart of ROS topics: non-real-time code hands a
 * controller its newest command through a {@link org.robocell.api.io.CommandInput} without blocking the loop, and
 * the loop publishes states into a preallocated {@link org.robocell.api.io.StateOutput} that readers copy. Channels
 * are found by name in the {@link org.robocell.api.io.ChannelRegistry} service.
 * <p>
 * 1.1: a command input can name its fields and refuse, whoever offers it, a command of the wrong length or with
 * values its rule does not allow ({@link org.robocell.api.io.CommandInput#of}), and say why in one line.
 */
@Export
@Version("1.1.0")
package org.robocell.api.io;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
