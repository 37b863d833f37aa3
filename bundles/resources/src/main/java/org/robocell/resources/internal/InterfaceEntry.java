package org.robocell.resources.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.hardware.DataType;
import org.robocell.api.hardware.InterfaceInfo;

/**
 * One interface in the slot table: its full name, kind, owner (hardware component or controller) and slot index,
 * whether it is available now and which controller claims it. Availability and the claim are changed with plain
 * volatile writes and a compare-and-set: no lock, no allocation, safe on the loop thread.
 */
public final class InterfaceEntry {

    private static final VarHandle CLAIMED_BY;

    static {
        try {
            CLAIMED_BY = MethodHandles.lookup().findVarHandle(InterfaceEntry.class, "claimedBy", String.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String name;
    private final InterfaceSnapshot.Kind kind;
    private final String owner;
    private final int slot;
    private final InterfaceInfo info;
    private volatile boolean available;
    private volatile String claimedBy;

    InterfaceEntry(String name, InterfaceSnapshot.Kind kind, String owner, int slot, InterfaceInfo info) {
        this.name = name;
        this.kind = kind;
        this.owner = owner;
        this.slot = slot;
        this.info = info;
    }

    public String name() {
        return name;
    }

    public InterfaceSnapshot.Kind kind() {
        return kind;
    }

    /** The hardware component or controller that exports it (the same String instance for all its entries). */
    public String owner() {
        return owner;
    }

    public int slot() {
        return slot;
    }

    /** The URDF declaration of a hardware interface; a plain double interface for controller-exported ones. */
    public InterfaceInfo info() {
        return info;
    }

    public DataType dataType() {
        return info.dataType();
    }

    public boolean isAvailable() {
        return available;
    }

    void setAvailable(boolean available) {
        this.available = available;
    }

    public String claimedBy() {
        return claimedBy;
    }

    public boolean isClaimed() {
        return claimedBy != null;
    }

    /** Takes the claim for {@code controller} when it is free; true on success. Real-time safe. */
    public boolean tryClaim(String controller) {
        return CLAIMED_BY.compareAndSet(this, (String) null, controller);
    }

    /** Gives the claim back when {@code controller} holds it. Real-time safe. */
    public void release(String controller) {
        CLAIMED_BY.compareAndSet(this, controller, (String) null);
    }

    void forceRelease() {
        claimedBy = null;
    }

    public InterfaceSnapshot snapshot(double value) {
        String by = claimedBy;
        return new InterfaceSnapshot(name, kind, owner, info.dataType(), available, by != null, by, value);
    }

    @Override
    public String toString() {
        return name;
    }
}
