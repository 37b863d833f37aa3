package org.robocell.cell.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.robocell.api.cell.Result;
import org.robocell.api.cell.RobotLifecycle;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * The {@link RobotLifecycle} service of one robot: every transition runs on the robot's cell worker thread, in order
 * with the driver and controller changes the cell follows, and the caller waits for it (bounded).
 */
final class RobotLifecycleService implements RobotLifecycle {

    private static final long WAIT_SECONDS = 120;

    private final RobotAssembly assembly;
    private final ExecutorService worker;

    RobotLifecycleService(RobotAssembly assembly, ExecutorService worker) {
        this.assembly = assembly;
        this.worker = worker;
    }

    @Override
    public String robot() {
        return assembly.name();
    }

    @Override
    public LifecycleState state() {
        return assembly.lifecycleManaged() ? assembly.lifecycleState() : LifecycleState.UNKNOWN;
    }

    @Override
    public String controlMode() {
        return assembly.controlMode();
    }

    @Override
    public String defaultControlMode() {
        return assembly.defaultControlMode();
    }

    @Override
    public String problem() {
        return assembly.lifecycle().problem();
    }

    @Override
    public org.robocell.api.lifecycle.Fault fault() {
        return assembly.lifecycle().fault();
    }

    @Override
    public Map<String, List<String>> controlModes() {
        return assembly.settings().controlModes();
    }

    @Override
    public Map<String, List<String>> controlModeInterfaces() {
        return assembly.controlModeInterfaces();
    }

    @Override
    public List<String> configurationControllers() {
        return assembly.settings().configurationControllers();
    }

    @Override
    public Result configure() {
        return run(assembly::configure);
    }

    @Override
    public Result activate(String controlMode) {
        return run(() -> assembly.activate(controlMode));
    }

    @Override
    public Result switchControlMode(String controlMode) {
        return run(() -> assembly.switchControlMode(controlMode));
    }

    @Override
    public Result deactivate() {
        return run(assembly::deactivate);
    }

    @Override
    public Result cleanup() {
        return run(assembly::cleanup);
    }

    private Result run(Supplier<Result> transition) {
        Future<Result> f;
        try {
            f = worker.submit(transition::get);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            return Result.failed("robot '" + assembly.name() + "' is stopping");
        }
        try {
            return f.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Result.failed("interrupted while robot '" + assembly.name() + "' changed state");
        } catch (java.util.concurrent.ExecutionException e) {
            return Result.failed("robot '" + assembly.name() + "': " + e.getCause().getMessage());
        } catch (java.util.concurrent.TimeoutException e) {
            return Result.failed("robot '" + assembly.name() + "' did not finish the transition within " + WAIT_SECONDS
                    + " s; it goes on in the background");
        }
    }
}
