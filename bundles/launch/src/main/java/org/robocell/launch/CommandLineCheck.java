package org.robocell.launch;

import java.io.File;
import java.util.List;
import java.util.Optional;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/**
 * Runs on the system bundle before any bundle is installed (bnd's launcher: {@code Embedded-Activator} with
 * {@link #IMMEDIATE}): {@code --help} prints the usage and a wrong option prints one line and the usage, each at
 * once and without starting the cell, then the process exits. Otherwise it creates the {@code deploy/} folder
 * before FileInstall looks for it.
 */
public final class CommandLineCheck implements BundleActivator {

    /** Read by bnd's launcher: start this activator right after the framework is initialised. */
    public static final String IMMEDIATE = "AFTER_FRAMEWORK_INIT";

    @Override
    public void start(BundleContext context) {
        Optional<List<String>> args = CommandLine.ofThisProcess();
        if (args.isPresent()) {
            try {
                CommandLine line = CommandLine.parse(args.get());
                if (line.help()) {
                    System.out.println(CommandLine.USAGE);
                    System.out.flush();
                    System.exit(0);
                }
                if (line.cell() != null) {
                    System.setProperty(CommandLine.CELL_PROPERTY, cellFolder(line.cell()));
                }
            } catch (IllegalArgumentException e) {
                System.err.println("robocell: " + e.getMessage());
                System.err.println(CommandLine.USAGE);
                System.err.flush();
                System.exit(CommandLine.USAGE_ERROR);
            }
        }
        String deploy = context.getProperty("felix.fileinstall.dir");
        if (deploy != null) {
            new File(deploy).mkdirs();
        }
    }

    /** The folder as an absolute path, or one line saying what is wrong with it. */
    static String cellFolder(String given) {
        File folder = new File(given).getAbsoluteFile();
        if (!folder.isDirectory()) {
            throw new IllegalArgumentException("--cell " + given + ": no such folder (" + folder + ")");
        }
        File[] configurations = folder.listFiles((dir, name) -> name.endsWith(".cfg") || name.endsWith(".urdf"));
        if (configurations == null || configurations.length == 0) {
            throw new IllegalArgumentException("--cell " + given + ": the folder has no .cfg files (one per robot,"
                    + " e.g. org.robocell.cell.robot-arm.cfg) and no fr3.urdf");
        }
        return folder.getPath();
    }

    @Override
    public void stop(BundleContext context) {
        // nothing to undo
    }
}
