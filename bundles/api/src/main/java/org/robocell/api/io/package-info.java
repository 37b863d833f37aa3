/**
 * Real-time-safe inputs and outputs of controllers, the counterpart of ROS topics: non-real-time code hands a
 * controller its newest command through a {@link org.robocell.api.io.CommandInput} without blocking the loop, and
 * the loop publishes states into a preallocated {@link org.robocell.api.io.StateOutput} that readers copy. Channels
 * are found by name in the {@link org.robocell.api.io.ChannelRegistry} service.
 * <p>
 * 1.1: a command input can name its fields and refuse, whoever offers it, a command of the wrong length or with
 * values its rule does not allow ({@link org.robocell.api.io.CommandInput#of}), and say why in one line.
 * <p>
 * 1.2: a channel name can be registered for an owner ({@link org.robocell.api.io.ChannelRegistry#register(String,
 * org.robocell.api.io.Channel, String)}), so that a controller's reloaded instance takes its names over from the old
 * one at the swap instead of being refused.
 * <p>
 * 1.3: a command input with fields can also refuse what its own test does not accept, and say what it takes
 * ({@link org.robocell.api.io.CommandInput#of(String, java.util.List, org.robocell.api.io.CommandInput.ValueRule,
 * java.util.function.Predicate, String)}).
 */
@Export
@Version("1.3.0")
package org.robocell.api.io;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
