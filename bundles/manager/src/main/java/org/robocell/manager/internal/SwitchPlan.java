package org.robocell.manager.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.robocell.api.cell.Reason;
import org.robocell.api.cell.SwitchResult;

/** What the {@link SwitchPlanner} made of a switch request, before anything reached the loop. */
sealed interface SwitchPlan {

    /** Under the manager's lock: hands a commit to the loop, or answers at once; the requester's answer. */
    CompletionStage<SwitchResult> start(CommitTracker commits);

    /** The request cannot be done as asked; nothing changes. */
    record Refused(SwitchResult answer) implements SwitchPlan {
        static Refused because(Reason reason, String message) {
            return new Refused(SwitchResult.failed(reason, message));
        }

        @Override
        public CompletionStage<SwitchResult> start(CommitTracker commits) {
            return CompletableFuture.completedFuture(answer);
        }
    }

    /** Every controller is where the request wants it already (or BEST_EFFORT dropped everything). */
    record NothingToDo(SwitchResult answer) implements SwitchPlan {
        @Override
        public CompletionStage<SwitchResult> start(CommitTracker commits) {
            return CompletableFuture.completedFuture(answer);
        }
    }

    /** A commit for the loop to take at the next cycle boundary. */
    record Ready(Commit commit) implements SwitchPlan {
        @Override
        public CompletionStage<SwitchResult> start(CommitTracker commits) {
            commits.submit(commit);
            return commit.future.copy();
        }
    }

    /** One thing that keeps a controller from being switched. */
    record Problem(Reason reason, String message) {
    }
}
