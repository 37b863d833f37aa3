package org.robocell.api.cell;

import org.robocell.api.hardware.DataType;

/**
 * One interface of the loop's slot table at the time of the snapshot.
 *
 * @param name      full name, e.g. {@code joint1/position} or {@code pid/joint1/position}
 * @param kind      what kind of interface it is
 * @param owner     the hardware component or controller that exports it
 * @param dataType  the declared data type (DOUBLE for controller interfaces)
 * @param available whether a controller may use it now
 * @param claimed   whether a controller holds it exclusively (command and reference interfaces only)
 * @param claimedBy the controller that holds it, or null
 * @param value     the value in the slot (may be up to one cycle old)
 */
public record InterfaceSnapshot(String name, Kind kind, String owner, DataType dataType, boolean available,
        boolean claimed, String claimedBy, double value) {

    public enum Kind {
        /** A hardware component's command interface. */
        COMMAND,
        /** A hardware component's state interface. */
        STATE,
        /** A chainable controller's reference interface (other controllers command it). */
        REFERENCE,
        /** A chainable controller's exported state interface (other controllers read it). */
        EXPORTED_STATE;

        /** Whether controllers claim it exclusively (command-like). */
        public boolean isCommand() {
            return this == COMMAND || this == REFERENCE;
        }
    }
}
