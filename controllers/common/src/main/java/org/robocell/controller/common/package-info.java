/**
 * What the standard controllers share: a {@link org.robocell.controller.common.Pid} loop, the
 * {@link org.robocell.controller.common.ChannelDirectory} (the channel registry implementation), a controller's
 * {@link org.robocell.controller.common.ChannelRegistrations}, {@link org.robocell.controller.common.GoalWait} for
 * action goals' results and helpers for interface names and parameters.
 * <p>
 * 1.3: channels registered for their controller ({@code ChannelRegistrations.ownedBy}) pass to a reloaded
 * instance at the swap.
 */
@Export
@Version("1.4.0")
package org.robocell.controller.common;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
