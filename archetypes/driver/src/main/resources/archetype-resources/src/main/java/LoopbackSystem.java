package ${package};

import java.util.List;

import org.robocell.api.hardware.CommandInterfaceHandle;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareContext;
import org.robocell.api.hardware.StateInterfaceHandle;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * A system whose joints move toward their position commands at most {@code max_velocity} rad/s: where a real driver
 * would send the commands to its robot in write() and receive the measured state in read().
 */
final class LoopbackSystem implements HardwareComponent {

    private static final System.Logger LOG = System.getLogger(LoopbackSystem.class.getName());

    private StateInterfaceHandle[] position;
    private StateInterfaceHandle[] velocity;
    private CommandInterfaceHandle[] command;
    private double maxVelocity;
    private volatile Fault fault = Fault.NONE;
    private volatile String lastError;

    /** Off the loop: look the handles up once and keep them; logging is fine here. */
    @Override
    public CallbackReturn onInit(HardwareContext context) {
        List<ComponentInfo> joints = context.info().joints();
        maxVelocity = context.info().doubleParameter("max_velocity", 1.0);
        if (!(maxVelocity > 0) || Double.isInfinite(maxVelocity)) {
            lastError = "hardware parameter 'max_velocity' must be a finite value > 0, got " + maxVelocity;
            fault = Fault.CONFIGURATION;
            return CallbackReturn.ERROR;
        }
        position = new StateInterfaceHandle[joints.size()];
        velocity = new StateInterfaceHandle[joints.size()];
        command = new CommandInterfaceHandle[joints.size()];
        for (int i = 0; i < joints.size(); i++) {
            String joint = joints.get(i).name();
            position[i] = context.state(joint + "/position");
            velocity[i] = context.state(joint + "/velocity");
            command[i] = context.command(joint + "/position");
            // a real robot reports where it is; this one starts where the URDF's initial value says, or at 0
            if (Double.isNaN(position[i].get())) {
                position[i].set(0.0);
            }
            velocity[i].set(0.0);
        }
        LOG.log(System.Logger.Level.INFO, "{0}: {1} joints at up to {2} rad/s", context.info().name(), joints.size(),
                maxVelocity);
        return CallbackReturn.SUCCESS;
    }

    /**
     * Its read answers at once, so it does not pace a loop on a hardware clock. A real driver whose read waits for the
     * robot's packet keeps the default (true): then the robot owns the cycle.
     */
    @Override
    public boolean readWaitsForRobot() {
        return false;
    }

    /** The commands start from where the joints are. */
    @Override
    public CallbackReturn onActivate(LifecycleState previous) {
        for (int i = 0; i < command.length; i++) {
            command[i].set(position[i].get());
        }
        return CallbackReturn.SUCCESS;
    }

    /**
     * The loop thread: no allocation, no lock, no logging. A problem is reported by the answer (ERROR) with fault()
     * and lastError() saying why, read off the loop.
     */
    @Override
    public ReturnType read(double time, double period) {
        return ReturnType.OK;
    }

    @Override
    public ReturnType write(double time, double period) {
        double step = maxVelocity * period;
        for (int i = 0; i < command.length; i++) {
            double target = command[i].get();
            double now = position[i].get();
            if (Double.isNaN(target)) {
                velocity[i].set(0);
                continue;
            }
            double next = now + Math.max(-step, Math.min(step, target - now));
            position[i].set(next);
            velocity[i].set((next - now) / period);
        }
        return ReturnType.OK;
    }

    @Override
    public Fault fault() {
        return fault;
    }

    @Override
    public String lastError() {
        return lastError;
    }
}
