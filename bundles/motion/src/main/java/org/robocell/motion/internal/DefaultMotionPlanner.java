package org.robocell.motion.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.robocell.api.model.JointLimits;
import org.robocell.api.model.RobotModel;
import org.robocell.motion.CartesianPose;
import org.robocell.motion.MotionPlanner;
import org.robocell.motion.Plan;
import org.robocell.motion.PlannerSettings;
import org.robocell.motion.PlanningException;
import org.robocell.motion.PlanningException.Reason;
import org.robocell.motion.Primitive;

/** Plans each primitive from the goal of the one before, then blends and checks the whole. */
public final class DefaultMotionPlanner implements MotionPlanner {

    private final PlannerSettings settings;
    private final RobotChain chain;
    private final SegmentPlanner segments;

    public DefaultMotionPlanner(RobotModel robot, PlannerSettings settings,
            Function<String, Optional<JointLimits>> limits) {
        this.settings = settings;
        this.chain = new RobotChain(robot, settings, limits);
        this.segments = new SegmentPlanner(chain, settings);
    }

    @Override
    public List<String> jointNames() {
        return chain.jointNames;
    }

    @Override
    public String tipLink() {
        return chain.tipLink;
    }

    @Override
    public String baseLink() {
        return chain.model.baseLink();
    }

    @Override
    public PlannerSettings settings() {
        return settings;
    }

    @Override
    public CartesianPose toolPose(double[] q) {
        double[] p = new double[3];
        double[] quat = new double[4];
        chain.toolPose(q, p, quat);
        return new CartesianPose(p[0], p[1], p[2], quat[0], quat[1], quat[2], quat[3]);
    }

    @Override
    public Plan plan(double[] start, List<? extends Primitive> primitives) throws PlanningException {
        if (primitives == null || primitives.isEmpty()) {
            throw new PlanningException(Reason.INVALID_PRIMITIVE, -1, "no motion primitives to plan");
        }
        if (start == null || start.length != chain.dof) {
            throw new PlanningException(Reason.INVALID_PRIMITIVE, -1, "the start has "
                    + (start == null ? 0 : start.length) + " joint positions; the chain to " + chain.tipLink
                    + " has " + chain.dof + " " + chain.jointNames);
        }
        for (int j = 0; j < start.length; j++) {
            if (!Double.isFinite(start[j])) {
                throw new PlanningException(Reason.INVALID_PRIMITIVE, -1, "the start position of joint "
                        + chain.jointNames.get(j) + " is " + start[j] + ", not a finite number");
            }
        }
        List<Segment> planned = new ArrayList<>(primitives.size());
        List<String> kinds = new ArrayList<>(primitives.size());
        double[] from = start.clone();
        double total = 0;
        for (int i = 0; i < primitives.size(); i++) {
            Primitive p = primitives.get(i);
            if (p == null) {
                throw new PlanningException(Reason.INVALID_PRIMITIVE, i, "primitive #" + (i + 1) + " is missing");
            }
            // the last primitive has nothing to blend into: its radius is not used
            double radius = i == primitives.size() - 1 ? 0.0 : p.parameters().blendRadius();
            Segment s = segments.plan(i, from, p, radius);
            total += s.steps() * settings.sampleTime();
            if (total > settings.maxDuration()) {
                throw new PlanningException(Reason.TOO_LONG, i, String.format(java.util.Locale.ROOT,
                        "the sequence would take more than %.1f s by %s (max_duration)", settings.maxDuration(),
                        SegmentPlanner.label(i, p.kind())));
            }
            planned.add(s);
            kinds.add(p.kind());
            System.arraycopy(s.q, s.steps() * chain.dof, from, 0, chain.dof);
        }
        return new Blender(chain, settings.sampleTime()).combine(planned, kinds);
    }
}
