package org.robocell.driver.franka.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The limiters and filters against libfranka 0.15.0's own outputs for the same inputs
 * ({@code libfranka-0.15.0-limiter-filter.txt}, 12 seeded random cases per function; the file's header says how they
 * were made). The joint, torque and twist limiters agree to the last bit; the pose limiter and the pose filter, which
 * libfranka computes through Eigen's angle-axis, quaternion and SVD, to 2e-15.
 */
class LibfrankaAgreementTest {

    @Test
    void everyLimiterAndFilterGivesWhatLibfrankaGaveForTheSameInputs() throws IOException {
        JointRateLimiter joints = new JointRateLimiter(FrankaLimits.FR3);
        CartesianRateLimiter cartesian = new CartesianRateLimiter(FrankaLimits.FR3);
        CartesianLowPassFilter filter = new CartesianLowPassFilter();
        Map<String, Integer> cases = new HashMap<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                getClass().getResourceAsStream("libfranka-0.15.0-limiter-filter.txt"), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.startsWith("#")) {
                    continue;
                }
                String[] sides = line.split(" => ");
                String[] in = sides[0].split(" ");
                String kind = in[0];
                double[] x = Arrays.stream(in, 1, in.length).mapToDouble(Double::parseDouble).toArray();
                double[] expected = Arrays.stream(sides[1].trim().split(" ")).mapToDouble(Double::parseDouble)
                        .toArray();
                double[] actual = new double[expected.length];
                double tolerance = 0;
                switch (kind) {
                    case "P" -> joints.positions(part(x, 0, 7), part(x, 7, 7), part(x, 14, 7), part(x, 21, 7), actual);
                    case "V" -> joints.velocities(part(x, 0, 7), part(x, 7, 7), part(x, 14, 7), part(x, 21, 7),
                            actual);
                    case "T" -> joints.torques(part(x, 0, 7), part(x, 7, 7), actual);
                    case "C" -> cartesian.twist(part(x, 0, 6), part(x, 6, 6), part(x, 12, 6), actual);
                    case "X" -> {
                        cartesian.pose(part(x, 0, 16), part(x, 16, 16), part(x, 32, 6), part(x, 38, 6), actual);
                        tolerance = 2e-15;
                    }
                    case "F" -> {
                        double gain = LowPassFilter.gain(1e-3, x[0]);
                        double[] pose = part(x, 1, 16);
                        double[] last = part(x, 17, 16);
                        filter.filter(gain, pose, last, actual);
                        actual[16] = LowPassFilter.filter(gain, pose[12] * 3, last[13]);
                        tolerance = 2e-15;
                    }
                    default -> throw new AssertionError("unknown case " + kind);
                }
                for (int i = 0; i < expected.length; i++) {
                    assertEquals(expected[i], actual[i], tolerance * Math.max(1, Math.abs(expected[i])),
                            kind + " case " + cases.getOrDefault(kind, 0) + ", element " + i);
                }
                cases.merge(kind, 1, Integer::sum);
            }
        }
        assertEquals(6, cases.size(), "every function: " + cases);
        assertTrue(cases.values().stream().allMatch(n -> n == 12), cases::toString);
    }

    private static double[] part(double[] values, int from, int length) {
        return Arrays.copyOfRange(values, from, from + length);
    }
}
