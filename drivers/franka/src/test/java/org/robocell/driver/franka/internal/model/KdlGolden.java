package org.robocell.driver.franka.internal.model;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.google.gson.Gson;

/**
 * Orocos KDL's values on the FR3 URDF, base to link8, no load ({@code src/test/resources/golden/fr3_link8.json}, the
 * same file {@code bundles/kinematics} checks itself against).
 */
final class KdlGolden {

    record Chain(String source, String base, String tip, List<String> joints, double[] gravity, List<Sample> samples) {
    }

    /** rotation: tip in base, row-major; jacobian: rows vx..wz about the tip, base frame; matrices row-major. */
    record Sample(double[] q, double[] dq, double[] position, double[][] rotation, double[][] jacobian,
            double[][] mass_matrix, double[] coriolis, double[] gravity) {
    }

    private KdlGolden() {
    }

    static Chain fr3Link8() {
        try (Reader in = new InputStreamReader(KdlGolden.class.getResourceAsStream("/golden/fr3_link8.json"),
                StandardCharsets.UTF_8)) {
            return new Gson().fromJson(in, Chain.class);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
