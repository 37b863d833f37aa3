package org.robocell.api.motion;

import java.util.List;
import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;
import org.robocell.api.io.Channel;

/**
 * A controller's motion primitive goal input, registered as {@code <controller>/motion_sequence}, the counterpart of
 * the {@code ExecuteMotionPrimitiveSequence} action. One goal at a time: a goal submitted while another is active is
 * rejected. More than one primitive is a blended sequence.
 */
@ProviderType
public interface ExecuteMotionPrimitiveSequence extends Channel {

    /** Validates the goal and hands it to the control loop; never blocks the loop. ACCEPTED or REJECTED (with why). */
    MotionGoalHandle submit(List<MotionPrimitive> motions);

    /** The goal running now, whoever submitted it; empty when none is. */
    Optional<MotionGoalHandle> activeGoal();

    /** The robot's (or executor's) last error in words, when it reported one and can say; empty otherwise. */
    default Optional<String> lastError() {
        return Optional.empty();
    }
}
