package org.robocell.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.ejml.data.DMatrixRMaj;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.robocell.api.model.RobotModel;
import org.robocell.description.RobotDescription;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;

/**
 * RoboCell next to Orocos KDL on the FR3 chain of {@link KinematicsBenchmark}, driven by {@code benchmarks/kdl.sh}:
 * <ol>
 * <li>{@code chain FILE} writes the chain RoboCell parsed from the URDF, and the benchmark's joint vectors, for the
 * KDL timing program ({@link KdlChainFile});</li>
 * <li>{@code compare FILE KDL_OUTPUT} checks that KDL's tip pose, RNEA torques, mass matrix and forward-dynamics
 * accelerations equal RoboCell's to 1e-9 (so both time the same computation), runs the matching
 * {@link KinematicsBenchmark} methods in JMH (1 fork, 3 + 5 iterations of 1 s, as the KDL program) and prints the
 * table of medians and ratios.</li>
 * </ol>
 */
public final class KdlComparison {

    static final String URDF = "/robots/fr3.urdf";
    static final String TIP = "link8";
    static final double TOLERANCE = 1e-9;

    /** One row: an operation, the KDL program's timing key and the RoboCell benchmark method. */
    record Row(String operation, String kdlKey, String kdlCall, String benchmark) {
    }

    static final List<Row> ROWS = List.of(
            new Row("FK of the tip", "fk", "ChainFkSolverPos_recursive", "tipOnlyForwardKinematics"),
            new Row("FK of the tip, all bodies placed", "fk", "ChainFkSolverPos_recursive", "tipForwardKinematics"),
            new Row("FK + Jacobian", "fk_jacobian", "JntToCart + JntToJac", "forwardKinematicsAndJacobian"),
            new Row("FK + Jacobian (KDL: Jacobian alone)", "jacobian", "ChainJntToJacSolver", "forwardKinematicsAndJacobian"),
            new Row("RNEA", "rnea", "ChainIdSolver_RNE", "inverseDynamics"),
            new Row("mass matrix", "mass", "ChainDynParam::JntToMass", "massMatrix"),
            new Row("forward dynamics (CRBA + Cholesky)", "fd", "ChainFdSolver_RNE", "forwardDynamics"),
            new Row("forward dynamics (ABA)", "fd", "ChainFdSolver_RNE", "articulatedBodyDynamics"));

    private KdlComparison() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("chain")) {
            KdlChainFile.write(Path.of(args[1]), KdlChainFile.lines(fr3(), TIP, KinematicModel.of(fr3()).gravity(),
                    KinematicsBenchmark.READY, KinematicsBenchmark.RATES, KinematicsBenchmark.ACCELERATIONS));
        } else if (args.length == 3 && args[0].equals("compare")) {
            Map<String, double[]> kdl = readKdlOutput(Path.of(args[2]));
            List<String> mismatches = mismatches(kdl);
            if (!mismatches.isEmpty()) {
                System.err.println("KDL and RoboCell compute different things (tolerance " + TOLERANCE + "):");
                mismatches.forEach(m -> System.err.println("  " + m));
                System.exit(1);
            }
            System.out.println("check: KDL and RoboCell agree to " + TOLERANCE
                    + " (tip pose, RNEA torques, mass matrix, forward-dynamics accelerations)");
            printTable(kdl, runJmh());
        } else {
            System.err.println("usage: KdlComparison chain FILE | compare FILE KDL_OUTPUT   (run benchmarks/kdl.sh)");
            System.exit(2);
        }
    }

    static RobotModel fr3() throws IOException {
        try (InputStream in = KdlComparison.class.getResourceAsStream(URDF)) {
            return RobotDescription.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "fr3.urdf").robot();
        }
    }

    /** The KDL program's lines "key v1 v2 ..." (results) and "time op ns" (as key "time op"). */
    static Map<String, double[]> readKdlOutput(Path file) throws IOException {
        Map<String, double[]> out = new HashMap<>();
        int number = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            number++;
            String[] f = line.trim().split("\\s+");
            if (f[0].isEmpty()) {
                continue;
            }
            int first = f[0].equals("time") ? 2 : 1;
            String key = first == 2 ? "time " + f[1] : f[0];
            try {
                out.put(key, Arrays.stream(f, first, f.length).mapToDouble(Double::parseDouble).toArray());
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                throw new IllegalArgumentException(file + " line " + number + ": expected numbers after '" + key + "'");
            }
        }
        return out;
    }

    /** Every value of KDL's that differs from RoboCell's by more than the tolerance, one line each. */
    static List<String> mismatches(Map<String, double[]> kdl) throws IOException {
        KinematicModel model = KinematicModel.of(fr3());
        List<String> chainJoints = fr3().chainTo(TIP).stream()
                .filter(j -> j.type().isSingleDof()).map(j -> j.name()).collect(Collectors.toList());
        if (!chainJoints.equals(model.jointNames())) {
            return List.of("the chain to " + TIP + " moves " + chainJoints + ", the model " + model.jointNames());
        }
        KinematicWorkspace ws = model.newWorkspace();
        int n = model.dof();
        double[] q = KinematicsBenchmark.READY, dq = KinematicsBenchmark.RATES, ddq = KinematicsBenchmark.ACCELERATIONS;
        ws.forwardKinematics(q);
        double[] t = new double[16];
        ws.linkTransform(model.linkIndex(TIP), t);
        double[] pose = {t[0], t[1], t[2], t[4], t[5], t[6], t[8], t[9], t[10], t[3], t[7], t[11]};
        double[] tau = new double[n];
        ws.inverseDynamics(q, dq, ddq, tau);
        DMatrixRMaj mass = new DMatrixRMaj(n, n);
        ws.massMatrix(q, mass);
        double[] acceleration = new double[n];
        ws.forwardDynamics(q, dq, tau, acceleration);
        List<String> out = new ArrayList<>();
        compare("pose (rotation row-major, position)", kdl.get("pose"), pose, out);
        compare("tau", kdl.get("tau"), tau, out);
        compare("mass", kdl.get("mass"), mass.data, out);
        compare("ddq", kdl.get("ddq"), acceleration, out);
        return out;
    }

    private static void compare(String what, double[] kdl, double[] roboCell, List<String> out) {
        if (kdl == null || kdl.length != roboCell.length) {
            out.add(what + ": KDL gave " + (kdl == null ? "nothing" : kdl.length + " values") + ", expected "
                    + roboCell.length);
            return;
        }
        for (int i = 0; i < kdl.length; i++) {
            if (!(Math.abs(kdl[i] - roboCell[i]) <= TOLERANCE)) {
                out.add(String.format(Locale.ROOT, "%s[%d]: KDL %.12g, RoboCell %.12g", what, i, kdl[i], roboCell[i]));
            }
        }
    }

    /** Median ns/op of each benchmark method named in {@link #ROWS}. */
    static Map<String, Double> runJmh() throws RunnerException {
        Set<String> methods = new LinkedHashSet<>();
        ROWS.forEach(r -> methods.add(r.benchmark()));
        System.out.println("running JMH on " + methods + " (1 fork, 3 + 5 iterations of 1 s) ...");
        Options options = new OptionsBuilder()
                .include(KinematicsBenchmark.class.getName() + "\\.(" + String.join("|", methods) + ")$")
                .forks(1).warmupIterations(3).measurementIterations(5)
                .warmupTime(TimeValue.seconds(1)).measurementTime(TimeValue.seconds(1))
                .verbosity(VerboseMode.SILENT).build();
        Map<String, Double> medians = new HashMap<>();
        for (RunResult result : new Runner(options).run()) {
            String benchmark = result.getParams().getBenchmark();
            String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            List<Double> scores = new ArrayList<>();
            result.getBenchmarkResults().forEach(b -> {
                Collection<IterationResult> iterations = b.getIterationResults();
                iterations.forEach(i -> scores.add(i.getPrimaryResult().getScore()));
            });
            medians.put(method, median(scores));
        }
        return medians;
    }

    static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static void printTable(Map<String, double[]> kdl, Map<String, Double> roboCell) {
        System.out.println();
        System.out.printf(Locale.ROOT, "%-36s %-28s %12s  %-30s %14s %7s%n", "operation", "KDL call", "KDL ns",
                "RoboCell benchmark", "RoboCell ns", "ratio");
        for (Row row : ROWS) {
            double[] k = kdl.get("time " + row.kdlKey());
            Double r = roboCell.get(row.benchmark());
            String ratio = k == null || r == null ? "-" : String.format(Locale.ROOT, "%.2f", r / k[0]);
            System.out.printf(Locale.ROOT, "%-36s %-28s %12s  %-30s %14s %7s%n", row.operation(), row.kdlCall(),
                    k == null ? "-" : String.format(Locale.ROOT, "%.0f", k[0]), row.benchmark(),
                    r == null ? "-" : String.format(Locale.ROOT, "%.0f", r), ratio);
        }
        System.out.println("(medians of 5 iterations of 1 s; ratio = RoboCell / KDL time, below 1 = RoboCell faster)");
    }
}
