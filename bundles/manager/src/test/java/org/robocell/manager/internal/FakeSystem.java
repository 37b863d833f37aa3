package org.robocell.manager.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.hardware.CommandInterfaceHandle;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareContext;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.hardware.StateInterfaceHandle;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * A scriptable hardware component: mirrors finite commands into same-named states in {@code read()} (like mock
 * GenericSystem: a command written in cycle k is the state after the read of cycle k+1), records its calls, and
 * answers what the test sets.
 */
class FakeSystem implements HardwareComponent {

    final String name;
    final List<String> log;
    final Map<String, CallbackReturn> results = new HashMap<>();
    final Map<String, Integer> calls = new HashMap<>();
    ReturnType readResult = ReturnType.OK;
    ReturnType writeResult = ReturnType.OK;
    RuntimeException readThrows;
    RuntimeException writeThrows;
    ReturnType prepareResult = ReturnType.OK;
    ReturnType performResult = ReturnType.OK;
    final List<List<String>> prepareStarts = new ArrayList<>();
    final List<List<String>> prepareStops = new ArrayList<>();
    final List<List<String>> performStarts = new ArrayList<>();
    boolean logRealTime = true;
    boolean mirror = true;
    /** How long each read busy-waits (a robot's packet, or a stalling driver), 0 = none. */
    long readSpinNanos;
    /** How long each write busy-waits (a stalling driver), 0 = none. */
    long writeSpinNanos;
    /** What {@link #readWaitsForRobot()} answers: a robot's driver (true), or a mock sensor beside it (false). */
    boolean waitsForRobot = true;

    HardwareContext context;
    CommandInterfaceHandle[] commandSlots = new CommandInterfaceHandle[0];
    StateInterfaceHandle[] mirroredStateSlots = new StateInterfaceHandle[0];
    String[] commandNames = new String[0];
    double[] written = new double[0];
    long reads;
    long writes;
    double lastReadPeriod;
    double lastWritePeriod;
    double lastReadTime;

    FakeSystem(String name, List<String> log) {
        this.name = name;
        this.log = log;
    }

    private CallbackReturn answer(String callback) {
        calls.merge(callback, 1, Integer::sum);
        log.add(name + "." + callback);
        return results.getOrDefault(callback, CallbackReturn.SUCCESS);
    }

    int calls(String callback) {
        return calls.getOrDefault(callback, 0);
    }

    @Override
    public CallbackReturn onInit(HardwareContext context) {
        this.context = context;
        List<CommandInterfaceHandle> cmd = new ArrayList<>();
        List<StateInterfaceHandle> st = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (ComponentInfo c : context.info().allComponents()) {
            for (InterfaceInfo i : c.commandInterfaces()) {
                String full = c.fullName(i);
                if (context.hasCommandInterface(full)) {
                    cmd.add(context.command(full));
                    st.add(context.hasStateInterface(full) ? context.state(full) : null);
                    names.add(full);
                }
            }
        }
        commandSlots = cmd.toArray(new CommandInterfaceHandle[0]);
        mirroredStateSlots = st.toArray(new StateInterfaceHandle[0]);
        commandNames = names.toArray(new String[0]);
        written = new double[commandSlots.length];
        return answer("onInit");
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        return answer("onConfigure");
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        return answer("onCleanup");
    }

    @Override
    public CallbackReturn onActivate(LifecycleState previous) {
        return answer("onActivate");
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        return answer("onDeactivate");
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        return answer("onShutdown");
    }

    @Override
    public CallbackReturn onError(LifecycleState previous) {
        return answer("onError");
    }

    @Override
    public boolean readWaitsForRobot() {
        return waitsForRobot;
    }

    @Override
    public ReturnType read(double time, double period) {
        reads++;
        lastReadPeriod = period;
        lastReadTime = time;
        if (logRealTime) {
            log.add(name + ".read");
        }
        if (readThrows != null) {
            throw readThrows;
        }
        TestController.spin(readSpinNanos);
        if (mirror) {
            for (int i = 0; i < commandSlots.length; i++) {
                double v = commandSlots[i].get();
                if (mirroredStateSlots[i] != null && Double.isFinite(v)) {
                    mirroredStateSlots[i].set(v);
                }
            }
        }
        return readResult;
    }

    @Override
    public ReturnType write(double time, double period) {
        writes++;
        lastWritePeriod = period;
        if (logRealTime) {
            log.add(name + ".write");
        }
        if (writeThrows != null) {
            throw writeThrows;
        }
        TestController.spin(writeSpinNanos);
        for (int i = 0; i < commandSlots.length; i++) {
            written[i] = commandSlots[i].get();
        }
        return writeResult;
    }

    double written(String command) {
        for (int i = 0; i < commandNames.length; i++) {
            if (commandNames[i].equals(command)) {
                return written[i];
            }
        }
        throw new IllegalArgumentException(command);
    }

    @Override
    public ReturnType prepareCommandModeSwitch(List<String> start, List<String> stop) {
        prepareStarts.add(start);
        prepareStops.add(stop);
        log.add(name + ".prepare" + start + stop);
        return prepareResult;
    }

    @Override
    public ReturnType performCommandModeSwitch(List<String> start, List<String> stop) {
        if (logRealTime) {
            performStarts.add(start);
            log.add(name + ".perform" + start + stop);
        }
        return performResult;
    }
}
