package org.robocell.kinematics.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.robocell.api.model.Joint;
import org.robocell.api.model.JointType;
import org.robocell.api.model.Link;
import org.robocell.api.model.RobotModel;

/**
 * Turns a URDF tree into rigid bodies: body 0 is the root link, then one body per movable joint in parents-first
 * order. Links behind fixed (or locked) joints merge into the body they hang from, as frames with a constant
 * offset and with their inertia added to it, so the recursions run over movable joints only.
 */
final class TreeBuilder {

    private final RobotModel robot;
    /** Joints that move; null when every supported joint moves. */
    private final Set<String> movable;
    private final List<Integer> parents = new ArrayList<>();
    private final List<double[]> placements = new ArrayList<>();
    private final List<double[]> axes = new ArrayList<>();
    private final List<Boolean> prismatic = new ArrayList<>();
    private final List<String> jointNames = new ArrayList<>();
    private final List<double[]> limits = new ArrayList<>();
    private final Map<String, Integer> bodyOfLink = new HashMap<>();
    private final Map<String, double[]> linkInBody = new HashMap<>();

    TreeBuilder(RobotModel robot) {
        this.robot = robot;
        this.movable = null;
    }

    /**
     * Only the joints from the root to {@code tipLink} move; every other joint is locked where its position is 0
     * (a mimic joint where its offset puts it), so its links stay attached, mass included.
     */
    TreeBuilder(RobotModel robot, String tipLink) {
        this.robot = robot;
        this.movable = new HashSet<>();
        for (Joint joint : robot.chainTo(tipLink)) {
            movable.add(joint.name());
        }
    }

    RigidBodyTree build() {
        String root = robot.rootLink();
        addBody(-1, identity(), new double[] {0, 0, 1}, false);
        place(root, 0, identity());
        for (Joint joint : robot.jointsFromRoot()) {
            int body = bodyOfLink.get(joint.parent());
            double[] jointFrame = new double[Rigid3.SIZE];
            double[] origin = new double[Rigid3.SIZE];
            Rigid3.setPose(joint.origin(), origin, 0);
            Rigid3.compose(linkInBody.get(joint.parent()), 0, origin, 0, jointFrame, 0);
            if (joint.type() == JointType.FIXED) {
                place(joint.child(), body, jointFrame);
            } else if (movable != null && !movable.contains(joint.name()) && joint.type().isSingleDof()) {
                place(joint.child(), body, locked(joint, jointFrame));
            } else if (joint.type().isSingleDof() && !joint.isMimic()) {
                int child = addBody(body, jointFrame, unitAxis(joint), joint.type() == JointType.PRISMATIC);
                jointNames.add(joint.name());
                limits.add(limitsOf(joint));
                place(joint.child(), child, identity());
            } else {
                throw new IllegalArgumentException("joint '" + joint.name() + "' of robot '" + robot.name() + "' is "
                        + (joint.isMimic() ? "a mimic joint" : joint.type().urdfName())
                        + ": kinematics supports revolute, continuous, prismatic and fixed joints");
            }
        }
        return assemble();
    }

    /** The child frame of a joint held at position 0, or at its mimic offset. */
    private static double[] locked(Joint joint, double[] jointFrame) {
        double position = joint.isMimic() ? joint.mimic().offset() : 0;
        double[] a = unitAxis(joint);
        double[] motion = identity();
        if (joint.type() == JointType.PRISMATIC) {
            motion[9] = a[0] * position;
            motion[10] = a[1] * position;
            motion[11] = a[2] * position;
        } else {
            Rigid3.setAxisAngle(a[0], a[1], a[2], position, motion, 0);
        }
        double[] child = new double[Rigid3.SIZE];
        Rigid3.compose(jointFrame, 0, motion, 0, child, 0);
        return child;
    }

    private int addBody(int parent, double[] placement, double[] axis, boolean isPrismatic) {
        parents.add(parent);
        placements.add(placement);
        axes.add(axis);
        prismatic.add(isPrismatic);
        return parents.size() - 1;
    }

    private void place(String link, int body, double[] offset) {
        bodyOfLink.put(link, body);
        linkInBody.put(link, offset);
    }

    private static double[] unitAxis(Joint joint) {
        double norm = joint.axis().norm();
        if (norm < 1e-12) {
            throw new IllegalArgumentException("joint '" + joint.name() + "' has a zero axis");
        }
        return new double[] {joint.axis().x() / norm, joint.axis().y() / norm, joint.axis().z() / norm};
    }

    private static double[] limitsOf(Joint joint) {
        if (joint.type() == JointType.CONTINUOUS) {
            return new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};
        }
        return new double[] {joint.limits().lower(), joint.limits().upper()};
    }

    private static double[] identity() {
        double[] t = new double[Rigid3.SIZE];
        Rigid3.setIdentity(t, 0);
        return t;
    }

    private RigidBodyTree assemble() {
        int bodies = parents.size();
        int[] parent = new int[bodies];
        boolean[] isPrismatic = new boolean[bodies];
        double[] placement = new double[bodies * Rigid3.SIZE];
        double[] axis = new double[bodies * 3];
        for (int b = 0; b < bodies; b++) {
            parent[b] = parents.get(b);
            isPrismatic[b] = prismatic.get(b);
            System.arraycopy(placements.get(b), 0, placement, b * Rigid3.SIZE, Rigid3.SIZE);
            System.arraycopy(axes.get(b), 0, axis, b * 3, 3);
        }
        int dof = bodies - 1;
        double[] lower = new double[dof];
        double[] upper = new double[dof];
        for (int j = 0; j < dof; j++) {
            lower[j] = limits.get(j)[0];
            upper[j] = limits.get(j)[1];
        }
        List<String> linkNames = new ArrayList<>(robot.links().keySet());
        int[] linkBody = new int[linkNames.size()];
        double[] linkOffset = new double[linkNames.size() * Rigid3.SIZE];
        double[] inertia = new double[bodies * BodyInertia.SIZE];
        for (int l = 0; l < linkNames.size(); l++) {
            String name = linkNames.get(l);
            linkBody[l] = bodyOfLink.get(name);
            System.arraycopy(linkInBody.get(name), 0, linkOffset, l * Rigid3.SIZE, Rigid3.SIZE);
            Link link = robot.links().get(name);
            BodyInertia.add(inertia, linkBody[l] * BodyInertia.SIZE, linkOffset, l * Rigid3.SIZE, link.inertial());
        }
        return new RigidBodyTree(robot.rootLink(), parent, isPrismatic, placement, axis, List.copyOf(jointNames),
                lower, upper, List.copyOf(linkNames), linkBody, linkOffset, inertia);
    }
}
