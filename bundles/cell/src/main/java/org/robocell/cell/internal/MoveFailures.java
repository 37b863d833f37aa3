package org.robocell.cell.internal;

/**
 * Why a controller could not move to other code, for a line that goes on to say it was taken out: a refused reload's
 * answer without its closing clause that the old code keeps running (true for a reload by hand, not here).
 */
final class MoveFailures {

    private MoveFailures() {
    }

    static String why(String reloadAnswer) {
        return reloadAnswer.replaceFirst("(; the old (code keeps running|one stays)|, the old code keeps running:)", "")
                .replaceFirst("^Reloading '[^']*' failed ", "");
    }
}
