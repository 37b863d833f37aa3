package org.robocell.shell.internal;

import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.console.Example;
import org.robocell.jitter.BenchCell;
import org.robocell.jitter.Harness;
import org.robocell.jitter.JitterOptions;
import org.robocell.jitter.JitterReport;
import org.robocell.manager.ControllerSource;

/**
 * {@code cell:jitter}: runs the loop-jitter harness (org.robocell.jitter) inside the live runtime. It builds its own
 * robot loop ({@code jitter_fr3} by default: the installed mock driver and controller factories, the runtime's
 * channel registry, controller names prefixed {@code jitter_}; not registered as a robot of the cell, so the cell
 * and its shell commands are untouched), runs it and the bare reference loop side by side and prints the table.
 * The shell storm goes through Gogo's CommandProcessor: {@code controller:list} and {@code controller:info} on the
 * cell's own robots, the path an operator's tools take.
 */
@Component(service = JitterCommands.class, property = { "osgi.command.scope=cell", "osgi.command.function=jitter" })
public final class JitterCommands {

    private final BundleContext context;
    private final Robots robots;

    @Activate
    public JitterCommands(BundleContext context, @Reference Robots robots) {
        this.context = context;
        this.robots = robots;
    }

    @Descriptor("run the loop-jitter harness in this runtime (default 10 s at 1 kHz on a mock FR3) and print"
            + " wake-up lateness and execution percentiles of the RoboCell loop and a bare loop; options: -s SECONDS,"
            + " -r HZ, -w WARMUP, -i sleep|sleep_then_spin|spin, --robot kr6|fr3|dual_fr3, --switch-storm N,"
            + " --shell-storm N, --alloc-mbps N, --fifo PRIO, --cpu LIST, --bare-cpu LIST, --mlock")
    @Example("cell:jitter -r fr3")
    public String jitter(@Descriptor("options") String... args) throws InterruptedException {
        checkDurations(args);
        List<String> all = new ArrayList<>(List.of("--seconds", "10", "--warmup", "2"));
        all.addAll(Arrays.asList(args));
        JitterOptions options;
        try {
            options = JitterOptions.parse(all.toArray(String[]::new));
        } catch (IllegalArgumentException e) {
            // the harness adds its usage text after the reason; the shell answers the reason in one line
            String reason = e.getMessage() == null ? "bad options" : e.getMessage().lines().findFirst().orElse("");
            throw new CommandFailed(reason + " (help cell:jitter lists the options)");
        }
        List<ServiceReference<?>> used = new CopyOnWriteArrayList<>();
        try {
            ChannelRegistry channels = service(ChannelRegistry.class, null, used)
                    .orElseThrow(() -> new CommandFailed("no ChannelRegistry service: is org.robocell.controller.common running?"));
            ControllerSource source = new ControllerSource() {
                @Override
                public Controller create(String type) {
                    return service(ControllerFactory.class, "(" + ControllerFactory.TYPE + "=" + type + ")", used)
                            .map(f -> f.create(type)).orElse(null);
                }

                @Override
                public Collection<String> types() {
                    return controllerTypes();
                }
            };
            BenchCell cell = BenchCell.create(options.robot(), options.rate(), "jitter_",
                    plugin -> service(HardwareFactory.class, "(" + HardwareFactory.PLUGIN + "=" + plugin + ")", used).orElse(null),
                    source, channels);
            try {
                Runnable shell = options.shellPerSecond() > 0 ? shellStorm() : null;
                return Harness.run(options, cell, shell, null).table();
            } finally {
                cell.close();
            }
        } finally {
            for (ServiceReference<?> r : used) {
                context.ungetService(r);
            }
        }
    }

    /** The longest run {@code -s} and {@code -w} may ask for in a live cell, in seconds. */
    static final double LONGEST_RUN = 3600;

    /** {@code -s} and {@code -w}: finite, {@code -s} above 0, both at most an hour (the harness takes any double). */
    static void checkDurations(String[] args) {
        for (int i = 0; i < args.length - 1; i++) {
            switch (args[i]) {
                case "-s", "--seconds" -> Numbers.positive(args[i], args[i + 1], LONGEST_RUN);
                case "-w", "--warmup" -> Numbers.atLeastZero(args[i], args[i + 1], LONGEST_RUN);
                default -> {
                    // the harness checks the others
                }
            }
        }
    }

    /** One controller:list and one controller:info through the CommandProcessor, output discarded. */
    private Runnable shellStorm() {
        CommandProcessor processor = service(CommandProcessor.class, null, new ArrayList<>())
                .orElseThrow(() -> new CommandFailed("no Gogo CommandProcessor service"));
        PrintStream sink = new PrintStream(OutputStream.nullOutputStream());
        CommandSession session = processor.createSession(new ByteArrayInputStream(new byte[0]), sink, sink);
        String info = null;
        for (ControllerManager m : robots.all()) {
            List<ControllerSnapshot> cs = m.controllers();
            if (!cs.isEmpty()) {
                info = "controller:info -r " + m.robot() + " " + cs.get(0).name();
                break;
            }
        }
        String infoCommand = info;
        return () -> {
            try {
                session.execute("controller:list");
                if (infoCommand != null) {
                    session.execute(infoCommand);
                }
            } catch (Exception e) {
                // the storm's point is the load; a failing command (no robot in the cell) still went through the shell
            }
        };
    }

    private Collection<String> controllerTypes() {
        TreeSet<String> types = new TreeSet<>();
        try {
            Collection<ServiceReference<ControllerFactory>> c = context.getServiceReferences(ControllerFactory.class, null);
            for (ServiceReference<ControllerFactory> r : c) {
                Object t = r.getProperty(ControllerFactory.TYPE);
                if (t instanceof String s) {
                    types.add(s);
                } else if (t instanceof String[] a) {
                    types.addAll(Arrays.asList(a));
                }
            }
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
        return types;
    }

    private <S> Optional<S> service(Class<S> type, String filter, List<ServiceReference<?>> used) {
        try {
            Collection<ServiceReference<S>> refs = context.getServiceReferences(type, filter);
            for (ServiceReference<S> r : refs) {
                S s = context.getService(r);
                if (s != null) {
                    used.add(r);
                    return Optional.of(s);
                }
            }
            return Optional.empty();
        } catch (InvalidSyntaxException e) {
            throw new CommandFailed("bad filter " + filter + ": " + e.getMessage());
        }
    }
}
