package org.robocell.manager.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.robocell.api.cell.ChainGraph;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.HardwareSnapshot;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.cell.LoopStats;
import org.robocell.resources.internal.CodeOrigin;
import org.robocell.resources.internal.InterfaceEntry;
import org.robocell.resources.internal.ManagedHardware;

/**
 * Immutable views of the manager for the shell and other bundles, built from volatile fields without the manager's
 * lock and without touching the loop: a view may be one cycle old.
 */
final class Snapshots {

    private final ManagerState state;

    Snapshots(ManagerState state) {
        this.state = state;
    }

    List<ControllerSnapshot> controllers() {
        List<ControllerSnapshot> out = new ArrayList<>();
        for (ManagedController mc : state.controllerList) {
            out.add(of(mc));
        }
        return List.copyOf(out);
    }

    Optional<ControllerSnapshot> controller(String name) {
        for (ManagedController mc : state.controllerList) {
            if (mc.name.equals(name)) {
                return Optional.of(of(mc));
            }
        }
        return Optional.empty();
    }

    private static ControllerSnapshot of(ManagedController mc) {
        Prepared active = mc.active;
        Prepared prepared = mc.prepared;
        boolean isActive = mc.isActive();
        List<String> claimed = new ArrayList<>();
        if (isActive && active != null) {
            for (InterfaceEntry e : active.commands) {
                claimed.add(e.name());
            }
        }
        Prepared shown = isActive && active != null ? active : prepared;
        List<String> requiredCommands = shown == null ? mc.commandConfig.names() : shown.commandNames;
        List<String> requiredStates = shown == null ? mc.stateConfig.names() : shown.stateNames;
        String error = mc.lastError();
        return new ControllerSnapshot(mc.name, mc.type, mc.lifecycleState(), mc.isConfigured() ? mc.rate : 0, claimed,
                requiredCommands, requiredStates, mc.chainable != null, mc.chained, mc.references, mc.exportedStates,
                mc.fallbacks, mc.updates, mc.errors, error != null ? error : ControllerCalls.reasonOrNull(mc),
                mc.context.parameters(), mc.fault, mc.budget.overruns(), mc.budget.timing(), CodeOrigin.of(mc.controller));
    }

    ChainGraph chains() {
        ChainResolver r = state.chain;
        List<String> order = new ArrayList<>();
        for (ManagedController mc : r.order) {
            order.add(mc.name);
        }
        return new ChainGraph(r.edges, order);
    }

    List<HardwareSnapshot> hardware() {
        List<HardwareSnapshot> out = new ArrayList<>();
        for (ManagedHardware hw : state.rm.hardware()) {
            out.add(of(hw));
        }
        return List.copyOf(out);
    }

    Optional<HardwareSnapshot> hardware(String name) {
        ManagedHardware hw = state.rm.hardware(name);
        return hw == null ? Optional.empty() : Optional.of(of(hw));
    }

    private HardwareSnapshot of(ManagedHardware hw) {
        return hw.snapshot(state.rm.slots(), state.pluginAvailable.test(hw.info().plugin()));
    }

    List<InterfaceSnapshot> interfaces() {
        return state.rm.snapshot();
    }

    LoopStats stats() {
        return state.stats.snapshot(state.robot(), state.config.clock(), state.config.rate(), state.running,
                clampedCommands(), nonFiniteCommands());
    }

    /** Every figure {@link #stats()} shows starts afresh, the cycle counter excepted. */
    void resetStats() {
        state.stats.reset(clampedCommands(), nonFiniteCommands());
        for (ManagedHardware hw : state.rm.hardware()) {
            hw.resetTiming();
        }
        for (ManagedController mc : state.controllerList) {
            mc.budget.resetTiming();
        }
    }

    private long clampedCommands() {
        long clamped = 0;
        for (ManagedHardware hw : state.rm.hardware()) {
            clamped += hw.clampedCommands();
        }
        return clamped;
    }

    private long nonFiniteCommands() {
        long nonFinite = 0;
        for (ManagedHardware hw : state.rm.hardware()) {
            nonFinite += hw.nonFiniteCommands();
        }
        return nonFinite;
    }
}
