package org.robocell.manager.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerContext;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.Parameters;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * A scriptable controller: claims the given command interfaces, reads the given states, writes {@link #output}
 * to every command each update, records its calls and what the manager passed.
 */
class TestController implements Controller {

    final String name;
    final List<String> log;
    List<String> commands;
    List<String> states;
    final Map<String, CallbackReturn> results = new HashMap<>();
    final Map<String, Integer> calls = new HashMap<>();
    ReturnType updateResult = ReturnType.OK;
    RuntimeException updateThrows;
    double output = 1.0;
    /** How long each update busy-waits (a stalling controller), 0 = none. */
    long spinNanos;
    boolean logUpdates = true;
    boolean allInterfaces;
    Set<String> live = Set.of();
    Parameters liveParameters;

    ControllerContext context;
    CommandHandle[] commandHandles = new CommandHandle[0];
    StateHandle[] stateHandles = new StateHandle[0];
    long updates;
    double lastPeriod;
    double lastTime;
    final List<Double> periods = new ArrayList<>();
    final List<Long> updateCycles = new ArrayList<>();
    /** Set by the test: the cycle number the next update belongs to. */
    static long currentCycle;

    TestController(String name, List<String> log, List<String> commands, List<String> states) {
        this.name = name;
        this.log = log;
        this.commands = commands;
        this.states = states;
    }

    int calls(String callback) {
        return calls.getOrDefault(callback, 0);
    }

    CallbackReturn answer(String callback) {
        calls.merge(callback, 1, Integer::sum);
        log.add(name + "." + callback);
        return results.getOrDefault(callback, CallbackReturn.SUCCESS);
    }

    @Override
    public CallbackReturn onInit(ControllerContext context) {
        this.context = context;
        return answer("onInit");
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return allInterfaces ? InterfaceConfiguration.ALL : InterfaceConfiguration.individual(commands);
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return allInterfaces ? InterfaceConfiguration.ALL : InterfaceConfiguration.individual(states);
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
    public CallbackReturn onActivate(Loans loans) {
        commandHandles = loans.commands().toArray(new CommandHandle[0]);
        stateHandles = loans.states().toArray(new StateHandle[0]);
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
    public ReturnType update(double time, double period) {
        updates++;
        lastPeriod = period;
        lastTime = time;
        if (logUpdates) {
            periods.add(period);
            updateCycles.add(currentCycle);
            log.add(name + ".update");
        }
        if (updateThrows != null) {
            throw updateThrows;
        }
        spin(spinNanos);
        for (int i = 0; i < commandHandles.length; i++) {
            commandHandles[i].set(output);
        }
        return updateResult;
    }

    @Override
    public Set<String> liveParameters() {
        return live;
    }

    @Override
    public boolean onParametersChanged(Parameters parameters) {
        liveParameters = parameters;
        return true;
    }

    /** Busy-waits at least {@code nanos}: a stall whose length does not depend on the machine's load. */
    static void spin(long nanos) {
        if (nanos <= 0) {
            return;
        }
        long start = System.nanoTime();
        while (System.nanoTime() - start < nanos) {
            Thread.onSpinWait();
        }
    }
}
