package org.robocell.api.gripper;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

import org.osgi.annotation.versioning.ProviderType;

/** A submitted gripper goal. Its status changes on the control loop; reading it never blocks the loop. */
@ProviderType
public interface GoalHandle {

    long id();

    /** The goal as the controller executes it: a NaN limit of the submitted goal replaced by the default. */
    GripperGoal goal();

    GoalStatus status();

    /** The result once the goal's status is final; empty before. */
    Optional<GoalResult> result();

    /** Waits (off the loop, polling) until the goal's status is final. */
    GoalResult awaitResult(Duration timeout) throws InterruptedException, TimeoutException;

    /** Asks to stop pursuing the goal and hold where the joint is. False when the goal had already ended. */
    boolean cancel();

    /** The gripper's state while the goal executes; empty otherwise. */
    Optional<GripperFeedback> feedback();
}
