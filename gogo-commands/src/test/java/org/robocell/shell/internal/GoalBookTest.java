package org.robocell.shell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalResult;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.TrajectoryFeedback;

/** The goals the shell sent are one book for every session: listed and found by controller, finished ones dropped. */
class GoalBookTest {

    /** A goal whose status the test sets. */
    private static final class Goal implements GoalHandle {
        private final long id;
        GoalStatus status = GoalStatus.EXECUTING;

        Goal(long id) {
            this.id = id;
        }

        @Override
        public long id() {
            return id;
        }

        @Override
        public GoalStatus status() {
            return status;
        }

        @Override
        public Optional<GoalResult> result() {
            return Optional.empty();
        }

        @Override
        public GoalResult awaitResult(Duration timeout) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean cancel() {
            status = GoalStatus.CANCELED;
            return true;
        }

        @Override
        public Optional<TrajectoryFeedback> feedback() {
            return Optional.empty();
        }
    }

    @Test
    void aGoalSentInOneSessionIsFoundByAnyOtherUntilItEnds() {
        GoalBook book = new GoalBook();
        Goal first = new Goal(1);
        book.sent("kr6/joint_trajectory_controller", first, null);
        Goal other = new Goal(7);
        book.sent("fr3_jtc", other, null);
        assertEquals(List.of("fr3_jtc", "kr6/joint_trajectory_controller"),
                book.running().stream().map(GoalBook.Entry::controller).toList());
        assertEquals(first, book.running("kr6/joint_trajectory_controller").orElseThrow().goal());
        first.cancel();
        assertTrue(book.running("kr6/joint_trajectory_controller").isEmpty());
        assertEquals(List.of("fr3_jtc"), book.running().stream().map(GoalBook.Entry::controller).toList());
    }

    @Test
    void aNewerGoalForTheSameControllerReplacesTheOlderOne() {
        GoalBook book = new GoalBook();
        Goal old = new Goal(1);
        book.sent("jtc", old, null);
        old.status = GoalStatus.ABORTED; // preempted by the controller
        Goal newer = new Goal(2);
        book.sent("jtc", newer, null);
        assertEquals(newer, book.running("jtc").orElseThrow().goal());
    }
}
