package org.robocell.controller.pid.internal;

import java.util.HashSet;
import java.util.List;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;
import org.robocell.controller.common.Pid;
import org.robocell.controller.common.PidGains;

/** The PID controller's parameters, read and checked at configure. */
record PidConfig(List<String> dofNames, List<String> stateDofNames, String commandInterface,
        List<String> interfaces, boolean externalMeasuredStates, boolean currentStateAsFirstSetpoint,
        Pid.Gains[] gains, double[] feedforwardGain, boolean[] angleWraparound) {

    /**
     * The parameters {@link #read} reads, named as in ros2_controllers' {@code pid_controller}
     * ({@code src/pid_controller.yaml}); those it does not implement are unknown.
     */
    static final ParameterNames NAMES = ParameterNames.of("dof_names", "reference_and_state_dof_names",
            "command_interface", "reference_and_state_interfaces", "use_external_measured_states",
            "set_current_state_as_first_setpoint")
            .perEntry("dof_names", "gains.{}.feedforward_gain", "gains.{}.angle_wraparound")
            .perEntry("dof_names", PidGains.NAMES.toArray(String[]::new));

    /** @throws ParameterException naming the parameter */
    static PidConfig read(Parameters p) {
        List<String> dofs = p.getStringList("dof_names");
        if (dofs.isEmpty()) {
            throw new ParameterException("dof_names", "parameter 'dof_names' must name at least one degree of freedom");
        }
        if (new HashSet<>(dofs).size() != dofs.size()) {
            throw new ParameterException("dof_names", "parameter 'dof_names' names an entry twice: " + dofs);
        }
        List<String> stateDofs = p.getStringList("reference_and_state_dof_names", dofs);
        if (stateDofs.isEmpty()) {
            stateDofs = dofs;
        }
        if (stateDofs.size() != dofs.size()) {
            throw new ParameterException("reference_and_state_dof_names", "parameter 'reference_and_state_dof_names' has " + stateDofs.size()
                    + " entries, 'dof_names' " + dofs.size() + "; they must match");
        }
        String command = p.getString("command_interface");
        if (command.isBlank()) {
            throw new ParameterException("command_interface", "parameter 'command_interface' must not be empty");
        }
        List<String> interfaces = p.getStringList("reference_and_state_interfaces");
        if (interfaces.isEmpty() || interfaces.size() > 2) {
            throw new ParameterException("reference_and_state_interfaces",
                    "parameter 'reference_and_state_interfaces' must name one interface, or"
                    + " two where the second is the derivative of the first; got " + interfaces);
        }
        int n = dofs.size();
        Pid.Gains[] gains = new Pid.Gains[n];
        double[] ff = new double[n];
        boolean[] wrap = new boolean[n];
        for (int i = 0; i < n; i++) {
            gains[i] = PidGains.read(p, dofs.get(i));
            String ffKey = "gains." + dofs.get(i) + ".feedforward_gain";
            ff[i] = p.getDouble(ffKey, 0.0);
            if (!Double.isFinite(ff[i])) {
                throw new ParameterException(ffKey, "parameter '" + ffKey + "' must be a finite number, got " + ff[i]);
            }
            wrap[i] = p.getBoolean("gains." + dofs.get(i) + ".angle_wraparound", false);
        }
        return new PidConfig(dofs, stateDofs, command, interfaces,
                p.getBoolean("use_external_measured_states", false),
                p.getBoolean("set_current_state_as_first_setpoint", true), gains, ff, wrap);
    }

    int dof() {
        return dofNames.size();
    }

    /** Whether the second interface (the first one's derivative) is referenced and measured too. */
    boolean withDerivative() {
        return interfaces.size() == 2;
    }
}
