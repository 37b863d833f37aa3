package org.robocell.controller.fts.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.ControllerRig.Entry;

/**
 * The force/torque sensor broadcaster (ros2_controllers' force_torque_sensor_broadcaster): parameters, channels and
 * real-time behaviour.
 */
class ForceTorqueSensorBroadcasterTest {

    private static final String TYPE = ForceTorqueSensorBroadcasterFactory.TYPE;

    private final ChannelDirectory channels = new ChannelDirectory();
    private final ControllerRig rig = ControllerRig.sevenJointRobot();
    private Controller broadcaster;

    /** Adds the six state interfaces of a sensor named {@code sensor}; axis a starts at {@code base + a}. */
    private int[] addSensor(String sensor, double base) {
        int[] slots = new int[6];
        for (int a = 0; a < 6; a++) {
            slots[a] = rig.table().addState(sensor + "/" + ForceTorqueSensorBroadcaster.AXES.get(a), base + a);
        }
        return slots;
    }

    private Entry load(Map<String, ?> parameters) {
        broadcaster = new ForceTorqueSensorBroadcasterFactory(channels).create(TYPE);
        return rig.load("fts_broadcaster", TYPE, broadcaster, parameters);
    }

    private Entry active(Map<String, ?> parameters) {
        Entry e = load(parameters);
        assertEquals(CallbackReturn.SUCCESS, e.configure(), () -> broadcaster.lastError());
        assertEquals(CallbackReturn.SUCCESS, e.activate(), () -> broadcaster.lastError());
        return e;
    }

    private static Map<String, Object> sensor(String name, Object... more) {
        Map<String, Object> p = new HashMap<>();
        p.put("sensor_name", name);
        p.put("frame_id", "tool0");
        for (int i = 0; i < more.length; i += 2) {
            p.put((String) more[i], more[i + 1]);
        }
        return p;
    }

    private StateOutput wrench() {
        return channels.find("fts_broadcaster/wrench", StateOutput.class).orElseThrow();
    }

    private StateOutput wrenchRaw() {
        return channels.find("fts_broadcaster/wrench_raw", StateOutput.class).orElseThrow();
    }

    @Test
    void behaviour56_offsetIsAddedBeforeTheMultiplier() {
        int[] slots = addSensor("fts", 0.0);
        active(sensor("fts", "offset.force.x", 1.0, "multiplier.force.x", 2.0));
        rig.table().slots().set(slots[0], 3.0);
        rig.step();
        assertEquals(8.0, wrench().snapshot().values()[0], "(3 + 1) * 2");
        assertEquals(3.0, wrenchRaw().snapshot().values()[0], "the raw channel carries the interface value");
    }

    @Test
    void eachAxisHasItsOwnOffsetAndMultiplierAndUncalibratedAxesPassThrough() {
        addSensor("fts", 10.0);
        active(sensor("fts", "offset.torque.y", -4.0, "multiplier.torque.y", 0.5, "multiplier.force.z", -1.0));
        rig.step();
        double[] v = wrench().snapshot().values();
        assertEquals(10.0, v[0]);
        assertEquals(11.0, v[1]);
        assertEquals(-12.0, v[2], "force.z only multiplied");
        assertEquals(13.0, v[3]);
        assertEquals((14.0 - 4.0) * 0.5, v[4]);
        assertEquals(15.0, v[5]);
    }

    @Test
    void withSensorNameItReadsTheSixStandardInterfacesAndPublishesEveryUpdate() {
        int[] slots = addSensor("fts", 1.0);
        active(sensor("fts"));
        assertEquals(InterfaceConfiguration.individual(List.of("fts/force.x", "fts/force.y", "fts/force.z",
                "fts/torque.x", "fts/torque.y", "fts/torque.z")), broadcaster.stateInterfaceConfiguration());
        assertEquals(InterfaceConfiguration.NONE, broadcaster.commandInterfaceConfiguration());

        long before = wrench().publications();
        for (int k = 1; k <= 5; k++) {
            rig.table().slots().set(slots[5], 100.0 * k);
            rig.step();
            assertEquals(before + k, wrench().publications());
            assertEquals(100.0 * k, wrench().snapshot().values()[5]);
        }
        StateOutput.Snapshot s = wrench().snapshot();
        assertEquals(List.of("tool0/force.x", "tool0/force.y", "tool0/force.z", "tool0/torque.x", "tool0/torque.y",
                "tool0/torque.z"), s.fields(), "the frame is the prefix of every field");
        assertEquals(List.of(1.0, 2.0, 3.0, 4.0, 5.0), List.of(s.values()[0], s.values()[1], s.values()[2],
                s.values()[3], s.values()[4]));
        assertEquals(s.fields(), wrenchRaw().fields());
    }

    @Test
    void explicitInterfaceNamesMapAnySubsetOfAxesAndTheOthersReadNaN() {
        rig.table().addState("ati/fz", 42.0);
        rig.table().addState("ati/mx", -0.5);
        Map<String, Object> p = new HashMap<>();
        p.put("frame_id", "ati_sensor");
        p.put("interface_names.torque.x", "ati/mx");
        p.put("interface_names.force.z", "ati/fz");
        p.put("offset.force.x", 5.0);
        active(p);
        assertEquals(InterfaceConfiguration.individual(List.of("ati/fz", "ati/mx")),
                broadcaster.stateInterfaceConfiguration(), "named interfaces, in axis order");
        rig.step();
        double[] v = wrench().snapshot().values();
        assertEquals(42.0, v[2]);
        assertEquals(-0.5, v[3]);
        for (int a : new int[] { 0, 1, 4, 5 }) {
            assertTrue(Double.isNaN(v[a]), "axis " + a + " has no interface: NaN, even with an offset");
            assertTrue(Double.isNaN(wrenchRaw().snapshot().values()[a]));
        }
        assertEquals("ati_sensor/force.z", wrench().fields().get(2));
    }

    @Test
    void interfacesTheHardwareDoesNotHaveReadNaN() {
        for (String axis : List.of("force.x", "force.y", "force.z")) {
            rig.table().addState("fts/" + axis, 2.0);
        }
        active(sensor("fts", "offset.torque.z", 1.0));
        rig.step();
        double[] v = wrench().snapshot().values();
        for (int a = 0; a < 3; a++) {
            assertEquals(2.0, v[a]);
        }
        for (int a = 3; a < 6; a++) {
            assertTrue(Double.isNaN(v[a]), "torque axis " + a + " is missing in the hardware");
        }
    }

    @Test
    void activationFailsWhenNoneOfTheInterfacesExist() {
        Entry e = load(sensor("no_such_sensor"));
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertEquals(CallbackReturn.FAILURE, e.activate());
        assertTrue(broadcaster.lastError().contains("none of the requested state interfaces exist"),
                broadcaster.lastError());
    }

    @Test
    void sensorNameOrInterfaceNamesMustBeGivenButNotBoth() {
        Entry neither = load(Map.of("frame_id", "tool0"));
        assertEquals(CallbackReturn.FAILURE, neither.configure());
        assertTrue(broadcaster.lastError().contains("'sensor_name' or at least one"), broadcaster.lastError());

        Entry both = load(sensor("fts", "interface_names.force.x", "fts/force.x"));
        assertEquals(CallbackReturn.FAILURE, both.configure());
        assertTrue(broadcaster.lastError().contains("can not be specified together"), broadcaster.lastError());
    }

    @Test
    void frameIdIsRequired() {
        Entry e = load(Map.of("sensor_name", "fts"));
        assertEquals(CallbackReturn.FAILURE, e.configure());
        assertTrue(broadcaster.lastError().contains("'frame_id'"), broadcaster.lastError());
    }

    @Test
    void aCalibrationValueThatIsNoFiniteNumberFailsTheConfiguration() {
        Entry words = load(sensor("fts", "multiplier.torque.x", "twice"));
        assertEquals(CallbackReturn.FAILURE, words.configure());
        assertTrue(broadcaster.lastError().contains("multiplier.torque.x"), broadcaster.lastError());

        Entry infinite = load(sensor("fts", "offset.force.y", Double.POSITIVE_INFINITY));
        assertEquals(CallbackReturn.FAILURE, infinite.configure());
        assertTrue(broadcaster.lastError().contains("offset.force.y"), broadcaster.lastError());
    }

    @Test
    void anInterfaceNamedForTwoAxesFailsTheConfiguration() {
        Map<String, Object> p = new HashMap<>();
        p.put("frame_id", "tool0");
        p.put("interface_names.force.x", "fts/f");
        p.put("interface_names.force.y", "fts/f");
        Entry e = load(p);
        assertEquals(CallbackReturn.FAILURE, e.configure());
        assertTrue(broadcaster.lastError().contains("'fts/f' is named for two axes"), broadcaster.lastError());
    }

    @Test
    void offsetsAndMultipliersChangeWhileActiveFromTheNextUpdate() {
        int[] slots = addSensor("fts", 0.0);
        active(sensor("fts", "offset.force.x", 1.0, "multiplier.force.x", 2.0, "offset.force.z", 7.0));
        assertTrue(broadcaster.liveParameters().containsAll(List.of("offset.force.x", "offset.torque.z",
                "multiplier.force.y", "multiplier.torque.z")));
        assertEquals(12, broadcaster.liveParameters().size());
        rig.table().slots().set(slots[0], 3.0);
        rig.table().slots().set(slots[2], 3.0);
        rig.step();
        assertEquals(8.0, wrench().snapshot().values()[0]);

        assertTrue(broadcaster.onParametersChanged(new Parameters("tare", Map.of("offset.force.x", -3.0))));
        assertEquals(8.0, wrench().snapshot().values()[0], "nothing changes until the loop takes the values");
        rig.step();
        assertEquals(0.0, wrench().snapshot().values()[0], "(3 - 3) * 2: the multiplier left out is kept");
        assertEquals(10.0, wrench().snapshot().values()[2], "the offset of force.z left out is kept");

        assertFalse(broadcaster.onParametersChanged(new Parameters("bad", Map.of("offset.force.x", 1.0,
                "multiplier.force.y", Double.NaN))));
        rig.step();
        assertEquals(0.0, wrench().snapshot().values()[0], "a refused change changes nothing");
    }

    @Test
    void cleanupRemovesTheChannels() {
        addSensor("fts", 0.0);
        Entry e = active(sensor("fts"));
        assertTrue(channels.names().containsAll(List.of("fts_broadcaster/wrench", "fts_broadcaster/wrench_raw")));
        e.deactivate();
        e.cleanup();
        assertFalse(channels.names().contains("fts_broadcaster/wrench"));
        assertFalse(channels.names().contains("fts_broadcaster/wrench_raw"));
    }

    @Test
    void theFactoryServesOnlyItsType() {
        ForceTorqueSensorBroadcasterFactory f = new ForceTorqueSensorBroadcasterFactory(channels);
        assertThrows(IllegalArgumentException.class, () -> f.create("joint_state_broadcaster/JointStateBroadcaster"));
    }

    @Test
    void anUpdateAllocatesNothing() {
        int[] slots = addSensor("fts", 0.0);
        active(sensor("fts", "offset.force.x", 1.0, "multiplier.torque.z", 3.0));
        for (int i = 0; i < 20_000; i++) {
            rig.table().slots().set(slots[i % 6], i);
            rig.step();
        }
        long fewest = AllocationMeter.fewestBytes(attempt -> {
            assertTrue(broadcaster.onParametersChanged(new Parameters("tare", Map.of("offset.force.x", -attempt))));
            long published = wrench().publications();
            long bytes = AllocationMeter.bytesOf(() -> {
                for (int i = 0; i < 5_000; i++) {
                    rig.table().slots().set(slots[i % 6], i);
                    rig.step();
                }
            });
            assertEquals(published + 5_000, wrench().publications());
            assertEquals(4_998.0 - attempt, wrench().snapshot().values()[0],
                    "the measured cycles took the new offset and published the last raw value");
            return bytes;
        });
        assertEquals(0, fewest, "bytes allocated in 5000 updates");
    }

    @Test
    void aParameterChangeIsCheckedAsConfigureWouldReadItUnknownKeysIncluded() {
        Controller c = new ForceTorqueSensorBroadcasterFactory(channels).create(TYPE);
        assertTrue(c.checkParameters(new Parameters("t", sensor("fts", "offset.force.x", 0.5))).ok());
        assertEquals(new ParameterCheck.Problem("multiplier.torque.z", ParameterCheck.Reason.INVALID,
                "parameter 'multiplier.torque.z' must be a finite number, got NaN"),
                c.checkParameters(new Parameters("t", sensor("fts", "multiplier.torque.z", Double.NaN)))
                        .first().orElseThrow());
        assertEquals("frame_id", c.checkParameters(new Parameters("t", Map.of("sensor_name", "fts")))
                .first().orElseThrow().key());
        assertEquals("unknown parameter 'offset.force.w' (did you mean 'offset.force.x'?)",
                c.checkParameters(new Parameters("t", sensor("fts", "offset.force.w", 1.0))).message());
    }
}
