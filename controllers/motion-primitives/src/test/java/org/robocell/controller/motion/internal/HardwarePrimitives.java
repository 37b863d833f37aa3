package org.robocell.controller.motion.internal;

import org.robocell.api.motion.MotionInterfaces;
import org.robocell.controller.testkit.InterfaceTable;

/**
 * Plays a robot that executes primitives itself, at the interface level: its {@code motion_primitive/*} command
 * interfaces and the two state interfaces the test sets, as a UR or KUKA hardware interface in motion primitive mode
 * has them.
 */
final class HardwarePrimitives {

    final InterfaceTable table;
    final String prefix;

    HardwarePrimitives(InterfaceTable table, String tfPrefix) {
        this.table = table;
        this.prefix = tfPrefix + MotionInterfaces.PREFIX + "/";
        for (String c : MotionInterfaces.COMMANDS) {
            table.addCommand(prefix + c);
            table.setCommand(prefix + c, 12345.0);
        }
        table.addState(prefix + "execution_status", 0.0);
        table.addState(prefix + "ready_for_new_primitive", 1.0);
    }

    void status(double value) {
        table.setState(prefix + "execution_status", value);
    }

    void ready(boolean ready) {
        table.setState(prefix + "ready_for_new_primitive", ready ? 1.0 : 0.0);
    }

    double command(String field) {
        return table.commandValue(prefix + field);
    }

    double[] commands() {
        double[] v = new double[MotionInterfaces.COMMANDS.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = table.commandValue(prefix + MotionInterfaces.COMMANDS.get(i));
        }
        return v;
    }

    /** What a robot does after reading the commands: consumes them (the next pop is then visible). */
    void consume() {
        for (String c : MotionInterfaces.COMMANDS) {
            table.setCommand(prefix + c, Double.NaN);
        }
    }
}
