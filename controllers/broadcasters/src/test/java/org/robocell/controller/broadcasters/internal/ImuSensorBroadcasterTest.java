package org.robocell.controller.broadcasters.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.robocell.controller.broadcasters.internal.BroadcasterRig.params;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Parameters;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.controller.testkit.ControllerRig.Entry;

/** ros2_controllers' imu_sensor_broadcaster: ten readings, static covariances, a fixed rotation offset. */
class ImuSensorBroadcasterTest {

    private static final String TYPE = BroadcasterFactory.IMU;
    private static final double[] COV = { 1, 0, 0, 0, 2, 0, 0, 0, 3 };
    private final BroadcasterRig r = new BroadcasterRig();

    private int[] addImu(double... values) {
        return r.addStates("imu_sensor", ImuConfig.AXES, values);
    }

    private double[] published() {
        return r.channel("imu").snapshot().values();
    }

    @Test
    void theTenReadingsAndTheStaticCovariancesArePublishedEveryUpdate() {
        addImu(0, 0, 0, 1, 0.1, 0.2, 0.3, 9.81, 0.5, -0.5);
        r.active(TYPE, params("sensor_name", "imu_sensor", "frame_id", "imu_link",
                "static_covariance_angular_velocity", List.of(1.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 3.0)));
        r.rig.step();
        double[] v = published();
        assertEquals(37, v.length);
        assertArrayEquals(new double[] { 0, 0, 0, 1, 0.1, 0.2, 0.3, 9.81, 0.5, -0.5 }, Arrays.copyOf(v, 10));
        assertArrayEquals(new double[9], Arrays.copyOfRange(v, 10, 19), "orientation covariance defaults to zeros");
        assertArrayEquals(COV, Arrays.copyOfRange(v, 19, 28));
        List<String> fields = r.channel("imu").fields();
        assertEquals("imu_link/orientation.x", fields.get(0));
        assertEquals("imu_link/linear_acceleration.z", fields.get(9));
        assertEquals("imu_link/orientation_covariance.0", fields.get(10));
        assertEquals("imu_link/linear_acceleration_covariance.8", fields.get(36));
    }

    @Test
    void aYawOffsetRotatesVectorsAndCovariancesAndComposesTheOrientationWithItsInverse() {
        addImu(0, 0, 0, 1, 1.0, 0.0, 0.0, 0.0, 2.0, 9.81);
        r.active(TYPE, params("sensor_name", "imu_sensor", "frame_id", "imu_link", "rotation_offset.yaw",
                Math.PI / 2, "static_covariance_linear_acceleration", List.of(1.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0,
                        0.0, 3.0), "static_covariance_orientation", List.of(1.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0,
                                3.0)));
        r.rig.step();
        double[] v = published();
        double h = Math.sqrt(0.5);
        assertArrayEquals(new double[] { 0, 0, -h, h }, Arrays.copyOf(v, 4), 1e-12, "identity · r⁻¹");
        assertArrayEquals(new double[] { 0, 1, 0 }, Arrays.copyOfRange(v, 4, 7), 1e-12, "x turned to y");
        assertArrayEquals(new double[] { -2, 0, 9.81 }, Arrays.copyOfRange(v, 7, 10), 1e-12, "y turned to -x");
        assertArrayEquals(COV, Arrays.copyOfRange(v, 10, 19), 1e-12, "the orientation covariance stays");
        assertArrayEquals(new double[] { 2, 0, 0, 0, 1, 0, 0, 0, 3 }, Arrays.copyOfRange(v, 28, 37), 1e-12,
                "R·C·Rᵀ swaps the x and y variances");
    }

    @Test
    void activationIsRefusedWhenOneOfTheTenInterfacesIsMissing() {
        r.addStates("imu_sensor", ImuConfig.AXES.subList(0, 9));
        Entry e = r.load(TYPE, params("sensor_name", "imu_sensor", "frame_id", "imu_link"));
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertEquals(CallbackReturn.FAILURE, e.activate());
        assertTrue(r.controller.lastError().startsWith(
                "broadcaster: state interface imu_sensor/linear_acceleration.z does not exist (needs"),
                r.controller.lastError());
    }

    @Test
    void covariancesMustBeNineFiniteNumbersAndTheNamesAreUpstreams() {
        var c = new BroadcasterFactory(r.channels).create(TYPE);
        assertEquals("parameter 'static_covariance_orientation' must hold 9 numbers (a 3x3 matrix, row major), got 3",
                c.checkParameters(new Parameters("t", params("sensor_name", "imu", "frame_id", "f",
                        "static_covariance_orientation", List.of(1.0, 2.0, 3.0)))).message());
        assertEquals("parameter 'static_covariance_angular_velocity' must hold finite numbers, got NaN at index 1",
                c.checkParameters(new Parameters("t", params("sensor_name", "imu", "frame_id", "f",
                        "static_covariance_angular_velocity", List.of(0.0, Double.NaN, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
                                0.0)))).message());
        assertEquals("parameter 'rotation_offset.roll' must be a finite number, got Infinity",
                c.checkParameters(new Parameters("t", params("sensor_name", "imu", "frame_id", "f",
                        "rotation_offset.roll", Double.POSITIVE_INFINITY))).message());
        assertEquals("parameter 'sensor_name' is required but missing",
                c.checkParameters(new Parameters("t", params("frame_id", "f"))).message());
        assertEquals("unknown parameter 'static_covariance_orientaton' (did you mean 'static_covariance_orientation'?)",
                c.checkParameters(new Parameters("t", params("sensor_name", "imu", "frame_id", "f",
                        "static_covariance_orientaton", List.of()))).message());
    }

    @Test
    void anUpdateAllocatesNothingWithARotationOffset() {
        int[] slots = addImu(0, 0, 0, 1);
        r.active(TYPE, params("sensor_name", "imu_sensor", "frame_id", "imu_link", "rotation_offset.pitch", 0.3));
        assertEquals(0, r.bytesPer5000Updates(slots[4]), "bytes allocated in 5000 updates");
    }
}
