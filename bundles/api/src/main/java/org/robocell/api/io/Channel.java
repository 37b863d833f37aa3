package org.robocell.api.io;

import org.osgi.annotation.versioning.ConsumerType;

/** A named input to or output from a controller, such as {@code arm_controller/commands}. */
@ConsumerType
public interface Channel {

    /** The channel's name, by convention {@code <controller>/<topic>}. */
    String name();
}
