package org.robocell.api.trajectory;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

import org.osgi.annotation.versioning.ProviderType;

/** A submitted goal. Its status changes on the control loop; reading it never blocks the loop. */
@ProviderType
public interface GoalHandle {

    long id();

    GoalStatus status();

    /** The result once the goal's status is final; empty before. */
    Optional<GoalResult> result();

    /** Waits (off the loop, polling) until the goal's status is final. */
    GoalResult awaitResult(Duration timeout) throws InterruptedException, TimeoutException;

    /** Asks to stop following the goal and hold position. False when the goal had already ended. */
    boolean cancel();

    /** The controller's current desired, actual and error state while the goal executes; empty otherwise. */
    Optional<TrajectoryFeedback> feedback();
}
