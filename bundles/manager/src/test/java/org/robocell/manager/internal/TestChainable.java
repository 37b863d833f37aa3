package org.robocell.manager.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.controller.ChainableController;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.Loans;
import org.robocell.api.lifecycle.ReturnType;

/**
 * A chainable controller for joints: reference interfaces {@code <name>/<joint>/position}, exported state
 * interfaces {@code <name>/<joint>/position}; it passes each reference to {@code <joint>/position} and exports the
 * measured position. Unchained, it takes its references from {@link #input}.
 */
final class TestChainable extends TestController implements ChainableController {

    final List<String> joints;
    List<String> exportedReferences;
    List<String> exportedStates;
    double input = 0.5;
    long referenceUpdates;
    final List<Boolean> chainedModes = new ArrayList<>();
    boolean chained;
    CommandHandle[] refs = new CommandHandle[0];
    CommandHandle[] exported = new CommandHandle[0];

    TestChainable(String name, List<String> log, List<String> joints) {
        super(name, log, joints.stream().map(j -> j + "/position").toList(),
                joints.stream().map(j -> j + "/position").toList());
        this.joints = joints;
        this.exportedReferences = joints.stream().map(j -> name + "/" + j + "/position").toList();
        this.exportedStates = joints.stream().map(j -> name + "/" + j + "/position").toList();
    }

    @Override
    public List<String> exportReferenceInterfaces() {
        return exportedReferences;
    }

    @Override
    public List<String> exportStateInterfaces() {
        return exportedStates;
    }

    @Override
    public boolean onSetChainedMode(boolean chained) {
        this.chained = chained;
        chainedModes.add(chained);
        log.add(name + ".chained=" + chained);
        return true;
    }

    @Override
    public org.robocell.api.lifecycle.CallbackReturn onActivate(Loans loans) {
        refs = loans.references().toArray(new CommandHandle[0]);
        exported = loans.exportedStates().toArray(new CommandHandle[0]);
        return super.onActivate(loans);
    }

    @Override
    public ReturnType updateReferenceFromInputs(double time, double period) {
        referenceUpdates++;
        for (int i = 0; i < refs.length; i++) {
            refs[i].set(input);
        }
        return ReturnType.OK;
    }

    @Override
    public ReturnType updateAndWriteCommands(double time, double period) {
        ReturnType r = super.update(time, period);
        for (int i = 0; i < commandHandles.length && i < refs.length; i++) {
            commandHandles[i].set(refs[i].get());
        }
        for (int i = 0; i < exported.length && i < stateHandles.length; i++) {
            exported[i].set(stateHandles[i].get());
        }
        return r;
    }

    @Override
    public ReturnType update(double time, double period) {
        return updateAndWriteCommands(time, period);
    }
}
