package org.robocell.controller.broadcasters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.robocell.controller.broadcasters.internal.BroadcasterRig.params;

import java.util.List;


import org.junit.jupiter.api.Test;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.controller.testkit.ControllerRig.Entry;

/** ros2_controllers' pose_broadcaster: the pose every update, the transform while the pose is valid. */
class PoseBroadcasterTest {

    private static final String TYPE = BroadcasterFactory.POSE;
    private final BroadcasterRig r = new BroadcasterRig();

    private int[] addPose(double... values) {
        return r.addStates("tcp", PoseConfig.AXES, values);
    }

    @Test
    void thePoseIsPublishedEveryUpdateWithTheFrameInTheFieldNames() {
        int[] slots = addPose(0.1, 0.2, 0.3, 0.0, 0.0, 0.0, 1.0);
        r.active(TYPE, params("pose_name", "tcp", "frame_id", "base_link"));
        assertEquals(InterfaceConfiguration.individual(List.of("tcp/position.x", "tcp/position.y", "tcp/position.z",
                "tcp/orientation.x", "tcp/orientation.y", "tcp/orientation.z", "tcp/orientation.w")),
                r.controller.stateInterfaceConfiguration());
        assertEquals(InterfaceConfiguration.NONE, r.controller.commandInterfaceConfiguration());
        r.rig.step();
        r.set(slots[2], 0.7);
        r.rig.step();
        StateOutput.Snapshot s = r.channel("pose").snapshot();
        assertEquals(2, s.publications());
        assertEquals(List.of("base_link/position.x", "base_link/position.y", "base_link/position.z",
                "base_link/orientation.x", "base_link/orientation.y", "base_link/orientation.z",
                "base_link/orientation.w"), s.fields());
        assertEquals(List.of(0.1, 0.2, 0.7, 0.0, 0.0, 0.0, 1.0), boxed(s.values()));
    }

    @Test
    void theTransformGoesFromFrameIdToThePoseNameUnlessAChildFrameIsGiven() {
        addPose(1, 2, 3, 0, 0, 0, 1);
        r.active(TYPE, params("pose_name", "tcp", "frame_id", "base_link"));
        r.rig.step();
        StateOutput.Snapshot tf = r.channel("tf").snapshot();
        assertEquals("base_link/tcp/translation.x", tf.fields().get(0));
        assertEquals("base_link/tcp/rotation.w", tf.fields().get(6));
        assertEquals(List.of(1.0, 2.0, 3.0, 0.0, 0.0, 0.0, 1.0), boxed(tf.values()));

        BroadcasterRig other = new BroadcasterRig();
        other.addStates("tcp", PoseConfig.AXES, 0, 0, 0, 0, 0, 0, 1);
        other.active(TYPE, params("pose_name", "tcp", "frame_id", "world", "tf.child_frame_id", "tool0"));
        assertEquals("world/tool0/translation.x", other.channel("tf").fields().get(0));
    }

    @Test
    void anInvalidPoseIsPublishedAsReadButTheLastValidTransformStays() {
        int[] slots = addPose(1, 2, 3, 0, 0, 0, 1);
        r.active(TYPE, params("pose_name", "tcp", "frame_id", "base_link"));
        r.rig.step();
        long transforms = r.channel("tf").publications();

        r.set(slots[0], Double.NaN);
        r.rig.step();
        assertTrue(Double.isNaN(r.channel("pose").snapshot().values()[0]), "the pose channel shows what was read");
        assertEquals(transforms, r.channel("tf").publications(), "NaN: no transform");

        r.set(slots[0], 4.0);
        r.set(slots[6], 0.9); // |q|² = 0.81: not a rotation
        r.rig.step();
        assertEquals(transforms, r.channel("tf").publications(), "not a unit quaternion: no transform");
        assertEquals(1.0, r.channel("tf").snapshot().values()[0], "the last valid transform stays");

        r.set(slots[6], 0.999); // |q|² = 0.998, within upstream's 0.01
        r.rig.step();
        assertEquals(transforms + 1, r.channel("tf").publications());
        assertEquals(4.0, r.channel("tf").snapshot().values()[0]);
    }

    @Test
    void withTfDisabledThereIsNoTransformChannel() {
        addPose(0, 0, 0, 0, 0, 0, 1);
        r.active(TYPE, params("pose_name", "tcp", "frame_id", "base_link", "tf.enable", false));
        r.rig.step();
        assertEquals(List.of("broadcaster/pose"), r.channels.names());
    }

    @Test
    void activationIsRefusedNamingTheInterfacesThatDoNotExist() {
        r.rig.table().addState("tcp/position.x", 0.0);
        Entry e = r.load(TYPE, params("pose_name", "tcp", "frame_id", "base_link"));
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertEquals(CallbackReturn.FAILURE, e.activate());
        assertEquals(Fault.NO_MEASURED_STATE, r.controller.fault());
        assertEquals("broadcaster: state interfaces tcp/position.y, tcp/position.z, tcp/orientation.x,"
                + " tcp/orientation.y, tcp/orientation.z, tcp/orientation.w do not exist (needs tcp/position.x,"
                + " tcp/position.y, tcp/position.z, tcp/orientation.x, tcp/orientation.y, tcp/orientation.z,"
                + " tcp/orientation.w)", r.controller.lastError());
    }

    @Test
    void theParametersAreCheckedAsConfigureReadsThem() {
        var c = new BroadcasterFactory(r.channels).create(TYPE);
        assertTrue(c.checkParameters(new Parameters("t", params("pose_name", "tcp", "frame_id", "base"))).ok());
        assertEquals("parameter 'pose_name' is required but missing",
                c.checkParameters(new Parameters("t", params("frame_id", "base"))).message());
        assertEquals("parameter 'frame_id' must not be empty",
                c.checkParameters(new Parameters("t", params("pose_name", "tcp", "frame_id", " "))).message());
        assertEquals("parameter 'tf.enable' must be true or false, got 'maybe'", c.checkParameters(
                new Parameters("t", params("pose_name", "tcp", "frame_id", "b", "tf.enable", "maybe"))).message());
        assertEquals("unknown parameter 'tf.enabled' (did you mean 'tf.enable'?)", c.checkParameters(
                new Parameters("t", params("pose_name", "tcp", "frame_id", "b", "tf.enabled", true))).message());
    }

    @Test
    void cleanupRemovesTheChannels() {
        addPose(0, 0, 0, 0, 0, 0, 1);
        Entry e = r.active(TYPE, params("pose_name", "tcp", "frame_id", "base_link"));
        e.deactivate();
        e.cleanup();
        assertFalse(r.channels.names().contains("broadcaster/pose"));
        assertFalse(r.channels.names().contains("broadcaster/tf"));
    }

    @Test
    void anUpdateAllocatesNothing() {
        int[] slots = addPose(0, 0, 0, 0, 0, 0, 1);
        r.active(TYPE, params("pose_name", "tcp", "frame_id", "base_link"));
        assertEquals(0, r.bytesPer5000Updates(slots[0]), "bytes allocated in 5000 updates");
        assertEquals(4999.0, r.channel("tf").snapshot().values()[0]);
    }

    static List<Double> boxed(double[] v) {
        return java.util.Arrays.stream(v).boxed().toList();
    }

}
