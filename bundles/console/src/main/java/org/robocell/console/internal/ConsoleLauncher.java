package org.robocell.console.internal;


import java.nio.file.Path;
import java.util.Hashtable;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.FrameworkListener;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * Decides what the runtime's main thread does, from the command line the launcher received:
 * <ul>
 * <li>{@code --script FILE}: run the commands in FILE, print their output, exit 0 or with the failing line;</li>
 * <li>on a terminal: the interactive Gogo shell (completion, history) until {@code exit} or Ctrl-D;</li>
 * <li>without a terminal (a service): block, without spinning, until the framework stops.</li>
 * </ul>
 * Only active when the framework property {@code robocell.console} is true, so test frameworks keep their main
 * thread.
 */
@Component(immediate = true)
public final class ConsoleLauncher {

    private static final String LAUNCHER_ARGUMENTS = "launcher.arguments";

    private final BundleContext context;
    private final CommandProcessor processor;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final FrameworkListener stopListener = event -> {
        if (event.getType() == FrameworkEvent.STOPPED) {
            stopped.countDown();
        }
    };
    private ServiceRegistration<?> mainThread;

    @Activate
    public ConsoleLauncher(BundleContext context, @Reference CommandProcessor processor) {
        this.context = context;
        this.processor = processor;
        if (Boolean.parseBoolean(context.getProperty("robocell.console"))) {
            Hashtable<String, Object> props = new Hashtable<>();
            props.put("main.thread", Boolean.TRUE);
            Callable<Integer> main = this::runMain;
            mainThread = context.registerService(Callable.class.getName(), main, props);
        }
    }

    @Deactivate
    void deactivate() {
        stopped.countDown();
        if (mainThread != null) {
            try {
                mainThread.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the framework is stopping
            }
        }
    }

    private Integer runMain() throws Exception {
        String[] args = launcherArguments();
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("robocell: " + e.getMessage());
            System.err.println(Options.USAGE);
            return 64;
        }
        if (options.help()) {
            System.out.println(Options.USAGE);
            return 0;
        }
        if (options.script() != null) {
            CommandSession session = processor.createSession(System.in, System.out, System.err);
            try {
                return new ScriptRunner(session, System.out, System.err).run(Path.of(options.script()));
            } finally {
                session.close();
            }
        }
        if (!options.headless() && System.console() != null) {
            return interactive();
        }
        return headless();
    }

    private int interactive() throws Exception {
        try (Terminal terminal = TerminalBuilder.builder().system(true).nativeSignals(true)
                .signalHandler(Terminal.SignalHandler.SIG_IGN).build()) {
            CommandSession session = processor.createSession(terminal.input(), terminal.output(), terminal.output());
            session.put(".terminal", terminal);
            try {
                session.execute("gosh --login --noshutdown");
            } finally {
                session.close();
            }
        }
        return 0;
    }

    private int headless() throws InterruptedException {
        System.out.println("RoboCell running headless; stop it with SIGTERM (or 'stop 0' from a remote shell).");
        context.getBundle(0).getBundleContext().addFrameworkListener(stopListener);
        stopped.await();
        return 0;
    }

    private String[] launcherArguments() {
        try {
            for (ServiceReference<?> ref : context.getServiceReferences((String) null, "(" + LAUNCHER_ARGUMENTS + "=*)")) {
                Object value = ref.getProperty(LAUNCHER_ARGUMENTS);
                if (value instanceof String[] a) {
                    return a;
                }
            }
        } catch (Exception e) {
            // no launcher service: no arguments
        }
        return new String[0];
    }
}
