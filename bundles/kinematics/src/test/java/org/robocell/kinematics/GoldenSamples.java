package org.robocell.kinematics;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.google.gson.Gson;

/** Reference values computed by Orocos KDL on the same URDFs (src/test/resources/golden). */
final class GoldenSamples {

    /** One KDL file: the chain and its samples. Dynamics fields are absent for a robot without inertials. */
    record Chain(String source, String urdf, String base, String tip, List<String> joints, double[] gravity,
            String conventions, List<Sample> samples) {
    }

    /** rotation: tip in base, row-major; jacobian: rows vx..wz, reference point at the tip, in the base frame. */
    record Sample(double[] q, double[] dq, double[] ddq, double[] position, double[][] rotation, double[][] jacobian,
            double[][] mass_matrix, double[] coriolis, double[] gravity, double[] inverse_dynamics) {
    }

    private GoldenSamples() {
    }

    static Chain load(String resource) {
        try (Reader in = new InputStreamReader(GoldenSamples.class.getResourceAsStream(resource), StandardCharsets.UTF_8)) {
            return new Gson().fromJson(in, Chain.class);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
