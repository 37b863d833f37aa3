package org.robocell.driver.franka.gripper.internal.hardware;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareContext;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.hardware.StateInterfaceHandle;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.franka.gripper.api.HandState;

/**
 * A Franka Hand as a hardware component: its state as state interfaces, its commands through the
 * {@link org.robocell.driver.franka.gripper.api.FrankaGripper} service it registers while configured. Each
 * {@code <joint>} of the block (franka_gripper's {@code <arm_id>_finger_joint1/2}) gets {@code position} = width / 2,
 * as franka_gripper publishes its joint states; the component exports {@code <name>/width}, {@code max_width},
 * {@code is_grasped} (0 or 1) and {@code temperature}. No command interfaces: the Hand takes goals, not set points.
 */
final class FrankaGripperHardware implements HardwareComponent {

    private final GripperHost host;
    private String name;
    private GripperSettings settings;
    private StateInterfaceHandle[] fingers;
    private StateInterfaceHandle width;
    private StateInterfaceHandle maxWidth;
    private StateInterfaceHandle grasped;
    private StateInterfaceHandle temperature;
    private volatile GripperLink link;
    private Runnable withdraw = () -> {
    };
    private volatile Fault fault = Fault.NONE;
    private volatile String lastError;

    FrankaGripperHardware(GripperHost host) {
        this.host = host;
    }

    @Override
    public CallbackReturn onInit(HardwareContext context) {
        name = context.info().name();
        try {
            settings = GripperSettings.of(context.info());
        } catch (IllegalArgumentException e) {
            return failed(Fault.CONFIGURATION, e.getMessage());
        }
        List<StateInterfaceHandle> positions = new ArrayList<>();
        for (ComponentInfo joint : context.info().joints()) {
            if (!joint.commandInterfaces().isEmpty()) {
                return failed(Fault.CONFIGURATION, "hardware '" + name + "' joint '" + joint.name() + "' lists a"
                        + " command interface '" + joint.commandInterfaces().get(0).name() + "': the Hand takes"
                        + " goals (franka:gripper, the FrankaGripper service), not command interfaces");
            }
            positions.add(state(context, joint.name() + "/position"));
        }
        fingers = positions.toArray(StateInterfaceHandle[]::new);
        width = state(context, name + "/width");
        maxWidth = state(context, name + "/max_width");
        grasped = state(context, name + "/is_grasped");
        temperature = state(context, name + "/temperature");
        return CallbackReturn.SUCCESS;
    }

    private static StateInterfaceHandle state(HardwareContext context, String fullName) {
        return context.hasStateInterface(fullName) ? context.state(fullName)
                : context.exportStateInterface(fullName, InterfaceInfo.of(fullName.substring(fullName
                        .lastIndexOf('/') + 1)));
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        disconnect();
        try {
            link = GripperLink.open(settings);
        } catch (IOException e) {
            return failed(Fault.COMMUNICATION_FAILED, "no Franka Hand at " + settings.robotIp() + ":"
                    + settings.commandPort() + ": " + e.getMessage());
        }
        fault = Fault.NONE;
        lastError = null;
        withdraw = host.announce(name, new FrankaGripperService(this));
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        disconnect();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        disconnect();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onError(LifecycleState previous) {
        disconnect();
        return CallbackReturn.SUCCESS;
    }

    private void disconnect() {
        withdraw.run();
        withdraw = () -> {
        };
        GripperLink l = link;
        link = null;
        if (l != null) {
            l.close();
        }
    }

    /** read takes the hand's latest state, which a thread of the link receives: it sets no robot's pace. */
    @Override
    public boolean readWaitsForRobot() {
        return false;
    }

    @Override
    public ReturnType read(double time, double period) {
        GripperLink l = link;
        if (l == null) {
            return ReturnType.OK;
        }
        if (l.broken() != null) {
            fault = Fault.COMMUNICATION_FAILED;
            return ReturnType.ERROR;
        }
        if (System.nanoTime() - l.lastStateNanos() > settings.receiveTimeout().toNanos()) {
            fault = Fault.COMMUNICATION_TIMEOUT;
            return ReturnType.ERROR;
        }
        HandState s = l.latest();
        double half = s.width() / 2;
        for (StateInterfaceHandle finger : fingers) {
            finger.set(half);
        }
        width.set(s.width());
        maxWidth.set(s.maxWidth());
        grasped.set(s.grasped() ? 1 : 0);
        temperature.set(s.temperature());
        return ReturnType.OK;
    }

    @Override
    public ReturnType write(double time, double period) {
        return ReturnType.OK;
    }

    @Override
    public Fault fault() {
        return fault;
    }

    @Override
    public String lastError() {
        GripperLink l = link;
        if (l != null && fault == Fault.COMMUNICATION_FAILED && l.broken() != null) {
            return "Franka Hand at " + settings.robotIp() + ":" + settings.commandPort() + ": " + l.broken();
        }
        if (fault == Fault.COMMUNICATION_TIMEOUT) {
            return "Franka Hand at " + settings.robotIp() + ":" + settings.commandPort() + " sent no state for "
                    + settings.receiveTimeout().toMillis() + " ms (receive_timeout_ms)";
        }
        return lastError;
    }

    private CallbackReturn failed(Fault f, String message) {
        fault = f;
        lastError = message;
        return CallbackReturn.ERROR;
    }

    String name() {
        return name;
    }

    GripperSettings settings() {
        return settings;
    }

    /** The connection while configured; null otherwise. */
    GripperLink link() {
        return link;
    }
}
