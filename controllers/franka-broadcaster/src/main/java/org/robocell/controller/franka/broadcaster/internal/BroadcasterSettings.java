package org.robocell.controller.franka.broadcaster.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;

/**
 * The broadcaster's parameters: {@code arm_id} (the prefix of the driver's state interfaces, default {@code fr3}),
 * {@code joints} (the names the joint-state channels carry, default {@code <arm_id>_joint1} … {@code _joint7}) and
 * upstream's {@code convenience_publish_rate} (Hz, ≥ 1, default 1000: every channel but {@code robot_state}, which
 * is published every update, is published every {@code max(1, round(loop rate / it))}-th update;
 * {@code franka_robot_state_broadcaster/src/franka_robot_state_broadcaster_parameters.yaml}).
 */
record BroadcasterSettings(String armId, List<String> joints, int conveniencePublishRate) {

    static final ParameterNames NAMES = ParameterNames.of("arm_id", "joints", "convenience_publish_rate");

    /** @throws ParameterException naming the parameter */
    static BroadcasterSettings read(Parameters p) {
        String armId = p.getString("arm_id", "fr3").trim();
        if (armId.isEmpty() || armId.contains("/")) {
            throw new ParameterException("arm_id", "parameter 'arm_id' must be a non-empty name without '/', got '"
                    + armId + "'");
        }
        List<String> fallback = new ArrayList<>();
        for (int j = 1; j <= 7; j++) {
            fallback.add(armId + "_joint" + j);
        }
        List<String> joints = p.getStringList("joints", fallback);
        if (joints.size() != 7 || joints.stream().distinct().count() != 7 || joints.stream().anyMatch(String::isBlank)) {
            throw new ParameterException("joints", "parameter 'joints' must name the arm's 7 joints, all different,"
                    + " got " + joints);
        }
        long rate = p.getLong("convenience_publish_rate", 1000);
        if (rate < 1) {
            throw new ParameterException("convenience_publish_rate", "parameter 'convenience_publish_rate' must be"
                    + " >= 1 (Hz), got " + rate);
        }
        return new BroadcasterSettings(armId, List.copyOf(joints), (int) Math.min(rate, Integer.MAX_VALUE));
    }

    /** Publish the convenience channels every this many updates at {@code loopRate} Hz. */
    int convenienceDivider(int loopRate) {
        return (int) Math.max(1, Math.round((double) loopRate / conveniencePublishRate));
    }
}
