/**
 * The robot model read from a URDF: links, joints, limits and inertials, as immutable values.
 * Kinematics, the description parser and the resource manager all speak this model.
 */
@Export
@Version("1.1.0")
package org.robocell.api.model;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
