package org.robocell.api.cell;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

import org.osgi.annotation.versioning.ProviderType;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * The controller manager of one robot loop, registered as an OSGi service with the service property
 * {@value #ROBOT} set to the robot's name. It mirrors ros2_control's controller manager services.
 * <p>
 * Every method is called off the control loop. Answers are immutable snapshots; nothing here blocks the loop or
 * takes a lock the loop takes. Operations are serialized per loop. Methods that wait for the loop (switches,
 * hardware state changes) return a {@link CompletionStage} completed off the loop thread once the loop has
 * committed the change at a cycle boundary; their blocking variants wait for it.
 * <p>
 * Errors are answered, not thrown: a {@link Result#ok()} of false with a one-line message (unknown name with the
 * closest known one suggested, wrong state, conflicting claim, unknown type).
 */
@ProviderType
public interface ControllerManager {

    /** The service property that names the robot a manager drives. */
    String ROBOT = "robocell.robot";

    /**
     * The service property set to {@code true} once the cell has brought the robot up as its configuration says
     * (hardware in its start state, start controllers loaded and activated as far as their types are installed):
     * a script may rely on the robot's controllers from then on. The service is registered before, so that a slow
     * start can be watched.
     *
     * @since 1.4
     */
    String STARTED = "robocell.started";

    /**
     * The service property that says, in one line, what keeps the robot from coming up while something does (a
     * hardware component whose plugin no installed driver serves); absent when nothing is awaited.
     *
     * @since 1.5
     */
    String WAITING = "robocell.waiting";

    /**
     * The service property that lists, as {@code String[]}, the hardware plugin names the robot's URDF gives for
     * components no installed driver serves (as written there: {@code kuka_eac::KukaEACHardwareInterface}); absent
     * when none is missing. What {@link #WAITING} says in words, for a tool that installs the driver.
     *
     * @since 1.9
     */
    String MISSING_PLUGINS = "robocell.missing.plugins";

    /**
     * The service property that lists, as {@code String[]}, the controller types the robot's controllers file declares
     * ({@code diff_drive_controller/DiffDriveController}), and those a {@link #load(String, String)} asked for, that no
     * installed bundle provides; absent when none is missing. For a tool that installs them: a controller whose type
     * is missing cannot be loaded until then (a start controller waits for it).
     *
     * @since 1.10
     */
    String MISSING_CONTROLLER_TYPES = "robocell.missing.controller.types";

    /**
     * The {@code osgi.condition.id} of the condition the cell registers once a start's configuration is applied:
     * ConfigAdmin is up and the default cell has applied its files. The runtime hands the stored configurations over
     * after its shell is ready; a command that must know which robots are configured (a script's first line) waits for
     * this condition where the runtime has a default cell (the framework property {@code robocell.cell.default} or
     * {@code robocell.cell.folder} set).
     *
     * @since 1.10
     */
    String CONFIGURATION_APPLIED = "robocell.configuration.applied";

    /**
     * The service property that holds the robot's namespace ({@code kr6}: its controllers are named
     * {@code kr6/<name>}); absent when the robot has none.
     *
     * @since 1.6
     */
    String NAMESPACE = "robocell.namespace";

    /** The robot's name. */
    String robot();

    /** The loop's update rate in Hz. */
    int updateRate();

    /** Every loaded controller, in load order. */
    List<ControllerSnapshot> controllers();

    Optional<ControllerSnapshot> controller(String name);

    /**
     * Controllers declared in the controllers file (name to type string), loaded or not: the names {@link #load}
     * accepts without a type.
     */
    Map<String, String> declaredControllers();

    /** The controller type strings the installed controller factories serve, sorted. */
    List<String> types();

    /** Loads a controller declared in the controllers file; it is UNCONFIGURED afterwards. */
    Result load(String name);

    /** Loads a controller of an explicit type (parameters from the controllers file when declared there). */
    Result load(String name, String type);

    /** UNCONFIGURED → INACTIVE; an INACTIVE controller is cleaned up first. Refused for an ACTIVE controller. */
    Result configure(String name);

    /** INACTIVE → UNCONFIGURED; a no-op for an UNCONFIGURED controller; refused for an ACTIVE one. */
    Result cleanup(String name);

    /** Cleans up (when INACTIVE), shuts down and removes a controller. Refused for an ACTIVE controller. */
    Result unload(String name);

    /**
     * Moves a loaded controller to the code its type is served by now (hot swap): a new instance is created from the
     * controller factory that serves the type, initialized and configured with the same parameters off the loop; an
     * ACTIVE controller is swapped for it at one cycle boundary (the old instance deactivated and the new one
     * activated with the same interfaces in one commit; if the new one fails to activate, the old one stays active
     * and the new one is discarded). The old instance is then cleaned up and shut down. A chainable controller is
     * reloaded only while it is not ACTIVE.
     * <p>
     * A reload to the same code is refused with a message and changes nothing: when the factory hands out the
     * running instance again, or an instance of the same class from the same class loader (the type is still served
     * by the code that runs; install a newer version of its bundle to reload it).
     *
     * @since 1.1
     */
    CompletionStage<Result> reload(String name);

    /**
     * Replaces parameters of a controller. INACTIVE/UNCONFIGURED controllers take them at their next configure;
     * an ACTIVE controller only when every key is one of its live parameters and it accepts them.
     */
    Result setParameters(String controller, Map<String, ?> values);

    /**
     * Activates and deactivates controllers at one cycle boundary: the request is validated and the hardware mode
     * switch prepared off the loop, then the loop commits it (mode switch → deactivate → chained-mode changes →
     * activate) and the stage completes.
     *
     * @param timeoutCycles how many control cycles the loop may take to commit it (0 or less: one second's worth);
     *                      when the loop is not cycling the request fails after a wall-clock bound with
     *                      "Switch controller timed out"
     */
    CompletionStage<SwitchResult> switchControllers(List<String> activate, List<String> deactivate,
            Strictness strictness, int timeoutCycles);

    /** {@link #switchControllers} and wait for the answer. */
    default SwitchResult switchControllersAndWait(List<String> activate, List<String> deactivate,
            Strictness strictness, int timeoutCycles) {
        return switchControllers(activate, deactivate, strictness, timeoutCycles).toCompletableFuture().join();
    }

    /** The chain graph and the update order of the configured controllers. */
    ChainGraph chains();

    /** Every hardware component, in URDF order. */
    List<HardwareSnapshot> hardware();

    Optional<HardwareSnapshot> hardware(String name);

    /** Every interface in the slot table: hardware command and state interfaces and controller-exported ones. */
    List<InterfaceSnapshot> interfaces();

    /**
     * Takes a hardware component to a lifecycle state along ros2_control's paths (e.g. UNCONFIGURED → ACTIVE is
     * configure then activate). Controllers that command a component leaving ACTIVE, and controllers that use any
     * interface of a component leaving INACTIVE/ACTIVE, are deactivated at a cycle boundary first.
     */
    CompletionStage<HardwareStateResult> requestHardwareState(String name, LifecycleState target);

    /** {@link #requestHardwareState} and wait for the answer. */
    default HardwareStateResult setHardwareState(String name, LifecycleState target) {
        return requestHardwareState(name, target).toCompletableFuture().join();
    }

    /** A copy of the loop's statistics. */
    LoopStats stats();

    /** Starts the percentiles afresh (counters keep counting). */
    void resetStats();
}
