package org.robocell.manager.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.cell.InterfaceSnapshot.Kind;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.hardware.InterfaceSlots;
import org.robocell.resources.internal.InterfaceEntry;
import org.robocell.resources.internal.ManagedHardware;
import org.robocell.resources.internal.ResourceManager;

/**
 * What activating a controller takes, resolved off the loop: the command (and reference) interfaces to claim in
 * configured order, the state interfaces to read, and the loans handed to {@code onActivate}.
 * <p>
 * Decision (documented in docs/differences.md): a required command interface must exist (else the activation is
 * refused with ros2_control's message); so is one whose INDIVIDUAL state interface does not exist
 * ({@link #missingState}, as ros2_control's controller manager refuses it). {@code ALL} state interfaces means every
 * hardware state interface.
 */
final class Prepared {

    final InterfaceEntry[] commands;
    /** The hardware component owning each command entry, or null for a controller's reference interface. */
    final ManagedHardware[] commandOwners;
    final InterfaceEntry[] states;
    final String missingCommand;
    /** The first INDIVIDUAL state interface that does not exist, or null. */
    final String missingState;
    final Loans loans;
    final List<String> commandNames;
    final List<String> stateNames;

    private Prepared(InterfaceEntry[] commands, ManagedHardware[] owners, InterfaceEntry[] states,
            String missingCommand, String missingState, Loans loans, List<String> commandNames,
            List<String> stateNames) {
        this.commands = commands;
        this.commandOwners = owners;
        this.states = states;
        this.missingCommand = missingCommand;
        this.missingState = missingState;
        this.loans = loans;
        this.commandNames = commandNames;
        this.stateNames = stateNames;
    }

    static Prepared of(ManagedController mc, ResourceManager rm) {
        InterfaceSlots slots = rm.slots();
        List<String> commandNames = switch (mc.commandConfig.kind()) {
            case NONE -> List.of();
            case ALL -> rm.commandEntries().stream().filter(e -> e.kind() == Kind.COMMAND).map(InterfaceEntry::name)
                    .toList();
            case INDIVIDUAL -> mc.commandConfig.names();
        };
        List<String> stateNames = switch (mc.stateConfig.kind()) {
            case NONE -> List.of();
            case ALL -> rm.stateEntries().stream().filter(e -> e.kind() == Kind.STATE).map(InterfaceEntry::name)
                    .toList();
            case INDIVIDUAL -> mc.stateConfig.names();
        };
        List<InterfaceEntry> cmds = new ArrayList<>();
        List<ManagedHardware> owners = new ArrayList<>();
        List<CommandHandle> cmdHandles = new ArrayList<>();
        String missing = null;
        for (String n : commandNames) {
            InterfaceEntry e = rm.commandEntry(n);
            if (e == null || e.owner().equals(mc.name)) {
                if (missing == null) {
                    missing = n;
                }
                continue;
            }
            cmds.add(e);
            owners.add(e.kind() == Kind.COMMAND ? rm.hardware(e.owner()) : null);
            cmdHandles.add(new CommandHandle(n, slots, e.slot()));
        }
        List<InterfaceEntry> sts = new ArrayList<>();
        List<StateHandle> stateHandles = new ArrayList<>();
        String missingState = null;
        for (String n : stateNames) {
            InterfaceEntry e = rm.stateEntry(n);
            if (e != null && !e.owner().equals(mc.name)) {
                sts.add(e);
                stateHandles.add(new StateHandle(n, slots, e.slot()));
            } else if (missingState == null) {
                missingState = n;
            }
        }
        List<CommandHandle> refs = new ArrayList<>();
        List<CommandHandle> exported = new ArrayList<>();
        for (InterfaceEntry e : mc.ownEntries) {
            (e.kind() == Kind.REFERENCE ? refs : exported).add(new CommandHandle(e.name(), slots, e.slot()));
        }
        Loans loans = new PreparedLoans(List.copyOf(cmdHandles), List.copyOf(stateHandles), List.copyOf(refs),
                List.copyOf(exported));
        return new Prepared(cmds.toArray(new InterfaceEntry[0]), owners.toArray(new ManagedHardware[0]),
                sts.toArray(new InterfaceEntry[0]), missing, missingState, loans, commandNames, stateNames);
    }

    /** Whether this controller reads or commands any interface exported by {@code owner} (same String instance). */
    boolean uses(String owner, boolean commandsOnly) {
        for (int i = 0; i < commands.length; i++) {
            if (commands[i].owner() == owner) {
                return true;
            }
        }
        if (!commandsOnly) {
            for (int i = 0; i < states.length; i++) {
                if (states[i].owner() == owner) {
                    return true;
                }
            }
        }
        return false;
    }

    private record PreparedLoans(List<CommandHandle> commands, List<StateHandle> states,
            List<CommandHandle> references, List<CommandHandle> exportedStates) implements Loans {
    }
}
