package org.robocell.manager;

import java.util.Collection;
import java.util.concurrent.CompletionStage;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.Result;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.manager.internal.ControllerManagerImpl;
import org.robocell.manager.internal.LoopRunner;
import org.robocell.manager.internal.SteppedClock;

/**
 * One robot's control loop: a resource manager, a controller manager ({@link #manager()}, the service other
 * bundles use) and the loop with its clock.
 * <p>
 * Internal and hardware clocks run on a loop thread between {@link #start()} and {@link #stop()}, with a service
 * thread beside it. A stepped loop never starts a thread: {@link #step()} runs one cycle on the calling thread with
 * a virtual time advancing by one period, then the service work (completing switches, hardware error handling).
 */
public final class RobotLoop {

    private final LoopConfig config;
    private final ControllerManagerImpl manager;
    private final LoopRunner runner;
    private final SteppedClock stepped;

    private RobotLoop(LoopConfig config, ControllerSource source, LongSupplier ticker) {
        this.config = config;
        this.manager = new ControllerManagerImpl(config, source, ticker);
        this.runner = config.clock() == ClockKind.STEPPED ? null : new LoopRunner(manager, config);
        this.stepped = runner == null ? new SteppedClock(manager) : null;
    }

    public static RobotLoop create(LoopConfig config, ControllerSource source) {
        return new RobotLoop(config, source, System::nanoTime);
    }

    /**
     * For tests: a loop whose wall clock (for switch timeouts when the loop is not cycling) is {@code ticker}.
     */
    public static RobotLoop create(LoopConfig config, ControllerSource source, LongSupplier ticker) {
        return new RobotLoop(config, source, ticker);
    }

    public LoopConfig config() {
        return config;
    }

    /** The controller manager service of this loop. */
    public ControllerManager manager() {
        return manager;
    }

    public void setDeclarations(Collection<Declaration> declarations) {
        manager.setDeclarations(declarations);
    }

    public void setControllerSource(ControllerSource source) {
        manager.setControllerSource(source);
    }

    public void setPluginAvailability(Predicate<String> available) {
        manager.setPluginAvailability(available);
    }

    /**
     * Tells the loop when the runtime is shutting down (the framework or the cell stopping): a hardware component
     * failing then (its robot or emulator gone first) is expected and logged at DEBUG instead of WARNING.
     *
     * @since 1.1
     */
    public void setShuttingDown(java.util.function.BooleanSupplier shuttingDown) {
        manager.setShuttingDown(shuttingDown);
    }

    /**
     * Adds a hardware component; it is UNCONFIGURED afterwards (FINALIZED when its onInit failed, see
     * {@link ControllerManager#hardware(String)} for why).
     *
     * @throws IllegalArgumentException when an interface name is taken already or the slot table is full
     */
    public void addHardware(HardwareInfo info, HardwareComponent component) {
        manager.addHardware(info, component);
    }

    /** A driver went away: controllers using the component are deactivated, the component shut down and removed. */
    public CompletionStage<Result> removeHardware(String name) {
        return manager.removeHardware(name);
    }

    /** A controller type went away: its active instances fall to a hold (or their fallbacks), all are unloaded. */
    public CompletionStage<Result> controllerTypeRemoved(String type) {
        return manager.typeRemoved(type);
    }

    /**
     * Controller code went away (its bundle stopped) while another bundle still serves its types: the instances among
     * {@code names} whose class {@code loader} loaded (those that could not move to the other bundle's code) go out as in
     * {@link #controllerTypeRemoved}: active ones deactivated at a cycle boundary, their commands holding (or their
     * fallbacks in), all unloaded. No code of the bundle that went away runs in the loop afterwards.
     *
     * @param code names the code for the answer, e.g. its bundle and version
     * @since 2.2
     */
    public CompletionStage<Result> controllerCodeRemoved(ClassLoader loader, java.util.Collection<String> names,
            String code) {
        return manager.codeRemoved(loader, names, code);
    }

    public void start() {
        if (runner == null) {
            manager.setRunning(true);
            return;
        }
        runner.start();
    }

    /** Stops the loop; true when the loop thread ended within {@code boundMillis}. */
    public boolean stop(long boundMillis) {
        if (runner == null) {
            manager.setRunning(false);
            return true;
        }
        return runner.stop(boundMillis);
    }

    public boolean isRunning() {
        return runner != null && runner.isRunning();
    }

    /**
     * What the loop thread made of the configured real-time settings ({@link LoopConfig#threadPriority()},
     * {@link LoopConfig#cpuAffinity()}, {@link LoopConfig#lockMemory()}) when it last started, as it was logged:
     * "robot fr3: loop thread robocell-fr3-loop (tid 1234) runs with SCHED_FIFO 80", or "... runs without" the
     * refused settings and why; "default scheduling" when none was asked for; null before the loop thread started
     * (and for a stepped loop, which has no thread).
     *
     * @since 1.2
     */
    public String realTimeReport() {
        return runner == null ? null : runner.realTimeReport();
    }

    /**
     * The loop group whose thread runs this loop's cycles ({@link LoopConfig#loopGroup()}), or empty when the loop
     * has a thread of its own (no group asked for, a group it could not join, not started, or stepped).
     *
     * @since 2.3
     */
    public String loopGroup() {
        return runner == null ? "" : runner.loopGroup();
    }

    /** Stepped clock: one cycle at the next virtual time, then the service work. */
    public void step() {
        requireStepped();
        stepped.step();
    }

    /** Stepped clock: {@code n} cycles. */
    public void step(int n) {
        for (int i = 0; i < n; i++) {
            step();
        }
    }

    /** Stepped clock: one cycle without the service work (for allocation measurements of the cycle alone). */
    public void cycleOnly() {
        requireStepped();
        stepped.cycleOnly();
    }

    /** Runs the service work now: completes committed switches, applies timeouts, handles hardware failures. */
    public void serviceNow() {
        manager.drain();
    }

    /** The virtual time of the next stepped cycle, in seconds. */
    public double time() {
        return stepped == null ? 0 : stepped.time();
    }

    public long cycles() {
        return manager.cycles();
    }

    private void requireStepped() {
        if (runner != null) {
            throw new IllegalStateException("robot '" + config.robot() + "' runs a " + config.clock()
                    + " clock; only a stepped loop can be stepped");
        }
    }
}
