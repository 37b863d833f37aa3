package org.robocell.kinematics.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.model.Inertial;
import org.robocell.api.model.RobotModel;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;

/**
 * The immutable rigid-body model. Arrays are indexed by body (0 = root, body b moved by joint b - 1) or by link
 * and never change after construction, so copies made by {@link #withGravity} and {@link #withPayload} share
 * them.
 */
public final class RigidBodyTree implements KinematicModel {

    private static final double[] STANDARD_GRAVITY = {0, 0, -9.81};

    final String baseLink;
    final int bodies;
    final int dof;
    /** Parent body of each body; parents come first. */
    final int[] parent;
    final boolean[] prismatic;
    /** Joint frame of each body in its parent body's frame ({@link Rigid3} layout). */
    final double[] placement;
    /** Unit joint axis of each body, in its joint frame (3 per body). */
    final double[] axis;
    /** Whether a body's joint axis is +z or -z of its joint frame (most URDFs): rotations then take 12 products. */
    final boolean[] alongZ;
    /**
     * For a placement whose rotation is a signed permutation (quarter turns, as in most arm URDFs), the column of
     * the ±1 in each of its rows (3 per body), else -1: multiplying by it then only moves and negates entries.
     */
    final int[] placementColumn;
    /** The sign of that ±1 (3 per body). */
    final double[] placementSign;
    /** A revolute joint about ±z with a quarter-turn placement: forward kinematics' fast case. */
    final boolean[] quarterTurnAboutZ;
    /** What the joint position is multiplied by to give the angle whose sine and cosine the joint uses (-1 about -z). */
    final double[] angleScale;
    final List<String> jointNames;
    final double[] lower;
    final double[] upper;
    final List<String> linkNames;
    final Map<String, Integer> linkIndex;
    final int[] linkBody;
    /** Pose of each link in its body's frame ({@link Rigid3} layout). */
    final double[] linkOffset;
    /** Mass properties of the URDF links of each body ({@link BodyInertia} layout). */
    final double[] robotInertia;
    /** The same plus the payload: what dynamics uses. */
    final double[] inertia;
    final double[] gravity;
    private final String payloadLink;
    private final Inertial payload;

    public static RigidBodyTree of(RobotModel robot) {
        return new TreeBuilder(robot).build();
    }

    public static RigidBodyTree chain(RobotModel robot, String tipLink) {
        return new TreeBuilder(robot, tipLink).build();
    }

    RigidBodyTree(String baseLink, int[] parent, boolean[] prismatic, double[] placement, double[] axis,
            List<String> jointNames, double[] lower, double[] upper, List<String> linkNames, int[] linkBody,
            double[] linkOffset, double[] robotInertia) {
        this.baseLink = baseLink;
        this.bodies = parent.length;
        this.dof = bodies - 1;
        this.parent = parent;
        this.prismatic = prismatic;
        this.placement = placement;
        this.axis = axis;
        this.alongZ = new boolean[bodies];
        for (int b = 0; b < bodies; b++) {
            alongZ[b] = axis[3 * b] == 0 && axis[3 * b + 1] == 0 && Math.abs(axis[3 * b + 2]) == 1;
        }
        this.placementColumn = new int[3 * bodies];
        this.placementSign = new double[3 * bodies];
        for (int b = 0; b < bodies; b++) {
            SignedPermutation.find(placement, b * Rigid3.SIZE, placementColumn, placementSign, 3 * b);
        }
        this.quarterTurnAboutZ = new boolean[bodies];
        this.angleScale = new double[bodies];
        for (int b = 0; b < bodies; b++) {
            quarterTurnAboutZ[b] = alongZ[b] && !prismatic[b] && placementColumn[3 * b] >= 0;
            angleScale[b] = alongZ[b] ? axis[3 * b + 2] : 1;
        }
        this.jointNames = jointNames;
        this.lower = lower;
        this.upper = upper;
        this.linkNames = linkNames;
        Map<String, Integer> index = new HashMap<>();
        for (int l = 0; l < linkNames.size(); l++) {
            index.put(linkNames.get(l), l);
        }
        this.linkIndex = Map.copyOf(index);
        this.linkBody = linkBody;
        this.linkOffset = linkOffset;
        this.robotInertia = robotInertia;
        this.inertia = robotInertia;
        this.gravity = STANDARD_GRAVITY.clone();
        this.payloadLink = null;
        this.payload = null;
    }

    private RigidBodyTree(RigidBodyTree base, double[] gravity, String payloadLink, Inertial payload) {
        this.baseLink = base.baseLink;
        this.bodies = base.bodies;
        this.dof = base.dof;
        this.parent = base.parent;
        this.prismatic = base.prismatic;
        this.placement = base.placement;
        this.axis = base.axis;
        this.alongZ = base.alongZ;
        this.placementColumn = base.placementColumn;
        this.placementSign = base.placementSign;
        this.quarterTurnAboutZ = base.quarterTurnAboutZ;
        this.angleScale = base.angleScale;
        this.jointNames = base.jointNames;
        this.lower = base.lower;
        this.upper = base.upper;
        this.linkNames = base.linkNames;
        this.linkIndex = base.linkIndex;
        this.linkBody = base.linkBody;
        this.linkOffset = base.linkOffset;
        this.robotInertia = base.robotInertia;
        this.gravity = gravity;
        this.payloadLink = payloadLink;
        this.payload = payload;
        if (payload == null) {
            this.inertia = robotInertia;
        } else {
            int link = linkIndex(payloadLink);
            this.inertia = robotInertia.clone();
            BodyInertia.add(inertia, linkBody[link] * BodyInertia.SIZE, linkOffset, link * Rigid3.SIZE, payload);
        }
    }

    @Override
    public int dof() {
        return dof;
    }

    @Override
    public List<String> jointNames() {
        return jointNames;
    }

    @Override
    public List<String> linkNames() {
        return linkNames;
    }

    @Override
    public String baseLink() {
        return baseLink;
    }

    @Override
    public int linkIndex(String linkName) {
        Integer index = linkIndex.get(linkName);
        if (index == null) {
            throw new IllegalArgumentException("the robot has no link '" + linkName + "'");
        }
        return index;
    }

    @Override
    public double lowerLimit(int joint) {
        return lower[joint];
    }

    @Override
    public double upperLimit(int joint) {
        return upper[joint];
    }

    @Override
    public double[] gravity() {
        return gravity.clone();
    }

    @Override
    public KinematicModel withGravity(double x, double y, double z) {
        if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
            throw new IllegalArgumentException("gravity must be finite");
        }
        return new RigidBodyTree(this, new double[] {x, y, z}, payloadLink, payload);
    }

    @Override
    public KinematicModel withPayload(String linkName, Inertial payload) {
        linkIndex(linkName);
        if (payload == null) {
            throw new IllegalArgumentException("payload must not be null; use withoutPayload()");
        }
        return new RigidBodyTree(this, gravity, linkName, payload);
    }

    @Override
    public KinematicModel withoutPayload() {
        return new RigidBodyTree(this, gravity, null, null);
    }

    @Override
    public KinematicWorkspace newWorkspace() {
        return new RigidBodyWorkspace(this);
    }
}
