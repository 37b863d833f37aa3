package org.robocell.shell.internal;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.robocell.api.motion.MotionArgument;
import org.robocell.api.motion.MotionPose;
import org.robocell.api.motion.MotionPrimitive;
import org.robocell.api.text.Suggestions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * A motion sequence file: a YAML list of primitives, each a mapping with one of {@code ptp: [joint positions]},
 * {@code lin: [x, y, z, roll, pitch, yaw]} or {@code circ: [x, y, z, roll, pitch, yaw]} with {@code via: [x, y, z]},
 * and optionally {@code blend_radius}, {@code velocity}, {@code acceleration}, {@code move_time}. Every mistake is
 * one line naming the file, the line and what was expected.
 */
final class SequenceFile {

    static final Set<String> KEYS = Set.of("ptp", "lin", "circ", "via", "blend_radius", "velocity", "acceleration",
            "move_time");

    private SequenceFile() {
    }

    static List<MotionPrimitive> read(Path file) throws IOException {
        Node root;
        try (Reader in = Files.newBufferedReader(file)) {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(false);
            root = new Yaml(new SafeConstructor(options)).compose(in);
        } catch (NoSuchFileException e) {
            throw new CommandFailed("no file " + file);
        } catch (MarkedYAMLException e) {
            throw new CommandFailed(file + ":" + (e.getProblemMark().getLine() + 1) + ": not YAML: " + e.getProblem());
        }
        if (!(root instanceof SequenceNode list) || list.getValue().isEmpty()) {
            throw new CommandFailed(file + ": expected a YAML list of primitives (- ptp: [...], - lin: [...],"
                    + " - circ: [...] with via: [...])");
        }
        List<MotionPrimitive> out = new ArrayList<>();
        for (Node item : list.getValue()) {
            out.add(primitive(file, item));
        }
        return out;
    }

    private static MotionPrimitive primitive(Path file, Node item) {
        String where = file + ":" + line(item);
        if (!(item instanceof MappingNode map)) {
            throw new CommandFailed(where + ": expected a primitive (ptp, lin or circ with its values)");
        }
        String kind = null;
        double[] target = null;
        double[] via = null;
        double blend = 0;
        List<MotionArgument> arguments = new ArrayList<>();
        for (NodeTuple t : map.getValue()) {
            String key = ((ScalarNode) t.getKeyNode()).getValue();
            String at = file + ":" + line(t.getKeyNode());
            if (!KEYS.contains(key)) {
                throw new CommandFailed(at + ": unknown key '" + key + "'" + Suggestions.didYouMeanOrKnown(key, KEYS));
            }
            switch (key) {
                case "ptp", "lin", "circ" -> {
                    if (kind != null) {
                        throw new CommandFailed(at + ": a primitive is one of ptp, lin or circ; this one is " + kind
                                + " and " + key);
                    }
                    kind = key;
                    target = numbers(file, t.getValueNode(), key);
                    if (!key.equals("ptp") && target.length != 6) {
                        throw new CommandFailed(at + ": " + key + " takes x, y, z, roll, pitch, yaw (6 numbers), got "
                                + target.length);
                    }
                }
                case "via" -> {
                    via = numbers(file, t.getValueNode(), key);
                    if (via.length != 3) {
                        throw new CommandFailed(at + ": via takes x, y, z (3 numbers), got " + via.length);
                    }
                }
                case "blend_radius" -> blend = number(file, t.getValueNode(), key);
                default -> arguments.add(new MotionArgument(key, number(file, t.getValueNode(), key)));
            }
        }
        if (kind == null) {
            throw new CommandFailed(where + ": a primitive needs one of ptp, lin or circ");
        }
        if (kind.equals("circ") != (via != null)) {
            throw new CommandFailed(where + (via == null ? ": circ needs a via point (via: [x, y, z])"
                    : ": only circ takes a via point"));
        }
        MotionArgument[] args = arguments.toArray(MotionArgument[]::new);
        return switch (kind) {
            case "ptp" -> MotionPrimitive.ptp(target, blend, args);
            case "lin" -> MotionPrimitive.lin(pose(target), blend, args);
            default -> {
                MotionPose goal = pose(target);
                yield MotionPrimitive.circ(new MotionPose(via[0], via[1], via[2], goal.qx(), goal.qy(), goal.qz(),
                        goal.qw()), goal, blend, args);
            }
        };
    }

    /** A pose from x, y, z, roll, pitch, yaw (fixed axes: R = Rz(yaw) Ry(pitch) Rx(roll)). */
    static MotionPose pose(double[] v) {
        double cr = Math.cos(v[3] / 2), sr = Math.sin(v[3] / 2);
        double cp = Math.cos(v[4] / 2), sp = Math.sin(v[4] / 2);
        double cy = Math.cos(v[5] / 2), sy = Math.sin(v[5] / 2);
        return new MotionPose(v[0], v[1], v[2], sr * cp * cy - cr * sp * sy, cr * sp * cy + sr * cp * sy,
                cr * cp * sy - sr * sp * cy, cr * cp * cy + sr * sp * sy);
    }

    private static double[] numbers(Path file, Node node, String key) {
        if (!(node instanceof SequenceNode seq) || seq.getValue().isEmpty()) {
            throw new CommandFailed(file + ":" + line(node) + ": " + key + " takes a list of numbers, such as [0.1,"
                    + " 0.2, 0.3]");
        }
        double[] out = new double[seq.getValue().size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = number(file, seq.getValue().get(i), key + " value " + (i + 1));
        }
        return out;
    }

    private static double number(Path file, Node node, String what) {
        if (!(node instanceof ScalarNode s)) {
            throw new CommandFailed(file + ":" + line(node) + ": " + what + " must be a number");
        }
        try {
            return Numbers.finite(what, s.getValue());
        } catch (CommandFailed e) {
            throw new CommandFailed(file + ":" + line(node) + ": " + e.getMessage());
        }
    }

    private static int line(Node node) {
        return node.getStartMark().getLine() + 1;
    }
}
