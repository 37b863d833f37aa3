package org.robocell.api.hardware;

/**
 * The values of every interface of one control loop, in one preallocated array. A handle is an index into it.
 * <p>
 * The loop thread is the only writer while the loop runs; readers on other threads copy values and may see a
 * value one cycle old. Reading and writing allocate nothing and take no lock.
 */
public final class InterfaceSlots {

    private final double[] values;

    public InterfaceSlots(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("slot capacity must be positive, got " + capacity);
        }
        this.values = new double[capacity];
        java.util.Arrays.fill(values, Double.NaN);
    }

    public double get(int handle) {
        return values[handle];
    }

    public void set(int handle, double value) {
        values[handle] = value;
    }

    public int capacity() {
        return values.length;
    }
}
