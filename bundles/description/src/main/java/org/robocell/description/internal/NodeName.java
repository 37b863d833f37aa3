package org.robocell.description.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * A node name as a ROS 2 parameter file writes it: {@code controller_manager}, {@code /robot1/controller_manager},
 * {@code /**}, {@code /**}{@code /joint_trajectory_controller}, {@code /*}{@code /jtc}. {@code **} matches any number of
 * name parts (none included), {@code *} exactly one, as rcl matches node names.
 *
 * @param written  the name as written (nested keys joined with {@code /})
 * @param segments the parts between slashes
 */
public record NodeName(String written, List<String> segments) {

    public NodeName {
        segments = List.copyOf(segments);
    }

    /** Null when the name has no parts. */
    static NodeName parse(String written) {
        List<String> parts = new ArrayList<>();
        for (String s : written.split("/")) {
            if (!s.isEmpty()) {
                parts.add(s);
            }
        }
        return parts.isEmpty() ? null : new NodeName(written, parts);
    }

    public boolean wildcard() {
        return segments.stream().anyMatch(NodeName::isWildcard);
    }

    /** The last part: the node's own name, or a wildcard. */
    public String base() {
        return segments.get(segments.size() - 1);
    }

    /** Whether the last part names one node ({@code jtc} in {@code /**}{@code /jtc}), not a wildcard. */
    public boolean namesANode() {
        return !isWildcard(base());
    }

    /** The parts before the base joined with {@code /}; empty for none. */
    public String namespace() {
        return String.join("/", segments.subList(0, segments.size() - 1));
    }

    /**
     * Whether this name applies to the node {@code node} in {@code namespace} (parts joined with {@code /}, empty
     * for the root namespace). A name without wildcards and without a namespace ({@code jtc:}) applies in any
     * namespace: the robot's file is read for that robot.
     */
    public boolean matches(String namespace, String node) {
        if (!wildcard() && segments.size() == 1) {
            return base().equals(node);
        }
        List<String> target = new ArrayList<>();
        for (String s : namespace.split("/")) {
            if (!s.isEmpty()) {
                target.add(s);
            }
        }
        target.add(node);
        return glob(0, target, 0);
    }

    private boolean glob(int i, List<String> target, int j) {
        if (i == segments.size()) {
            return j == target.size();
        }
        String s = segments.get(i);
        if (s.equals("**")) {
            for (int k = j; k <= target.size(); k++) {
                if (glob(i + 1, target, k)) {
                    return true;
                }
            }
            return false;
        }
        return j < target.size() && (s.equals("*") || s.equals(target.get(j))) && glob(i + 1, target, j + 1);
    }

    private static boolean isWildcard(String s) {
        return s.equals("*") || s.equals("**");
    }
}
