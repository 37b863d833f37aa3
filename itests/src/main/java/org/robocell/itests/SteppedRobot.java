package org.robocell.itests;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.cell.Result;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.model.RobotModel;
import org.robocell.description.ControllerDeclaration;
import org.robocell.description.ControllersConfig;
import org.robocell.description.RobotDescription;
import org.robocell.manager.ControllerSource;
import org.robocell.manager.Declaration;
import org.robocell.manager.LoopConfig;
import org.robocell.manager.RobotLoop;

/**
 * A robot of the default cell ({@code runtime/cell}: its URDF and controllers file) on a stepped loop inside the test
 * framework: the real controller manager, hardware from the installed driver bundles and controllers from the
 * installed controller bundles, registered as the cell registers a robot (its {@code ControllerManager}, marked
 * started, and its {@code RobotModel}) so that the shell's commands find it by name. Nothing cycles it but
 * {@link #step}: a shell command that waits for the loop runs on a helper thread while the test steps
 * ({@link #runWhileStepping}).
 */
final class SteppedRobot implements AutoCloseable {

    private static final Path CELL = Path.of("../runtime/cell").toAbsolutePath().normalize();
    /** The most cycles a shell command may need the loop for (a switch, a trajectory of a few seconds). */
    private static final int MAX_CYCLES_PER_COMMAND = 60_000;

    private final BundleContext context;
    private final String name;
    private final RobotLoop loop;
    private final RobotDescription description;
    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private final ExecutorService shellThread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "stepped-robot-shell");
        t.setDaemon(true);
        return t;
    });

    SteppedRobot(BundleContext context, String name, String urdf, String controllersYaml, int rate) {
        this.context = context;
        this.name = name;
        this.description = RobotDescription.parse(CELL.resolve(urdf));
        ControllersConfig config = ControllersConfig.parse(CELL.resolve(controllersYaml));
        loop = RobotLoop.create(LoopConfig.stepped(name, rate, 4096), new ServiceControllerSource(context));
        List<Declaration> declarations = new ArrayList<>();
        for (ControllerDeclaration d : config.controllers().values()) {
            declarations.add(new Declaration(d.name(), d.type(), d.fallbackControllers(), d.parameters()));
        }
        loop.setDeclarations(declarations);
        loop.start();
        for (HardwareInfo hw : description.hardware()) {
            loop.addHardware(hw, hardwareFactory(onSteppedClock(hw.plugin())).create(hw));
            var r = loop.manager().setHardwareState(hw.name(), LifecycleState.ACTIVE);
            if (!r.ok()) {
                throw new IllegalStateException(r.message());
            }
        }
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ControllerManager.ROBOT, name);
        registrations.add(context.registerService(RobotModel.class, description.robot(), props));
        Dictionary<String, Object> managerProps = new Hashtable<>(java.util.Map.of(ControllerManager.ROBOT, name,
                ControllerManager.STARTED, Boolean.TRUE));
        registrations.add(context.registerService(ControllerManager.class, loop.manager(), managerProps));
    }

    RobotModel model() {
        return description.robot();
    }

    ControllerManager manager() {
        return loop.manager();
    }

    void step(int cycles) {
        for (int i = 0; i < cycles; i++) {
            loop.step();
        }
    }

    /** Runs a shell command on a helper thread and steps the loop until it has answered (bounded). */
    String runWhileStepping(Shell shell, String line) throws Exception {
        Future<String> answer = shellThread.submit(() -> shell.run(line));
        for (int i = 0; i < MAX_CYCLES_PER_COMMAND && !answer.isDone(); i++) {
            loop.step();
            if (i % 100 == 99) {
                Thread.sleep(1); // let the shell thread see the loop's answers
            }
        }
        return answer.get(10, TimeUnit.SECONDS);
    }

    /** The value of a state interface in the manager's snapshot. */
    double state(String interfaceName) {
        for (InterfaceSnapshot i : loop.manager().interfaces()) {
            if (i.name().equals(interfaceName) && i.kind() == InterfaceSnapshot.Kind.STATE) {
                return i.value();
            }
        }
        throw new IllegalArgumentException("no state interface '" + interfaceName + "' on robot " + name);
    }

    /** The joints' positions, in the order given. */
    double[] positions(List<String> joints) {
        double[] q = new double[joints.size()];
        for (int j = 0; j < q.length; j++) {
            q[j] = state(joints.get(j) + "/position");
        }
        return q;
    }

    /**
     * The plugin that runs a component on the stepped loop: a driver whose robot owns the cycle (the Franka driver
     * waits for the robot's state every millisecond) runs on mock hardware instead.
     */
    private static String onSteppedClock(String plugin) {
        return plugin.equals("franka_hardware/FrankaHardwareInterface") ? "mock_components/GenericSystem" : plugin;
    }

    private HardwareFactory hardwareFactory(String plugin) {
        try {
            for (ServiceReference<HardwareFactory> ref : context.getServiceReferences(HardwareFactory.class,
                    "(" + HardwareFactory.PLUGIN + "=" + plugin + ")")) {
                return context.getService(ref);
            }
        } catch (InvalidSyntaxException e) {
            throw new IllegalArgumentException(e);
        }
        throw new IllegalStateException("no hardware factory for '" + plugin + "' is installed");
    }

    /** Takes the robot down on the test's thread: every controller deactivated and unloaded, the hardware removed. */
    @Override
    public void close() {
        registrations.forEach(ServiceRegistration::unregister);
        List<String> active = new ArrayList<>();
        loop.manager().controllers().forEach(c -> {
            if (c.state() == LifecycleState.ACTIVE) {
                active.add(c.name());
            }
        });
        if (!active.isEmpty()) {
            CompletableFuture<?> f = loop.manager().switchControllers(List.of(), active,
                    org.robocell.api.cell.Strictness.BEST_EFFORT, 100).toCompletableFuture();
            for (int i = 0; i < 200 && !f.isDone(); i++) {
                loop.step();
            }
        }
        loop.manager().controllers().forEach(c -> loop.manager().unload(c.name()));
        for (var hw : loop.manager().hardware()) {
            CompletableFuture<Result> f = loop.removeHardware(hw.name()).toCompletableFuture();
            for (int i = 0; i < 200 && !f.isDone(); i++) {
                loop.step();
            }
        }
        loop.stop(1000);
        shellThread.shutdownNow();
    }

    /** Controllers from the installed controller bundles' factories, by their type property. */
    private static final class ServiceControllerSource implements ControllerSource {
        private final BundleContext context;

        ServiceControllerSource(BundleContext context) {
            this.context = context;
        }

        @Override
        public Controller create(String type) {
            try {
                for (ServiceReference<ControllerFactory> ref : context.getServiceReferences(ControllerFactory.class,
                        "(" + ControllerFactory.TYPE + "=" + type + ")")) {
                    ControllerFactory f = context.getService(ref);
                    if (f != null) {
                        return f.create(type);
                    }
                }
            } catch (InvalidSyntaxException e) {
                return null;
            }
            return null;
        }

        @Override
        public Collection<String> types() {
            List<String> types = new ArrayList<>();
            try {
                for (ServiceReference<ControllerFactory> ref : context.getServiceReferences(ControllerFactory.class,
                        null)) {
                    Object t = ref.getProperty(ControllerFactory.TYPE);
                    if (t instanceof String s) {
                        types.add(s);
                    } else if (t instanceof String[] all) {
                        types.addAll(List.of(all));
                    }
                }
            } catch (InvalidSyntaxException e) {
                throw new IllegalStateException(e);
            }
            return types;
        }
    }
}
