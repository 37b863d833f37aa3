package org.robocell.cell.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

/**
 * The robot configurations that {@code deploy/} files will make, read from the folder itself: FileInstall's first
 * scan of deploy/ comes after the default cell is first reconciled, and a robot the user put there must not start
 * first with the default cell's configuration.
 */
final class PendingDeployRobots {

    /** FileInstall's name for a factory configuration's file: {@code <factory pid>-<name>.cfg}. */
    private static final String PREFIX = RobotComponent.PID + "-";

    private PendingDeployRobots() {
    }

    /**
     * The configuration PIDs ({@code org.robocell.cell.robot~NAME}) of the folder's visible robot files; none when
     * there is no folder or it cannot be read (FileInstall then reports it).
     */
    static Set<String> pids(Path folder) {
        Set<String> out = new TreeSet<>();
        if (folder == null || !Files.isDirectory(folder)) {
            return out;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, PREFIX + "*.cfg")) {
            for (Path f : files) {
                String file = f.getFileName().toString();
                String name = file.substring(PREFIX.length(), file.length() - ".cfg".length());
                if (!name.isEmpty() && Files.isRegularFile(f)) {
                    out.add(RobotComponent.PID + "~" + name);
                }
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }
}
