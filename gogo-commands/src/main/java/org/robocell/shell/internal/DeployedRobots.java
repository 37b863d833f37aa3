package org.robocell.shell.internal;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The robots that {@code deploy/} files configure ({@code org.robocell.cell.robot-NAME.cfg}, FileInstall's form of
 * a factory configuration), read from the folder itself: a script's first command may run before FileInstall's first
 * scan has handed them to ConfigAdmin, and must wait for them rather than answer "no robot".
 */
final class DeployedRobots {

    private static final String PREFIX = "org.robocell.cell.robot-";

    private DeployedRobots() {
    }

    /** The robots' names ({@code name=}, else the file's NAME part); none when the folder cannot be read. */
    static List<String> names(Path folder) {
        List<String> out = new ArrayList<>();
        if (folder == null || !Files.isDirectory(folder)) {
            return out;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, PREFIX + "*.cfg")) {
            for (Path f : files) {
                String file = f.getFileName().toString();
                String fallback = file.substring(PREFIX.length(), file.length() - ".cfg".length());
                Properties p = new Properties();
                try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
                    p.load(r);
                } catch (IOException | IllegalArgumentException e) {
                    // a file FileInstall will report itself; its robot is not waited for
                    continue;
                }
                out.add(p.getProperty("name", fallback).trim());
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }
}
