package org.robocell.api.io;

import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A snapshot of named doubles that one writer (the control loop) publishes and any number of readers copy, a
 * sequence lock: the writer makes the sequence odd, writes in place, makes it even again; a reader that saw the
 * sequence change while copying copies again. The writer never waits and never allocates; readers never block it.
 * <p>
 * {@link #fields()} names each value, e.g. {@code joint1/position}. The layout may change only while the loop does
 * not publish (configure or activate), through {@link #reshape}.
 */
public final class StateOutput implements Channel {

    /** What a reader gets: the values, their names and how many publications preceded them. */
    public record Snapshot(long publications, List<String> fields, double[] values) {
    }

    /** Values and their names, replaced as a whole on reshape so readers always see a matching pair. */
    private record Frame(List<String> fields, double[] values) {
    }

    private final String name;
    private final AtomicLong sequence = new AtomicLong();
    private volatile Frame frame;

    public StateOutput(String name, List<String> fields) {
        this.name = Objects.requireNonNull(name, "name");
        this.frame = newFrame(fields);
    }

    private static Frame newFrame(List<String> fields) {
        List<String> copy = List.copyOf(fields);
        double[] values = new double[copy.size()];
        Arrays.fill(values, Double.NaN);
        return new Frame(copy, values);
    }

    @Override
    public String name() {
        return name;
    }

    public List<String> fields() {
        return frame.fields();
    }

    public int size() {
        return frame.values().length;
    }

    /** Writer, off the loop: a new layout, all values NaN until the next publication. */
    public void reshape(List<String> fields) {
        Frame next = newFrame(fields);
        long s = sequence.get();
        sequence.setOpaque(s + 1);
        VarHandle.storeStoreFence();
        frame = next;
        sequence.setRelease(s + 2);
    }

    /**
     * Writer: opens a publication and returns the array to write the values into, index by index as in
     * {@link #fields()}. Every call must be followed by {@link #endWrite()}.
     */
    public double[] beginWrite() {
        sequence.setOpaque(sequence.getPlain() + 1);
        VarHandle.storeStoreFence();
        return frame.values();
    }

    /** Writer: closes the publication opened by {@link #beginWrite()}. */
    public void endWrite() {
        sequence.setRelease(sequence.getPlain() + 1);
    }

    /** Writer: publishes a copy of the first {@link #size()} values of {@code values}. */
    public void publish(double[] values) {
        double[] target = beginWrite();
        System.arraycopy(values, 0, target, 0, target.length);
        endWrite();
    }

    /** How many publications (and reshapes) have completed. */
    public long publications() {
        return sequence.getAcquire() >>> 1;
    }

    /**
     * Reader: copies the current values into {@code into} (at least {@link #size()} long) without allocating.
     *
     * @return the number of completed publications the copy reflects; 0 means nothing was published yet
     */
    public long read(double[] into) {
        int spins = 0;
        while (true) {
            long before = sequence.getAcquire();
            if ((before & 1L) == 0) {
                double[] values = frame.values();
                if (into.length < values.length) {
                    throw new IllegalArgumentException(
                            name + " holds " + values.length + " values, the target array only " + into.length);
                }
                System.arraycopy(values, 0, into, 0, values.length);
                VarHandle.loadLoadFence();
                if (sequence.getAcquire() == before) {
                    return before >>> 1;
                }
            }
            spins = backOff(spins);
        }
    }

    /** Reader: a consistent copy of names and values. */
    public Snapshot snapshot() {
        int spins = 0;
        while (true) {
            long before = sequence.getAcquire();
            if ((before & 1L) == 0) {
                Frame f = frame;
                double[] copy = f.values().clone();
                VarHandle.loadLoadFence();
                if (sequence.getAcquire() == before) {
                    return new Snapshot(before >>> 1, f.fields(), copy);
                }
            }
            spins = backOff(spins);
        }
    }

    private static int backOff(int spins) {
        if (spins < 100) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
        return spins + 1;
    }

    @Override
    public String toString() {
        return "StateOutput[" + name + ", " + size() + " values]";
    }
}
