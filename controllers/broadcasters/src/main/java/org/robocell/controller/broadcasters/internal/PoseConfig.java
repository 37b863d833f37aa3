package org.robocell.controller.broadcasters.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;
import org.robocell.controller.common.InterfaceNames;

/**
 * The pose broadcaster's parameters, named as in ros2_controllers' {@code pose_broadcaster}
 * ({@code src/pose_broadcaster_parameters.yaml}): {@code pose_name} and {@code frame_id} (both required),
 * {@code tf.enable} (default true) and {@code tf.child_frame_id} (default: the pose name).
 *
 * @param interfaces the seven state interfaces, position.x … orientation.w
 */
record PoseConfig(String poseName, String frameId, boolean tfEnabled, String childFrameId, List<String> interfaces) {

    /** The interfaces of a pose, in publication order (the {@code semantic_components::PoseSensor} names). */
    static final List<String> AXES = List.of("position.x", "position.y", "position.z", "orientation.x",
            "orientation.y", "orientation.z", "orientation.w");

    static final ParameterNames NAMES = ParameterNames.of("pose_name", "frame_id", "tf.enable", "tf.child_frame_id");

    /** @throws ParameterException naming the parameter */
    static PoseConfig read(Parameters p) {
        String pose = Strings.required(p, "pose_name");
        String frame = Strings.required(p, "frame_id");
        boolean tf = p.getBoolean("tf.enable", true);
        String child = p.getString("tf.child_frame_id", "").trim();
        List<String> interfaces = new ArrayList<>(AXES.size());
        for (String axis : AXES) {
            interfaces.add(InterfaceNames.of(pose, axis));
        }
        return new PoseConfig(pose, frame, tf, child.isEmpty() ? pose : child, List.copyOf(interfaces));
    }
}
