package org.robocell.motion.internal;

import java.util.Locale;

import org.robocell.motion.CartesianPose;
import org.robocell.motion.MotionParameters;
import org.robocell.motion.PlannerSettings;
import org.robocell.motion.PlanningException;
import org.robocell.motion.PlanningException.Reason;
import org.robocell.motion.Primitive;

/**
 * Plans one primitive on its own, from given start joint positions, into a {@link Segment}: PTP by interpolating the
 * joints on one trapezoid, LIN and CIRC by sampling the Cartesian path on one trapezoid and solving the inverse
 * kinematics at every sample, seeded with the sample before (as Pilz does), so that the whole path is known to be
 * reachable, away from singularities and on one solution branch before the motion starts.
 */
final class SegmentPlanner {

    private static final double STILL = 1e-12;
    /** How often a Cartesian primitive slows down for its joints before it is refused. */
    private static final int MAX_SLOWDOWNS = 12;

    private final RobotChain chain;
    private final PlannerSettings settings;

    SegmentPlanner(RobotChain chain, PlannerSettings settings) {
        this.chain = chain;
        this.settings = settings;
    }

    Segment plan(int index, double[] start, Primitive primitive, double blendRadius) throws PlanningException {
        if (primitive instanceof Primitive.Ptp p) {
            return ptp(index, start, p, blendRadius);
        }
        if (primitive instanceof Primitive.Lin l) {
            return cartesian(index, start, l.goal(), null, l.parameters(), blendRadius, "LIN");
        }
        Primitive.Circ c = (Primitive.Circ) primitive;
        return cartesian(index, start, c.goal(), c, c.parameters(), blendRadius, "CIRC");
    }

    private Segment ptp(int index, double[] start, Primitive.Ptp p, double blendRadius) throws PlanningException {
        double[] goal = p.joints();
        if (goal.length != chain.dof) {
            throw new PlanningException(Reason.INVALID_PRIMITIVE, index, label(index, "PTP") + " gives "
                    + goal.length + " joint positions; the robot's chain to " + chain.tipLink + " has " + chain.dof
                    + " " + chain.jointNames);
        }
        for (int j = 0; j < goal.length; j++) {
            if (!Double.isFinite(goal[j])) {
                throw new PlanningException(Reason.INVALID_PRIMITIVE, index, label(index, "PTP") + " joint "
                        + chain.jointNames.get(j) + " goal is " + goal[j] + ", not a finite number");
            }
            if (goal[j] < chain.lower[j] - 1e-9 || goal[j] > chain.upper[j] + 1e-9) {
                throw new PlanningException(Reason.JOINT_POSITION_LIMIT, index, String.format(Locale.ROOT,
                        "%s puts joint %s at %.4f, outside its limits [%.4f, %.4f]", label(index, "PTP"),
                        chain.jointNames.get(j), goal[j], chain.lower[j], chain.upper[j]));
            }
        }
        MotionParameters mp = p.parameters();
        double vs = scaling(index, "PTP", "velocity", mp.velocityScaling(), settings.defaultVelocityScaling());
        double as = scaling(index, "PTP", "acceleration", mp.accelerationScaling(),
                settings.defaultAccelerationScaling());
        double v = Double.POSITIVE_INFINITY;
        double a = Double.POSITIVE_INFINITY;
        double vFull = Double.POSITIVE_INFINITY;
        double aFull = Double.POSITIVE_INFINITY;
        boolean moves = false;
        for (int j = 0; j < chain.dof; j++) {
            double d = Math.abs(goal[j] - start[j]);
            if (d > STILL) {
                moves = true;
                v = Math.min(v, vs * chain.velocity[j] / d);
                a = Math.min(a, as * chain.acceleration[j] / d);
                vFull = Math.min(vFull, chain.velocity[j] / d);
                aFull = Math.min(aFull, chain.acceleration[j] / d);
            }
        }
        if (!moves) {
            return still(start, blendRadius);
        }
        int leading = leadingOf(start, goal);
        Trapezoid profile = profile(index, "PTP", mp.moveTime(), v, a, vFull, aFull,
                () -> String.format(Locale.ROOT, "for joint %s to move %.4f rad within %.3g rad/s and %.3g rad/s²",
                        chain.jointNames.get(leading), Math.abs(goal[leading] - start[leading]),
                        chain.velocity[leading], chain.acceleration[leading]));
        Segment s = new Segment(chain.dof, rows(index, "PTP", profile.duration), blendRadius);
        double[] q = new double[chain.dof];
        double[] tool = chain.scratchPosition();
        for (int k = 0; k < s.rows; k++) {
            double u = profile.position(k * settings.sampleTime());
            for (int j = 0; j < chain.dof; j++) {
                q[j] = start[j] + u * (goal[j] - start[j]);
            }
            store(s, k, q, tool);
        }
        return s;
    }

    /** The joint that takes longest at full limits: the one a too short move time is explained with. */
    private int leadingOf(double[] start, double[] goal) {
        int best = 0;
        double longest = -1;
        for (int j = 0; j < chain.dof; j++) {
            double d = Math.abs(goal[j] - start[j]);
            if (d > STILL) {
                double t = Trapezoid.shortestDuration(chain.velocity[j] / d, chain.acceleration[j] / d);
                if (t > longest) {
                    longest = t;
                    best = j;
                }
            }
        }
        return best;
    }

    private Segment cartesian(int index, double[] start, CartesianPose goal, Primitive.Circ circ,
            MotionParameters mp, double blendRadius, String kind) throws PlanningException {
        double[] p0 = new double[3];
        double[] q0 = new double[4];
        chain.toolPose(start, p0, q0);
        double[] p1 = { goal.x(), goal.y(), goal.z() };
        double[] q1 = { goal.qx(), goal.qy(), goal.qz(), goal.qw() };
        CartesianPath path;
        if (circ == null) {
            path = new LinePath(p0, p1);
        } else {
            CartesianPose aux = circ.auxiliary();
            double[] pa = { aux.x(), aux.y(), aux.z() };
            try {
                path = circ.auxiliaryKind() == Primitive.Circ.Auxiliary.VIA ? ArcPath.through(p0, pa, p1)
                        : ArcPath.about(p0, pa, p1);
            } catch (IllegalArgumentException e) {
                throw new PlanningException(Reason.INVALID_CIRCLE, index, label(index, kind) + ": " + e.getMessage());
            }
        }
        double length = path.length();
        double angle = Rotations.angle(q0, q1);
        double vs = scaling(index, kind, "velocity", mp.velocityScaling(), settings.defaultVelocityScaling());
        double as = scaling(index, kind, "acceleration", mp.accelerationScaling(),
                settings.defaultAccelerationScaling());
        double v = Double.POSITIVE_INFINITY;
        double a = Double.POSITIVE_INFINITY;
        double vFull = Double.POSITIVE_INFINITY;
        double aFull = Double.POSITIVE_INFINITY;
        if (length > STILL) {
            v = Math.min(v, vs * settings.maxTranslationalVelocity() / length);
            a = Math.min(a, as * settings.maxTranslationalAcceleration() / length);
            vFull = Math.min(vFull, settings.maxTranslationalVelocity() / length);
            aFull = Math.min(aFull, settings.maxTranslationalAcceleration() / length);
        }
        if (angle > STILL) {
            v = Math.min(v, vs * settings.maxRotationalVelocity() / angle);
            a = Math.min(a, as * settings.maxRotationalAcceleration() / angle);
            vFull = Math.min(vFull, settings.maxRotationalVelocity() / angle);
            aFull = Math.min(aFull, settings.maxRotationalAcceleration() / angle);
        }
        if (!(length > STILL) && !(angle > STILL)) {
            return still(start, blendRadius);
        }
        java.util.function.Supplier<String> what = () -> String.format(Locale.ROOT, "for the tool to move %.4f m"
                + " and turn %.4f rad within %.3g m/s, %.3g m/s², %.3g rad/s and %.3g rad/s²", length, angle,
                settings.maxTranslationalVelocity(), settings.maxTranslationalAcceleration(),
                settings.maxRotationalVelocity(), settings.maxRotationalAcceleration());
        boolean timed = !Double.isNaN(mp.moveTime()) && mp.moveTime() != 0.0;
        // The Cartesian limits do not bound the joints: where a joint would exceed its limits, the tool slows
        // down (as a robot controller does) and the path is sampled again; a timed primitive cannot slow down.
        for (int attempt = 0;; attempt++) {
            Trapezoid profile = profile(index, kind, mp.moveTime(), v, a, vFull, aFull, what);
            Segment s = sampleCartesian(index, kind, start, path, q0, q1, profile, blendRadius);
            LimitCheck.Violation violation = LimitCheck.firstViolation(chain, settings.sampleTime(), s.q, s.rows);
            if (violation == null) {
                return s;
            }
            if (timed || attempt == MAX_SLOWDOWNS || violation.reason() == Reason.JOINT_POSITION_LIMIT) {
                throw LimitCheck.refusal(chain, violation, index, kind,
                        violation.row() / (double) Math.max(1, s.steps()));
            }
            double ratio = 1.1 * violation.value() / violation.limit();
            if (violation.reason() == Reason.JOINT_VELOCITY_LIMIT) {
                v /= ratio;
                a /= ratio;
            } else {
                // in the speeding up or slowing down: less acceleration; while cruising: the path's curvature in
                // joint space, which grows with the square of the speed
                a /= ratio;
                double t = violation.row() * settings.sampleTime();
                if (t >= profile.accelerationTime && t <= profile.accelerationTime + profile.cruiseTime) {
                    v /= Math.sqrt(ratio);
                }
            }
        }
    }

    private Segment sampleCartesian(int index, String kind, double[] start, CartesianPath path, double[] q0,
            double[] q1, Trapezoid profile, double blendRadius) throws PlanningException {
        Segment s = new Segment(chain.dof, rows(index, kind, profile.duration), blendRadius);
        double[] seed = start.clone();
        double[] solution = new double[chain.dof];
        double[] p = new double[3];
        double[] quat = new double[4];
        double[] tool = chain.scratchPosition();
        store(s, 0, start, tool);
        for (int k = 1; k < s.rows; k++) {
            double u = profile.position(k * settings.sampleTime());
            path.position(u, p);
            Rotations.slerp(q0, q1, u, quat);
            if (!chain.inverse(p, quat, seed, solution)) {
                throw new PlanningException(Reason.UNREACHABLE, index, String.format(Locale.ROOT,
                        "%s leaves the robot's reach at %.0f%% of its path, at %s: no joint solution within the"
                                + " joint limits puts %s there (the closest is %.3g m, %.3g rad off)",
                        label(index, kind), 100 * u, ArcPath.text(p), chain.tipLink, chain.lastPositionError(),
                        chain.lastOrientationError()));
            }
            double sigma = chain.smallestSingularValue(solution);
            if (sigma < settings.singularityThreshold()) {
                throw new PlanningException(Reason.SINGULARITY, index, String.format(Locale.ROOT,
                        "%s passes a singularity at %.0f%% of its path, at %s (smallest singular value of the"
                                + " Jacobian %.2g, below %.2g): choose another path or a PTP",
                        label(index, kind), 100 * u, ArcPath.text(p), sigma, settings.singularityThreshold()));
            }
            store(s, k, solution, tool);
            System.arraycopy(solution, 0, seed, 0, chain.dof);
        }
        return s;
    }

    private Trapezoid profile(int index, String kind, double moveTime, double v, double a, double vFull,
            double aFull, java.util.function.Supplier<String> what) throws PlanningException {
        if (Double.isNaN(moveTime) || moveTime == 0.0) {
            return Trapezoid.fastest(v, a);
        }
        if (!(moveTime > 0) || !Double.isFinite(moveTime)) {
            throw new PlanningException(Reason.INVALID_PRIMITIVE, index, label(index, kind)
                    + " move_time must be a finite number of seconds > 0 (or 0/none), got " + moveTime);
        }
        double shortest = Trapezoid.shortestDuration(vFull, aFull);
        if (moveTime < shortest * (1 - 1e-9)) {
            throw new PlanningException(Reason.JOINT_VELOCITY_LIMIT, index, String.format(Locale.ROOT,
                    "%s move_time %.4g s is too short %s: give it at least %.4g s", label(index, kind), moveTime,
                    what.get(), shortest));
        }
        return Trapezoid.ofDuration(moveTime);
    }

    private int rows(int index, String kind, double duration) throws PlanningException {
        if (duration > settings.maxDuration()) {
            throw new PlanningException(Reason.TOO_LONG, index, String.format(Locale.ROOT,
                    "%s would take %.1f s, longer than the planner's max_duration %.1f s", label(index, kind),
                    duration, settings.maxDuration()));
        }
        return (int) Math.ceil(duration / settings.sampleTime() - 1e-9) + 1;
    }

    private static double scaling(int index, String kind, String what, double value, double fallback)
            throws PlanningException {
        if (Double.isNaN(value)) {
            return fallback;
        }
        if (!(value > 0 && value <= 1)) {
            throw new PlanningException(Reason.INVALID_PRIMITIVE, index, label(index, kind) + " " + what
                    + " scaling must be in (0, 1], got " + value);
        }
        return value;
    }

    private Segment still(double[] start, double blendRadius) {
        Segment s = new Segment(chain.dof, 1, blendRadius);
        store(s, 0, start, chain.scratchPosition());
        return s;
    }

    private void store(Segment s, int row, double[] q, double[] tool) {
        System.arraycopy(q, 0, s.q, row * chain.dof, chain.dof);
        chain.toolPosition(q, tool);
        System.arraycopy(tool, 0, s.tool, row * 3, 3);
    }

    static String label(int index, String kind) {
        return kind + " #" + (index + 1);
    }
}
