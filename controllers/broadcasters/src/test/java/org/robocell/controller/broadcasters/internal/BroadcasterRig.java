package org.robocell.controller.broadcasters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.controller.Controller;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.ControllerRig.Entry;

/** A test loop with sensor state interfaces, the broadcaster under test and its channels. */
final class BroadcasterRig {

    final ChannelDirectory channels = new ChannelDirectory();
    final ControllerRig rig = ControllerRig.sevenJointRobot();
    Controller controller;

    /** Adds {@code <prefix>/<axis>} state interfaces starting at {@code values}; returns their slots. */
    int[] addStates(String prefix, List<String> axes, double... values) {
        int[] slots = new int[axes.size()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = rig.table().addState(prefix + "/" + axes.get(i), i < values.length ? values[i] : 0.0);
        }
        return slots;
    }

    Entry load(String type, Map<String, ?> parameters) {
        controller = new BroadcasterFactory(channels).create(type);
        return rig.load("broadcaster", type, controller, parameters);
    }

    Entry active(String type, Map<String, ?> parameters) {
        Entry e = load(type, parameters);
        assertEquals(CallbackReturn.SUCCESS, e.configure(), () -> controller.lastError());
        assertEquals(CallbackReturn.SUCCESS, e.activate(), () -> controller.lastError());
        return e;
    }

    StateOutput channel(String suffix) {
        return channels.find("broadcaster/" + suffix, StateOutput.class).orElseThrow(
                () -> new AssertionError("no channel broadcaster/" + suffix + " in " + channels.names()));
    }

    void set(int slot, double value) {
        rig.table().slots().set(slot, value);
    }

    static Map<String, Object> params(Object... keyValues) {
        Map<String, Object> p = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            p.put((String) keyValues[i], keyValues[i + 1]);
        }
        return p;
    }

    /**
     * Bytes allocated by 5000 cycles after warm-up, the fewest of up to twenty tries (each changes {@code slot}): on a
     * loaded machine the JIT may still be compiling the update after the warm-up, and its first tries then count a few
     * hundred bytes that are the compiler's, not the update's.
     */
    long bytesPer5000Updates(int slot) {
        for (int i = 0; i < 20_000; i++) {
            set(slot, i);
            rig.step();
        }
        return AllocationMeter.fewestBytes(() -> {
            for (int i = 0; i < 5_000; i++) {
                set(slot, i);
                rig.step();
            }
        });
    }
}
