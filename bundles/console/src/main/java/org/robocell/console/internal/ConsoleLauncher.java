package org.robocell.console.internal;

import java.io.File;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import org.apache.felix.gogo.jline.Builtin;
import org.apache.felix.gogo.jline.Converters;
import org.apache.felix.gogo.jline.Posix;
import org.apache.felix.gogo.jline.Procedural;
import org.apache.felix.gogo.jline.Shell;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.FrameworkListener;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.robocell.console.ShellRunner;

/**
 * Registers the Gogo shell's own commands and decides what the runtime's main thread does, from the command line
 * the launcher received:
 * <ul>
 * <li>{@code --script FILE}: run the commands in FILE, print their output, exit 0 or 1 with the failing line;</li>
 * <li>on a terminal: the interactive Gogo shell (completion, history) until {@code exit} or Ctrl-D;</li>
 * <li>without a terminal (a service): block, without spinning, until the framework stops.</li>
 * </ul>
 * The main-thread service is only offered when the framework property {@code robocell.console} is true, so test
 * frameworks keep their own main thread.
 */
@Component(immediate = true)
public final class ConsoleLauncher {

    private static final String LAUNCHER_ARGUMENTS = "launcher.arguments";
    private static final System.Logger LOG = System.getLogger("org.robocell.console");

    private final BundleContext context;
    private final CommandProcessor processor;
    private final Shell shell;
    private final InteractiveShell interactiveShell;
    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile boolean mainThreadRunning;
    private volatile long shellReadyMillis = -1;
    /** The thread reading the local terminal while the interactive shell runs: a shutdown from elsewhere wakes it. */
    private volatile Thread interactiveThread;
    /** Who asked for the shutdown ("by ...", "on the local console"), for the main thread to log. */
    private volatile String shutdownRequested;
    private final FrameworkListener stopListener = event -> {
        if (event.getType() == FrameworkEvent.STOPPED) {
            stopped.countDown();
        }
    };

    @Activate
    public ConsoleLauncher(BundleContext context, @Reference CommandProcessor processor) {
        this.context = context;
        this.processor = processor;
        this.shell = new Shell(new ShellContext(), processor);
        this.interactiveShell = new InteractiveShell(shell, processor, context.getBundle().getEntry("gosh_profile"));
        registerShellCommands();
        if (Boolean.parseBoolean(context.getProperty("robocell.console"))) {
            oneLineLogs();
            ensureDeployFolder();
            Hashtable<String, Object> props = new Hashtable<>();
            props.put("main.thread", Boolean.TRUE);
            registrations.add(context.registerService(Callable.class.getName(), new MainThread(), props));
        }
    }

    @Deactivate
    void deactivate() {
        stopped.countDown();
        interactiveShell.stop();
        for (ServiceRegistration<?> r : registrations) {
            try {
                r.unregister();
            } catch (IllegalStateException alreadyGone) {
                // unregistered by the framework while stopping
            }
        }
    }

    private void registerShellCommands() {
        registrations.add(context.registerService(Converter.class.getName(),
                new Converters(context.getBundle(0).getBundleContext()), null));
        register(new Builtin());
        register(new Procedural());
        register(new Posix(processor));
        register(shell);
        // in the gogo scope, ranked above system:exit(int), which would kill the JVM without stopping bundles
        register(new ExitCommand(this::requestExit, this::requestShutdown, () -> shellReadyMillis), "gogo",
                ExitCommand.FUNCTIONS);
        // in the felix scope, ranked above gogo.command's felix:update, which stops a bundle before it finds out that
        // the new content cannot be read
        register(new UpdateCommand(context), "felix", UpdateCommand.FUNCTIONS);
        // in the gogo scope, which the profile puts first, so "help" is RoboCell's and not Felix's list of every name
        // ranked above the Gogo shell's own help, which is registered in the same scope
        register(new HelpCommand(), "gogo", HelpCommand.FUNCTIONS, 200);
        // other bundles (the SSH server) run this same shell on terminals of their own
        ShellRunner runner = (session, terminal) -> interactiveShell.run(session, terminal, false);
        registrations.add(context.registerService(ShellRunner.class, runner, null));
    }

    private void register(Object commands) {
        register(commands, "gogo", declaredFunctions(commands.getClass()));
    }

    private void register(Object commands, String scope, String[] functions) {
        register(commands, scope, functions, 100);
    }

    private void register(Object commands, String scope, String[] functions, int ranking) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(CommandProcessor.COMMAND_SCOPE, scope);
        props.put(CommandProcessor.COMMAND_FUNCTION, functions);
        props.put(org.osgi.framework.Constants.SERVICE_RANKING, ranking);
        registrations.add(context.registerService(commands.getClass().getName(), commands, props));
    }

    /**
     * With a main thread, ending it lets the launcher stop the framework and exit 0; without one (a test
     * framework, a plain Felix) the framework is stopped directly.
     */
    private void requestExit() {
        if (mainThreadRunning) {
            stopped.countDown();
            interactiveShell.stop();
            Thread local = interactiveThread;
            if (local != null && local != Thread.currentThread()) {
                // a shutdown from a remote session: the local shell sees the stop flag only after its read, which
                // would wait for someone to press Enter; the interrupt ends the read
                local.interrupt();
            }
        } else {
            try {
                context.getBundle(0).stop();
            } catch (BundleException | IllegalStateException e) {
                throw new IllegalStateException("cannot stop the framework: " + e.getMessage(), e);
            }
        }
    }

    /**
     * {@code shutdown}. The main thread logs who asked: a log line written on the command's own thread would go to
     * that command's session (Gogo's ThreadIO switches System.err per thread), which may be the remote client's.
     */
    private void requestShutdown(String who) {
        shutdownRequested = who;
        if (!mainThreadRunning) {
            LOG.log(System.Logger.Level.INFO, "shutdown requested {0}", who);
        }
        requestExit();
    }

    private void logShutdownRequest() {
        String who = shutdownRequested;
        if (who != null) {
            LOG.log(System.Logger.Level.INFO, "shutdown requested {0}", who);
        }
    }

    /** Each Gogo JLine command class lists its command names in a package-private static field. */
    private static String[] declaredFunctions(Class<?> commandClass) {
        try {
            java.lang.reflect.Field f = commandClass.getDeclaredField("functions");
            f.setAccessible(true);
            return (String[]) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read the command names of " + commandClass.getName(), e);
        }
    }

    /** The runtime owns the process: its console handler prints records as single lines. */
    private static void oneLineLogs() {
        for (java.util.logging.Handler h : java.util.logging.Logger.getLogger("").getHandlers()) {
            if (h instanceof java.util.logging.ConsoleHandler) {
                h.setFormatter(new OneLineLogFormat());
            }
        }
    }

    /** FileInstall polls the folder; a fresh checkout has none. */
    private void ensureDeployFolder() {
        String dir = context.getProperty("felix.fileinstall.dir");
        if (dir != null) {
            new File(dir).mkdirs();
        }
    }

    /** The launcher calls this on its main thread and exits with the returned status. */
    private final class MainThread implements Callable<Integer> {
        @Override
        public Integer call() throws Exception {
            mainThreadRunning = true;
            shellReadyMillis = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
            Options options;
            try {
                options = Options.parse(launcherArguments());
            } catch (IllegalArgumentException e) {
                System.err.println("robocell: " + e.getMessage());
                System.err.println(Options.USAGE);
                return 64;
            }
            if (options.help()) {
                System.out.println(Options.USAGE);
                return 0;
            }
            try {
                if (options.script() != null) {
                    return runScript(Path.of(options.script()));
                }
                if (!options.headless() && System.console() != null) {
                    return interactive();
                }
                return headless();
            } finally {
                logShutdownRequest();
            }
        }
    }

    /**
     * The process's own stdout and stderr. Gogo redirects {@code System.out} to the session that runs a command, so
     * a session must not write to {@code System.out} itself: that would loop.
     */
    private int runScript(Path file) {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true);
        CommandSession session = processor.createSession(new FileInputStream(FileDescriptor.in), out, err);
        try {
            return new ScriptRunner(session, out, err).run(file);
        } finally {
            session.close();
        }
    }

    private int interactive() throws Exception {
        try (Terminal terminal = TerminalBuilder.builder().system(true).nativeSignals(true)
                .signalHandler(Terminal.SignalHandler.SIG_IGN).build()) {
            CommandSession session = processor.createSession(terminal.input(), terminal.output(), terminal.output());
            interactiveThread = Thread.currentThread();
            try {
                interactiveShell.run(session, terminal, true);
            } finally {
                interactiveThread = null;
                Thread.interrupted(); // a remote shutdown's interrupt has done its work
                session.close();
            }
        }
        return 0;
    }

    private int headless() throws InterruptedException {
        System.out.println("RoboCell running headless (no terminal); stop it with SIGTERM.");
        context.getBundle(0).getBundleContext().addFrameworkListener(stopListener);
        stopped.await();
        return 0;
    }

    private String[] launcherArguments() {
        try {
            ServiceReference<?>[] refs = context.getServiceReferences((String) null, "(" + LAUNCHER_ARGUMENTS + "=*)");
            if (refs != null) {
                for (ServiceReference<?> ref : refs) {
                    if (ref.getProperty(LAUNCHER_ARGUMENTS) instanceof String[] a) {
                        return a;
                    }
                }
            }
        } catch (Exception e) {
            // no launcher service: no arguments
        }
        return new String[0];
    }

    private final class ShellContext implements Shell.Context {
        @Override
        public String getProperty(String name) {
            return context.getProperty(name);
        }

        @Override
        public void exit() throws BundleException {
            context.getBundle(0).stop();
        }
    }
}
