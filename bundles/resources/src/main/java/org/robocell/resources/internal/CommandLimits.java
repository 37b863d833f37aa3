package org.robocell.resources.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.InterfaceSlots;

/**
 * What may reach one hardware component's {@code write()}: every command is finite, inside its interface's
 * {@code min}/{@code max}, and each joint's commands obey the joint's limits ({@link JointLimiter}: position range and
 * step per cycle from the velocity limit, velocity, acceleration, jerk, effort, soft limits). Applied by the loop to an
 * ACTIVE component after the controllers' updates, before its write (ros2_control's {@code enforce_command_limits}).
 * <p>
 * A NaN or infinite command never reaches the driver: it is replaced by the last valid command of that interface,
 * or, when there was none, by the same-named state (hold), or the interface's start value, or 0. Replacements and
 * limited commands are counted (replacements only for claimed interfaces: an unclaimed interface nobody commanded
 * is held silently).
 * <p>
 * Real time: arrays built when the component is added, no allocation, no lock.
 */
final class CommandLimits {

    private final InterfaceEntry[] entries;
    private final int[] slots;
    /** The same-named state of each command, or -1. */
    private final int[] holdSlots;
    private final double[] min;
    private final double[] max;
    private final double[] startValue;
    private final double[] lastValid;
    private final JointLimiter[] joints;
    /** For each command, the limiter of its joint, or null. */
    private final JointLimiter[] limiterOf;

    private volatile long clamped;
    private volatile long nonFinite;

    private CommandLimits(InterfaceEntry[] entries, int[] holdSlots, JointLimiter[] joints, JointLimiter[] limiterOf) {
        int n = entries.length;
        this.entries = entries;
        this.slots = new int[n];
        this.holdSlots = holdSlots;
        this.min = new double[n];
        this.max = new double[n];
        this.startValue = new double[n];
        this.lastValid = new double[n];
        for (int i = 0; i < n; i++) {
            InterfaceEntry c = entries[i];
            slots[i] = c.slot();
            boolean enabled = c.info().limitsEnabled();
            min[i] = enabled ? c.info().min() : Double.NEGATIVE_INFINITY;
            max[i] = enabled ? c.info().max() : Double.POSITIVE_INFINITY;
            startValue[i] = c.info().startValue();
            lastValid[i] = Double.NaN;
        }
        this.joints = joints;
        this.limiterOf = limiterOf;
    }

    /** The limits of a component's commands, from its joints' limits and its interfaces' ranges. */
    static CommandLimits of(ManagedHardware hw, ResourceManager rm) {
        InterfaceEntry[] entries = hw.commandInterfaces().toArray(new InterfaceEntry[0]);
        int[] hold = new int[entries.length];
        for (int i = 0; i < entries.length; i++) {
            InterfaceEntry s = rm.stateEntry(entries[i].name());
            hold[i] = s == null ? -1 : s.slot();
        }
        List<JointLimiter> limiters = new ArrayList<>();
        JointLimiter[] limiterOf = new JointLimiter[entries.length];
        for (ComponentInfo joint : hw.info().joints()) {
            String prefix = joint.name() + "/";
            JointLimiter l = new JointLimiter(joint.limits(), joint.softLimits(),
                    commandSlot(entries, prefix + "position"), commandSlot(entries, prefix + "velocity"),
                    commandSlot(entries, prefix + "effort"), commandSlot(entries, prefix + "acceleration"),
                    commandSlot(entries, prefix + "jerk"), stateSlot(rm, prefix + "position"),
                    stateSlot(rm, prefix + "velocity"));
            boolean any = false;
            for (int i = 0; i < entries.length; i++) {
                if (l.commands(entries[i].slot())) {
                    limiterOf[i] = l;
                    any = true;
                }
            }
            if (any) {
                limiters.add(l);
            }
        }
        return new CommandLimits(entries, hold, limiters.toArray(new JointLimiter[0]), limiterOf);
    }

    private static int commandSlot(InterfaceEntry[] entries, String name) {
        for (InterfaceEntry e : entries) {
            if (e.name().equals(name) && e.info().limitsEnabled()) {
                return e.slot();
            }
        }
        return -1;
    }

    private static int stateSlot(ResourceManager rm, String name) {
        InterfaceEntry e = rm.stateEntry(name);
        return e == null ? -1 : e.slot();
    }

    long clamped() {
        return clamped;
    }

    long nonFinite() {
        return nonFinite;
    }

    /** Real time: the component was activated; nothing an earlier session commanded counts any more. */
    void restartAll() {
        for (int i = 0; i < lastValid.length; i++) {
            lastValid[i] = Double.NaN;
        }
        for (int j = 0; j < joints.length; j++) {
            joints[j].restart();
        }
    }

    /**
     * Real time: a controller starts commanding {@code command}: its joint's limiter starts again from the measured
     * state, so the controller's first command moves the joint at most one limited step from where it is.
     */
    void restart(InterfaceEntry command) {
        for (int i = 0; i < entries.length; i++) {
            if (entries[i] == command) {
                lastValid[i] = Double.NaN;
                if (limiterOf[i] != null) {
                    limiterOf[i].restart();
                }
                return;
            }
        }
    }

    /** Real time: finite values inside the interfaces' ranges, then each joint's limits. */
    void enforce(InterfaceSlots table, double dt) {
        long limited = 0;
        for (int i = 0; i < slots.length; i++) {
            int s = slots[i];
            double v = table.get(s);
            if (v != v || v == Double.POSITIVE_INFINITY || v == Double.NEGATIVE_INFINITY) {
                v = replacement(table, i);
                if (entries[i].isClaimed()) {
                    nonFinite++;
                }
            }
            if (v < min[i]) {
                v = min[i];
                limited++;
            } else if (v > max[i]) {
                v = max[i];
                limited++;
            }
            table.set(s, v);
        }
        for (int j = 0; j < joints.length; j++) {
            limited += joints[j].enforce(table, dt);
        }
        for (int i = 0; i < slots.length; i++) {
            lastValid[i] = table.get(slots[i]);
        }
        if (limited > 0) {
            clamped += limited;
        }
    }

    /** The last valid command, else the measured same-named state, else the start value, else 0. */
    private double replacement(InterfaceSlots table, int i) {
        double r = lastValid[i];
        if (r == r) {
            return r;
        }
        int h = holdSlots[i];
        r = h >= 0 ? table.get(h) : Double.NaN;
        if (Double.isFinite(r)) {
            return r;
        }
        return Double.isFinite(startValue[i]) ? startValue[i] : 0.0;
    }

    /**
     * Writes the "hold still" command into one of this component's command slots: position-like interfaces get the
     * measured same-named state, velocity and acceleration get 0, anything else keeps its last value.
     */
    void hold(InterfaceSlots table, InterfaceEntry command) {
        for (int i = 0; i < entries.length; i++) {
            if (entries[i] == command) {
                String n = command.info().name();
                if (n.equals("velocity") || n.equals("acceleration")) {
                    table.set(command.slot(), 0.0);
                } else if (holdSlots[i] >= 0 && n.equals("position")) {
                    double measured = table.get(holdSlots[i]);
                    if (Double.isFinite(measured)) {
                        table.set(command.slot(), measured);
                    }
                }
                return;
            }
        }
    }
}
