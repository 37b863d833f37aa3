package org.robocell.foxglove.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.cell.ControllerManager;
import org.robocell.api.io.StateOutput;
import org.robocell.api.model.RobotModel;
import org.robocell.description.UrdfWriter;

import com.google.gson.JsonObject;

/**
 * One robot's topics: {@code /<robot>/joint_states} and {@code /tf} from its joint state broadcaster's channel
 * (every {@code decimation}-th publication), {@code /<robot>/robot_description}, {@code /<robot>/loop_stats} and
 * {@code /<robot>/controllers} (a few times a second, and at once for a client that just subscribed). Everything is
 * read from snapshots the manager and the channel hand out; nothing here runs on or waits for the loop.
 */
final class RobotSource implements TopicSource {

    static final long STATS_PERIOD_NANOS = 200_000_000L;
    static final long CONTROLLERS_PERIOD_NANOS = 500_000_000L;
    static final long DESCRIPTION_PERIOD_NANOS = 2_000_000_000L;

    private final String robot;
    private final ControllerManager manager;
    private final TopicSpec jointStatesSpec;
    private final TopicSpec descriptionSpec;
    private final TopicSpec statsSpec;
    private final TopicSpec controllersSpec;
    private volatile StateOutput jointStates;
    /** the channel the decimation counts for (kept while a scan misses it) */
    private StateOutput lastJointStates;
    private volatile RobotModel model;
    private JointTransforms transforms;
    private byte[] description;
    private final Decimation jointStatesDecimation;
    private final Decimation tfDecimation;
    private final Periodic stats = new Periodic(STATS_PERIOD_NANOS);
    private final Periodic controllers = new Periodic(CONTROLLERS_PERIOD_NANOS);
    private final Periodic descriptions = new Periodic(DESCRIPTION_PERIOD_NANOS);

    RobotSource(String robot, ControllerManager manager, int decimation) {
        this.robot = robot;
        this.manager = manager;
        this.jointStatesDecimation = new Decimation(decimation);
        this.tfDecimation = new Decimation(decimation);
        this.jointStatesSpec = Schemas.jointStates(robot);
        this.descriptionSpec = Schemas.robotDescription(robot);
        this.statsSpec = Schemas.loopStats(robot);
        this.controllersSpec = Schemas.controllers(robot);
    }

    ControllerManager manager() {
        return manager;
    }

    /** The scan's view: the broadcaster's channel (null when none runs) and the robot's model (null when unknown). */
    void update(StateOutput jointStatesChannel, RobotModel robotModel) {
        // a new channel counts its publications from its own start; the same one seen again after a scan that missed
        // it (a switch in progress) goes on from where it was, or its last message would be sent twice
        if (jointStatesChannel != null && jointStatesChannel != lastJointStates) {
            jointStatesDecimation.reset();
            tfDecimation.reset();
            lastJointStates = jointStatesChannel;
        }
        jointStates = jointStatesChannel;
        if (robotModel != model) {
            model = robotModel;
            transforms = robotModel == null ? null : new JointTransforms(robotModel);
            description = robotModel == null ? null
                    : Json.bytes(string(UrdfWriter.write(robotModel)));
        }
    }

    private static JsonObject string(String data) {
        JsonObject o = new JsonObject();
        o.addProperty("data", data);
        return o;
    }

    @Override
    public List<TopicSpec> specs() {
        List<TopicSpec> specs = new ArrayList<>(List.of(statsSpec, controllersSpec));
        if (jointStates != null) {
            specs.add(jointStatesSpec);
        }
        if (model != null) {
            specs.add(descriptionSpec);
            if (jointStates != null) {
                specs.add(Schemas.TF);
            }
        }
        return specs;
    }

    @Override
    public void sample(long epochNanos, Sink sink) {
        long now = System.nanoTime();
        sampleJoints(epochNanos, sink);
        if (stats.due(now, sink.wanted(statsSpec.topic()))) {
            sink.publish(statsSpec.topic(), epochNanos, Json.bytes(CellJson.loopStats(manager.stats())));
        }
        if (controllers.due(now, sink.wanted(controllersSpec.topic()))) {
            sink.publish(controllersSpec.topic(), epochNanos, Json.bytes(CellJson.controllers(manager.controllers())));
        }
        byte[] d = description;
        if (d != null && descriptions.due(now, sink.wanted(descriptionSpec.topic()))) {
            sink.publish(descriptionSpec.topic(), epochNanos, d);
        }
    }

    private void sampleJoints(long epochNanos, Sink sink) {
        StateOutput channel = jointStates;
        if (channel == null) {
            return;
        }
        long publications = channel.publications();
        JointTransforms tf = transforms;
        boolean statesDue = jointStatesDecimation.due(publications) && sink.wanted(jointStatesSpec.topic());
        boolean tfDue = tf != null && tfDecimation.due(publications) && sink.wanted(Schemas.TF.topic());
        if (!statesDue && !tfDue) {
            return;
        }
        StateOutput.Snapshot s = channel.snapshot();
        JointStates states = JointStates.of(s.fields(), s.values());
        if (statesDue) {
            jointStatesDecimation.sent(s.publications());
            sink.publish(jointStatesSpec.topic(), epochNanos, Json.bytes(states.toJson(epochNanos, s.publications())));
        }
        if (tfDue) {
            tfDecimation.sent(s.publications());
            sink.publish(Schemas.TF.topic(), epochNanos,
                    Json.bytes(JointStates.frameTransforms(tf.at(states.positions()), epochNanos)));
        }
    }

    @Override
    public String toString() {
        return "RobotSource[" + robot + "]";
    }

    /** Due every period while wanted, and at once when it becomes wanted (a client just subscribed). */
    static final class Periodic {

        private final long periodNanos;
        private boolean wantedBefore;
        private long last;

        Periodic(long periodNanos) {
            this.periodNanos = periodNanos;
        }

        boolean due(long nowNanos, boolean wanted) {
            boolean fresh = wanted && !wantedBefore;
            wantedBefore = wanted;
            if (wanted && (fresh || nowNanos - last >= periodNanos)) {
                last = nowNanos;
                return true;
            }
            return false;
        }
    }

}
