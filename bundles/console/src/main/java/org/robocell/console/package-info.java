/**
 * The console's one service for other bundles: {@link org.robocell.console.ShellRunner} runs RoboCell's interactive
 * shell (profile, prompt, completion, history) on a terminal that another bundle owns, such as an SSH channel; and
 * {@link org.robocell.console.Example}, the example {@code help COMMAND} shows for a command.
 */
@Export
@Version("1.3.0")
package org.robocell.console;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
