package org.robocell.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.robocell.api.model.Inertial;
import org.robocell.api.model.Joint;
import org.robocell.api.model.Pose;
import org.robocell.api.model.RobotModel;
import org.robocell.api.model.Vector3;

/**
 * The chain root -> tip of a parsed URDF as plain text, for the KDL timing program ({@code benchmarks/kdl}) to build
 * its {@code KDL::Chain} from the very numbers RoboCell parsed: one {@code segment} line per URDF joint (child link,
 * joint name, type, origin xyz rpy, axis, the child link's inertial: mass, origin xyz rpy, ixx ixy ixz iyy iyz izz),
 * then gravity and the joint vectors both sides evaluate. Numbers are written with {@link Double#toString}, which
 * reads back to the same double.
 */
final class KdlChainFile {

    private KdlChainFile() {
    }

    static List<String> lines(RobotModel robot, String tipLink, double[] gravity, double[] q, double[] dq, double[] ddq) {
        List<String> out = new ArrayList<>();
        out.add("# " + robot.name() + ": " + robot.rootLink() + " -> " + tipLink + ", written by KdlComparison");
        out.add("# segment link joint type  x y z roll pitch yaw  ax ay az  mass  cx cy cz croll cpitch cyaw"
                + "  ixx ixy ixz iyy iyz izz");
        for (Joint joint : robot.chainTo(tipLink)) {
            Inertial inertial = robot.links().get(joint.child()).inertial();
            out.add(String.join(" ", "segment", joint.child(), joint.name(), typeOf(joint), pose(joint.origin()),
                    vector(joint.axis()), number(inertial.mass()), pose(inertial.origin()),
                    numbers(inertial.ixx(), inertial.ixy(), inertial.ixz(), inertial.iyy(), inertial.iyz(), inertial.izz())));
        }
        out.add("gravity " + numbers(gravity));
        out.add("q " + numbers(q));
        out.add("dq " + numbers(dq));
        out.add("ddq " + numbers(ddq));
        return out;
    }

    static void write(Path file, List<String> lines) throws IOException {
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    private static String typeOf(Joint joint) {
        if (joint.isMimic()) {
            throw new IllegalArgumentException("joint '" + joint.name() + "' is a mimic joint: the KDL comparison takes plain chains");
        }
        return switch (joint.type()) {
            case REVOLUTE, CONTINUOUS -> "revolute";
            case PRISMATIC -> "prismatic";
            case FIXED -> "fixed";
            default -> throw new IllegalArgumentException("joint '" + joint.name() + "' is " + joint.type().urdfName()
                    + ": KDL chains take revolute, continuous, prismatic and fixed joints");
        };
    }

    private static String pose(Pose p) {
        return numbers(p.x(), p.y(), p.z(), p.roll(), p.pitch(), p.yaw());
    }

    private static String vector(Vector3 v) {
        return numbers(v.x(), v.y(), v.z());
    }

    private static String numbers(double... values) {
        StringBuilder s = new StringBuilder();
        for (double v : values) {
            if (s.length() > 0) {
                s.append(' ');
            }
            s.append(number(v));
        }
        return s.toString();
    }

    private static String number(double v) {
        return Double.toString(v);
    }
}
