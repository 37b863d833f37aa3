package org.robocell.api.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The kinematic tree of a robot: links joined by joints, with one root link. Joints are kept in URDF order;
 * {@link #jointsFromRoot()} gives them parents-first, the order kinematics walks the tree in.
 */
public final class RobotModel {

    private final String name;
    private final Map<String, Link> links;
    private final Map<String, Joint> joints;
    private final String rootLink;
    private final List<Joint> jointsFromRoot;

    public RobotModel(String name, List<Link> links, List<Joint> joints) {
        this.name = name;
        Map<String, Link> linkMap = new LinkedHashMap<>();
        for (Link l : links) {
            if (linkMap.put(l.name(), l) != null) {
                throw new IllegalArgumentException("link '" + l.name() + "' is defined twice");
            }
        }
        Map<String, Joint> jointMap = new LinkedHashMap<>();
        Map<String, String> parentOfLink = new LinkedHashMap<>();
        for (Joint j : joints) {
            if (jointMap.put(j.name(), j) != null) {
                throw new IllegalArgumentException("joint '" + j.name() + "' is defined twice");
            }
            if (!linkMap.containsKey(j.parent())) {
                throw new IllegalArgumentException("joint '" + j.name() + "' names parent link '" + j.parent() + "', which is not defined");
            }
            if (!linkMap.containsKey(j.child())) {
                throw new IllegalArgumentException("joint '" + j.name() + "' names child link '" + j.child() + "', which is not defined");
            }
            if (parentOfLink.put(j.child(), j.name()) != null) {
                throw new IllegalArgumentException("link '" + j.child() + "' is the child of two joints: '"
                        + parentOfLink.get(j.child()) + "' and '" + j.name() + "'");
            }
        }
        List<String> roots = new ArrayList<>();
        for (String l : linkMap.keySet()) {
            if (!parentOfLink.containsKey(l)) {
                roots.add(l);
            }
        }
        if (linkMap.isEmpty()) {
            throw new IllegalArgumentException("a robot needs at least one link");
        }
        if (roots.size() != 1) {
            throw new IllegalArgumentException("a robot needs exactly one root link, found " + roots);
        }
        for (Joint j : joints) {
            if (j.mimic() != null && !jointMap.containsKey(j.mimic().joint())) {
                throw new IllegalArgumentException("joint '" + j.name() + "' mimics joint '" + j.mimic().joint() + "', which is not defined");
            }
        }
        this.links = Collections.unmodifiableMap(linkMap);
        this.joints = Collections.unmodifiableMap(jointMap);
        this.rootLink = roots.get(0);
        List<Joint> ordered = new ArrayList<>();
        collectFrom(rootLink, ordered);
        if (ordered.size() != joints.size()) {
            throw new IllegalArgumentException("the joints of robot '" + name + "' do not form a tree rooted at '" + rootLink + "'");
        }
        this.jointsFromRoot = List.copyOf(ordered);
    }

    private void collectFrom(String link, List<Joint> out) {
        for (Joint j : joints.values()) {
            if (j.parent().equals(link)) {
                out.add(j);
                collectFrom(j.child(), out);
            }
        }
    }

    public String name() {
        return name;
    }

    public String rootLink() {
        return rootLink;
    }

    public Map<String, Link> links() {
        return links;
    }

    /** Joints in the order the URDF lists them. */
    public Map<String, Joint> joints() {
        return joints;
    }

    /** Joints parents-first: each joint comes after the joint that moves its parent link. */
    public List<Joint> jointsFromRoot() {
        return jointsFromRoot;
    }

    public Optional<Joint> joint(String jointName) {
        return Optional.ofNullable(joints.get(jointName));
    }

    public Optional<Link> link(String linkName) {
        return Optional.ofNullable(links.get(linkName));
    }

    /** The joint whose child is {@code linkName}, or empty for the root link. */
    public Optional<Joint> parentJoint(String linkName) {
        for (Joint j : joints.values()) {
            if (j.child().equals(linkName)) {
                return Optional.of(j);
            }
        }
        return Optional.empty();
    }

    /** Joints from the root down to {@code tipLink}, root first. */
    public List<Joint> chainTo(String tipLink) {
        if (!links.containsKey(tipLink)) {
            throw new IllegalArgumentException("robot '" + name + "' has no link '" + tipLink + "'");
        }
        List<Joint> chain = new ArrayList<>();
        String link = tipLink;
        Optional<Joint> j;
        while ((j = parentJoint(link)).isPresent()) {
            chain.add(0, j.get());
            link = j.get().parent();
        }
        return chain;
    }
}
