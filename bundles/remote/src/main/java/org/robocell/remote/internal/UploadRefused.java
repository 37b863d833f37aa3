package org.robocell.remote.internal;

import java.io.IOException;

/** An upload into deploy/ that is refused or did not finish: nothing of it is left in deploy/. */
final class UploadRefused extends IOException {

    private static final long serialVersionUID = 1L;

    /** Why. */
    enum Reason {
        /** The file is larger than {@code maxUploadBytes}. */
        TOO_LARGE,
        /** deploy/ would hold more than {@code maxDeployBytes}. */
        DEPLOY_FULL,
        /** deploy/ already holds {@code maxDeployFiles} files. */
        TOO_MANY_FILES,
        /** The client sent less than it announced (SCP) before the transfer ended. */
        INCOMPLETE
    }

    final Reason reason;

    UploadRefused(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }
}
