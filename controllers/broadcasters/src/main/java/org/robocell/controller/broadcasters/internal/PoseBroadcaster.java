package org.robocell.controller.broadcasters.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.ControllerBase;
import org.robocell.controller.common.InterfaceNames;

/**
 * Publishes the pose read from {@code <pose_name>/position.x … orientation.w} every update on
 * {@code <controller>/pose} (fields {@code <frame_id>/position.x} …, as it reads them, valid or not) and, with
 * {@code tf.enable}, the same pose as a transform from {@code frame_id} to {@code tf.child_frame_id} on
 * {@code <controller>/tf} (fields {@code <frame_id>/<child>/translation.x} … {@code rotation.w}), but only while
 * the pose is valid: all seven values finite and the quaternion's squared norm within 0.01 of 1, as upstream's
 * {@code is_pose_valid}. An invalid pose leaves the last valid transform in place.
 */
final class PoseBroadcaster extends ControllerBase {

    static final int N = PoseConfig.AXES.size();

    private final ChannelRegistrations registrations;
    private PoseConfig config;
    private StateOutput pose;
    private StateOutput tf;
    private final StateHandle[] sources = new StateHandle[N];
    private final double[] values = new double[N];

    PoseBroadcaster(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, PoseConfig.NAMES, PoseConfig::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        try {
            config = PoseConfig.read(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        registrations.closeAll();
        List<String> poseFields = new ArrayList<>(N);
        List<String> tfFields = new ArrayList<>(N);
        for (String axis : PoseConfig.AXES) {
            poseFields.add(InterfaceNames.of(config.frameId(), axis));
            tfFields.add(InterfaceNames.of(config.frameId() + "/" + config.childFrameId(),
                    axis.replace("position", "translation").replace("orientation", "rotation")));
        }
        pose = new StateOutput(context().name() + "/pose", poseFields);
        tf = config.tfEnabled() ? new StateOutput(context().name() + "/tf", tfFields) : null;
        try {
            registrations.register(pose);
            if (tf != null) {
                registrations.register(tf);
            }
        } catch (IllegalStateException e) {
            pose = null;
            tf = null;
            return fail(e.getMessage());
        }
        return CallbackReturn.SUCCESS;
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.NONE;
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return InterfaceConfiguration.individual(config.interfaces());
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        List<String> missing = RequiredStates.find(loans, config.interfaces(), sources);
        if (!missing.isEmpty()) {
            return fail(Fault.NO_MEASURED_STATE, RequiredStates.describe(missing, config.interfaces()));
        }
        clearError();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType update(double time, double period) {
        for (int i = 0; i < N; i++) {
            values[i] = sources[i].get();
        }
        pose.publish(values);
        if (tf != null && valid(values)) {
            tf.publish(values);
        }
        return ReturnType.OK;
    }

    /** All finite and a unit quaternion within 0.01 (upstream's tolerance on the squared norm). */
    static boolean valid(double[] v) {
        for (int i = 0; i < N; i++) {
            if (!Double.isFinite(v[i])) {
                return false;
            }
        }
        double norm2 = v[3] * v[3] + v[4] * v[4] + v[5] * v[5] + v[6] * v[6];
        return Math.abs(norm2 - 1.0) <= 10e-3;
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        Arrays.fill(sources, null);
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        release();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        release();
        return CallbackReturn.SUCCESS;
    }

    private void release() {
        registrations.closeAll();
        pose = null;
        tf = null;
    }
}
