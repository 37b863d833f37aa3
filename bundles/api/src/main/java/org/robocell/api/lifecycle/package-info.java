/**
 * The managed lifecycle that hardware components and controllers share (the ROS 2 lifecycle-node states).
 */
@Export
@Version("1.1.0")
package org.robocell.api.lifecycle;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
