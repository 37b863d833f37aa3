package org.robocell.motion.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.robocell.motion.Blend;
import org.robocell.motion.PlanningException;
import org.robocell.motion.PlanningException.Reason;

/**
 * Joins planned segments into one plan. Where a segment's blend radius is above 0, the next segment starts while the
 * tool is still inside the blend sphere about the segment's goal, and the two motions are superposed in joint space:
 * {@code q(t) = q_i(t) + (q_next(t − offset) − q_next(0))}. Outside the sphere each primitive runs unchanged; inside,
 * the motion does not stop. The overlap is the largest for which the tool stays inside the sphere at every sample and
 * no joint exceeds its limits; when none fits, the motion stops at the goal as if the radius were 0.
 */
final class Blender {

    private final RobotChain chain;
    private final double dt;

    Blender(RobotChain chain, double dt) {
        this.chain = chain;
        this.dt = dt;
    }

    SampledPlan combine(List<Segment> segments, List<String> kinds) throws PlanningException {
        int n = segments.size();
        checkRadii(segments, kinds);
        int[] offset = new int[n];
        int[] overlap = new int[n];
        List<Blend> blends = new ArrayList<>();
        for (int i = 0; i < n - 1; i++) {
            Segment s = segments.get(i);
            Segment next = segments.get(i + 1);
            int window = 0;
            if (s.blendRadius > 0 && s.steps() > 0 && next.steps() > 0) {
                window = largestWindow(s, next, i == 0 ? 0 : overlap[i - 1]);
                int last = s.steps();
                blends.add(new Blend(i, (offset[i] + last - window) * dt, (offset[i] + last) * dt, s.blendRadius,
                        s.toolX(last), s.toolY(last), s.toolZ(last)));
            }
            overlap[i] = window;
            offset[i + 1] = offset[i] + s.steps() - window;
        }
        int rows = offset[n - 1] + segments.get(n - 1).steps() + 1;
        int dof = chain.dof;
        double[] table = new double[rows * dof];
        Segment first = segments.get(0);
        for (int k = 0; k < rows; k++) {
            System.arraycopy(first.q, 0, table, k * dof, dof);
        }
        double[] ends = new double[n];
        for (int i = 0; i < n; i++) {
            Segment s = segments.get(i);
            int last = s.steps();
            for (int k = offset[i]; k < rows; k++) {
                int row = Math.min(k - offset[i], last);
                for (int j = 0; j < dof; j++) {
                    table[k * dof + j] += s.q(row, j) - s.q(0, j);
                }
            }
            ends[i] = (offset[i] + last) * dt;
        }
        new LimitCheck(chain, dt).check(table, rows, segments, kinds, offset);
        return new SampledPlan(chain.jointNames, dt, rows, table, ends, blends);
    }

    /** Refuses radii that reach beyond the primitives they join, or into the next blend sphere (as Pilz does). */
    private static void checkRadii(List<Segment> segments, List<String> kinds) throws PlanningException {
        for (int i = 0; i < segments.size() - 1; i++) {
            Segment s = segments.get(i);
            double r = s.blendRadius;
            if (!(r >= 0) || !Double.isFinite(r)) {
                throw new PlanningException(Reason.INVALID_PRIMITIVE, i, SegmentPlanner.label(i, kinds.get(i))
                        + " blend_radius must be a finite number of metres >= 0, got " + r);
            }
            if (r == 0) {
                continue;
            }
            int last = s.steps();
            double cx = s.toolX(last), cy = s.toolY(last), cz = s.toolZ(last);
            double back = s.toolDistance(0, cx, cy, cz);
            Segment next = segments.get(i + 1);
            double ahead = next.toolDistance(next.steps(), cx, cy, cz);
            if (r >= back || r >= ahead) {
                boolean before = r >= back;
                throw new PlanningException(Reason.BLEND_RADIUS, i, String.format(Locale.ROOT,
                        "%s blend_radius %.4f m reaches beyond %s (%.4f m from the blend point): give less than"
                                + " %.4f m", SegmentPlanner.label(i, kinds.get(i)), r,
                        before ? "its own start" : "the goal of " + SegmentPlanner.label(i + 1, kinds.get(i + 1)),
                        before ? back : ahead, Math.min(back, ahead)));
            }
            if (i + 1 < segments.size() - 1 && next.blendRadius > 0) {
                int nl = next.steps();
                double between = next.toolDistance(nl, cx, cy, cz);
                if (r + next.blendRadius > between) {
                    throw new PlanningException(Reason.BLEND_RADIUS, i + 1, String.format(Locale.ROOT,
                            "the blend spheres of %s (%.4f m) and %s (%.4f m) overlap: their goals are %.4f m apart",
                            SegmentPlanner.label(i, kinds.get(i)), r, SegmentPlanner.label(i + 1, kinds.get(i + 1)),
                            next.blendRadius, between));
                }
            }
        }
    }

    /**
     * The most samples segment {@code s} and {@code next} may overlap: from where the tool last enters the sphere on
     * {@code s} to where it first leaves it on {@code next}, shrunk until the superposed motion stays inside the
     * sphere and within the joint limits. {@code taken} samples at the start of {@code s} belong to the blend before.
     */
    private int largestWindow(Segment s, Segment next, int taken) {
        int last = s.steps();
        double cx = s.toolX(last), cy = s.toolY(last), cz = s.toolZ(last);
        double r = s.blendRadius;
        int enter = last;
        while (enter > 0 && s.toolDistance(enter - 1, cx, cy, cz) <= r) {
            enter--;
        }
        int exit = 0;
        while (exit < next.steps() && next.toolDistance(exit + 1, cx, cy, cz) <= r) {
            exit++;
        }
        int window = Math.min(Math.min(last - enter, exit), last - taken);
        while (window > 0 && !fits(s, next, window, cx, cy, cz, r)) {
            window = Math.min(window - 1, (int) (window * 0.8));
        }
        return Math.max(window, 0);
    }

    /** The superposed samples of a window of {@code window} samples, and one on either side, within every bound. */
    private boolean fits(Segment s, Segment next, int window, double cx, double cy, double cz, double r) {
        int dof = chain.dof;
        int last = s.steps();
        int from = Math.max(-1, -(last - window));
        int to = Math.min(window + 1, next.steps());
        int count = to - from + 1;
        double[] q = new double[count * dof];
        double[] row = new double[dof];
        double[] tool = new double[3];
        for (int m = from; m <= to; m++) {
            int si = Math.min(last, last - window + m);
            int ni = Math.max(0, m);
            for (int j = 0; j < dof; j++) {
                row[j] = s.q(si, j) + next.q(ni, j) - next.q(0, j);
                if (row[j] < chain.lower[j] - 1e-9 || row[j] > chain.upper[j] + 1e-9) {
                    return false;
                }
            }
            System.arraycopy(row, 0, q, (m - from) * dof, dof);
            if (m >= 0 && m <= window) {
                chain.toolPosition(row, tool);
                double dx = tool[0] - cx, dy = tool[1] - cy, dz = tool[2] - cz;
                if (Math.sqrt(dx * dx + dy * dy + dz * dz) > r) {
                    return false;
                }
            }
        }
        return LimitCheck.firstViolation(chain, dt, q, count) == null;
    }
}
