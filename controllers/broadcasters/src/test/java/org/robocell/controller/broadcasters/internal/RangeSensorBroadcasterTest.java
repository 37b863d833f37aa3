package org.robocell.controller.broadcasters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.robocell.controller.broadcasters.internal.BroadcasterRig.params;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Parameters;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.controller.testkit.ControllerRig.Entry;

/** ros2_controllers' range_sensor_broadcaster: the range every update with the sensor's static description. */
class RangeSensorBroadcasterTest {

    private static final String TYPE = BroadcasterFactory.RANGE;
    private final BroadcasterRig r = new BroadcasterRig();

    @Test
    void theRangeIsPublishedEveryUpdateWithTheSensorsDescription() {
        int slot = r.rig.table().addState("ultrasonic/range", 1.25);
        r.active(TYPE, params("sensor_name", "ultrasonic", "frame_id", "sonar_link", "radiation_type", 1,
                "field_of_view", 0.1, "min_range", 0.02, "max_range", 2.0, "variance", 0.004));
        assertEquals(InterfaceConfiguration.individual(List.of("ultrasonic/range")),
                r.controller.stateInterfaceConfiguration());
        r.rig.step();
        assertEquals(List.of(1.25, 1.0, 0.1, 0.02, 2.0, 0.004),
                PoseBroadcasterTest.boxed(r.channel("range").snapshot().values()));
        assertEquals(List.of("sonar_link/range", "sonar_link/radiation_type", "sonar_link/field_of_view",
                "sonar_link/min_range", "sonar_link/max_range", "sonar_link/variance"), r.channel("range").fields());
        r.set(slot, 3.5);
        r.rig.step();
        assertEquals(3.5, r.channel("range").snapshot().values()[0]);
    }

    @Test
    void theDefaultsAreUpstreams() {
        r.rig.table().addState("ir/range", 0.0);
        r.active(TYPE, params("sensor_name", "ir", "frame_id", "ir_link"));
        r.rig.step();
        assertEquals(List.of(0.0, 0.0, 0.52, 0.52, 4.0, 0.0),
                PoseBroadcasterTest.boxed(r.channel("range").snapshot().values()));
    }

    @Test
    void activationIsRefusedWithoutTheRangeInterface() {
        Entry e = r.load(TYPE, params("sensor_name", "ultrasonic", "frame_id", "sonar_link"));
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertEquals(CallbackReturn.FAILURE, e.activate());
        assertEquals("broadcaster: state interface ultrasonic/range does not exist (needs ultrasonic/range)",
                r.controller.lastError());
    }

    @Test
    void wrongParametersAreRefusedWithOneLine() {
        var c = new BroadcasterFactory(r.channels).create(TYPE);
        assertEquals("parameter 'radiation_type' must be 0 (ultrasound) or 1 (infrared), got 2",
                c.checkParameters(new Parameters("t", params("sensor_name", "s", "frame_id", "f", "radiation_type",
                        2))).message());
        assertEquals("parameter 'min_range' (3.0) must not exceed 'max_range' (2.0)",
                c.checkParameters(new Parameters("t", params("sensor_name", "s", "frame_id", "f", "min_range", 3.0,
                        "max_range", 2.0))).message());
        assertEquals("parameter 'variance' must be a finite number, got NaN",
                c.checkParameters(new Parameters("t", params("sensor_name", "s", "frame_id", "f", "variance",
                        Double.NaN))).message());
        assertEquals("parameter 'frame_id' is required but missing",
                c.checkParameters(new Parameters("t", params("sensor_name", "s"))).message());
        assertEquals("unknown parameter 'max_rang' (did you mean 'max_range'?)",
                c.checkParameters(new Parameters("t", params("sensor_name", "s", "frame_id", "f", "max_rang", 1.0)))
                        .message());
    }

    @Test
    void theFactoryServesOnlyItsThreeTypes() {
        assertThrows(IllegalArgumentException.class,
                () -> new BroadcasterFactory(r.channels).create("joint_state_broadcaster/JointStateBroadcaster"));
    }

    @Test
    void anUpdateAllocatesNothing() {
        int slot = r.rig.table().addState("ultrasonic/range", 1.25);
        r.active(TYPE, params("sensor_name", "ultrasonic", "frame_id", "sonar_link"));
        assertEquals(0, r.bytesPer5000Updates(slot), "bytes allocated in 5000 updates");
        assertEquals(4999.0, r.channel("range").snapshot().values()[0]);
    }
}
