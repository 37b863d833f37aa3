package ${package};

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.ControllerBase;

/**
 * Publishes the speed of each joint of the parameter {@code joints} every update (how far its measured position
 * moved since the last update, per second), and the highest of them, into the channel {@code <name>/speeds}. It only
 * reads states, so it runs beside any controller that commands the joints, and it can be reloaded while they move.
 */
final class JointSpeedMonitor extends ControllerBase {

    private static final System.Logger LOG = System.getLogger(JointSpeedMonitor.class.getName());

    /**
     * The channels of this controller, registered for it (its robot and name): the instance a reload makes takes
     * them over from this one when this one is shut down.
     */
    private final ChannelRegistrations registrations;
    private List<String> joints = List.of();
    private StateOutput speeds;
    private StateHandle[] positions = new StateHandle[0];
    /** The positions of the last update; NaN before the first. */
    private double[] last = new double[0];

    JointSpeedMonitor(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    /** Off the loop: read the parameters, make and register the channel. Logging is fine here. */
    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        joints = context().parameters().getStringList("joints", List.of());
        if (joints.isEmpty()) {
            return fail("parameter 'joints' names no joint");
        }
        List<String> fields = new ArrayList<>();
        for (String joint : joints) {
            fields.add(joint + "/speed");
        }
        fields.add("max_speed");
        registrations.closeAll();
        StateOutput channel = new StateOutput(context().name() + "/speeds", fields);
        try {
            registrations.register(channel);
        } catch (IllegalStateException taken) {
            return fail(taken.getMessage());
        }
        speeds = channel;
        LOG.log(System.Logger.Level.INFO, "{0}: publishing the speeds of {1} to {2}", context().name(), joints,
                channel.name());
        return CallbackReturn.SUCCESS;
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.NONE;
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return InterfaceConfiguration.individual(joints.stream().map(j -> j + "/position").toList());
    }

    /** Off the loop, before the first update: everything the updates need is allocated here. */
    @Override
    public CallbackReturn onActivate(Loans loans) {
        positions = new StateHandle[joints.size()];
        last = new double[joints.size()];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = loans.state(joints.get(i) + "/position");
            last[i] = Double.NaN;
        }
        return CallbackReturn.SUCCESS;
    }

    /**
     * The loop thread: no allocation, no lock, no logging. A problem is reported by the answer (ERROR takes the
     * controller out, its commands holding) and by fault() and lastError(), which the manager reads off the loop.
     */
    @Override
    public ReturnType update(double time, double period) {
        double[] values = speeds.beginWrite();
        double max = 0;
        for (int i = 0; i < positions.length; i++) {
            double position = positions[i].get();
            double speed = Double.isNaN(last[i]) ? 0 : Math.abs(position - last[i]) / period;
            last[i] = position;
            values[i] = speed;
            max = Math.max(max, speed);
        }
        values[positions.length] = max;
        speeds.endWrite();
        return ReturnType.OK;
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        registrations.closeAll();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        registrations.closeAll();
        return CallbackReturn.SUCCESS;
    }
}
