package org.robocell.motion.internal;

import java.util.List;

import org.robocell.motion.Blend;
import org.robocell.motion.Plan;

/** A plan as a table of joint positions, one row per sample; read by the loop without allocating. */
final class SampledPlan implements Plan {

    private final List<String> jointNames;
    private final double sampleTime;
    private final int dof;
    private final int rows;
    private final double[] table;
    private final double[] primitiveEnds;
    private final List<Blend> blends;

    SampledPlan(List<String> jointNames, double sampleTime, int rows, double[] table, double[] primitiveEnds,
            List<Blend> blends) {
        this.jointNames = List.copyOf(jointNames);
        this.sampleTime = sampleTime;
        this.dof = jointNames.size();
        this.rows = rows;
        this.table = table;
        this.primitiveEnds = primitiveEnds.clone();
        this.blends = List.copyOf(blends);
    }

    @Override
    public List<String> jointNames() {
        return jointNames;
    }

    @Override
    public double duration() {
        return (rows - 1) * sampleTime;
    }

    @Override
    public double sampleTime() {
        return sampleTime;
    }

    @Override
    public int samples() {
        return rows;
    }

    @Override
    public void sample(double t, double[] q) {
        double index = t / sampleTime;
        if (!(index > 0)) {
            System.arraycopy(table, 0, q, 0, dof);
            return;
        }
        if (index >= rows - 1) {
            System.arraycopy(table, (rows - 1) * dof, q, 0, dof);
            return;
        }
        int k = (int) index;
        double f = index - k;
        int a = k * dof;
        int b = a + dof;
        for (int j = 0; j < dof; j++) {
            q[j] = table[a + j] + f * (table[b + j] - table[a + j]);
        }
    }

    @Override
    public void velocity(double t, double[] dq) {
        double index = t / sampleTime;
        if (!(index >= 0) || index >= rows - 1) {
            for (int j = 0; j < dof; j++) {
                dq[j] = 0.0;
            }
            return;
        }
        int a = (int) index * dof;
        int b = a + dof;
        for (int j = 0; j < dof; j++) {
            dq[j] = (table[b + j] - table[a + j]) / sampleTime;
        }
    }

    @Override
    public int primitives() {
        return primitiveEnds.length;
    }

    @Override
    public int primitiveAt(double t) {
        for (int i = 0; i < primitiveEnds.length - 1; i++) {
            if (t < primitiveEnds[i]) {
                return i;
            }
        }
        return primitiveEnds.length - 1;
    }

    @Override
    public double primitiveEnd(int i) {
        return primitiveEnds[i];
    }

    @Override
    public List<Blend> blends() {
        return blends;
    }

    @Override
    public double[] start() {
        double[] q = new double[dof];
        System.arraycopy(table, 0, q, 0, dof);
        return q;
    }

    @Override
    public double[] goal() {
        double[] q = new double[dof];
        System.arraycopy(table, (rows - 1) * dof, q, 0, dof);
        return q;
    }

    @Override
    public String toString() {
        return "Plan[" + primitiveEnds.length + " primitives, " + duration() + " s, " + rows + " samples]";
    }
}
