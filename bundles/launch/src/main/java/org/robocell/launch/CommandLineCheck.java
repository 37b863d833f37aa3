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
                if (CommandLine.parse(args.get()).help()) {
                    System.out.println(CommandLine.USAGE);
                    System.out.flush();
                    System.exit(0);
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

    @Override
    public void stop(BundleContext context) {
        // nothing to undo
    }
}
