package org.robocell.kinematics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every sample of the KDL reference files agrees to 1e-9: FR3 base to link8 (pose, Jacobian and all dynamics
 * terms) and KR 6 R900 sixx base_link to tool0 (pose and Jacobian; that URDF has no inertials).
 */
class KdlGoldenTest {

    private static final double TOLERANCE = 1e-9;
    private static final GoldenSamples.Chain FR3 = GoldenSamples.load("/golden/fr3_link8.json");
    private static final GoldenSamples.Chain KR6 = GoldenSamples.load("/golden/kr6r900sixx_tool0.json");

    static Stream<Arguments> samples() {
        return Stream.of(FR3, KR6).flatMap(chain -> IntStream.range(0, chain.samples().size())
                .mapToObj(i -> Arguments.of(chain.urdf() + " #" + i, chain, chain.samples().get(i))));
    }

    private static KinematicModel modelOf(GoldenSamples.Chain chain) {
        KinematicModel model = KinematicModel.of(TestRobots.urdf("/robots/" + chain.urdf()));
        assertEquals(chain.base(), model.baseLink());
        assertEquals(chain.joints(), model.jointNames());
        return model.withGravity(chain.gravity()[0], chain.gravity()[1], chain.gravity()[2]);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void tipPoseAndJacobianMatchKdl(String name, GoldenSamples.Chain chain, GoldenSamples.Sample sample) {
        KinematicModel model = modelOf(chain);
        KinematicWorkspace ws = model.newWorkspace();
        int tip = model.linkIndex(chain.tip());
        ws.forwardKinematics(sample.q());

        double[] transform = new double[16];
        ws.linkTransform(tip, transform);
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                assertEquals(sample.rotation()[r][c], transform[4 * r + c], TOLERANCE, "rotation " + r + "," + c);
            }
            assertEquals(sample.position()[r], transform[4 * r + 3], TOLERANCE, "position " + r);
        }
        DMatrixRMaj jacobian = new DMatrixRMaj(6, model.dof());
        ws.jacobian(tip, ReferenceFrame.BASE, jacobian);
        assertMatrixEquals(sample.jacobian(), jacobian, "jacobian");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fr3Samples")
    void dynamicsMatchKdl(String name, GoldenSamples.Chain chain, GoldenSamples.Sample sample) {
        KinematicWorkspace ws = modelOf(chain).newWorkspace();
        int n = sample.q().length;
        DMatrixRMaj mass = new DMatrixRMaj(n, n);
        ws.massMatrix(sample.q(), mass);
        assertMatrixEquals(sample.mass_matrix(), mass, "mass matrix");

        double[] tau = new double[n];
        ws.coriolis(sample.q(), sample.dq(), tau);
        assertArrayEquals(sample.coriolis(), tau, TOLERANCE, "coriolis");
        ws.gravity(sample.q(), tau);
        assertArrayEquals(sample.gravity(), tau, TOLERANCE, "gravity");
        ws.inverseDynamics(sample.q(), sample.dq(), sample.ddq(), tau);
        assertArrayEquals(sample.inverse_dynamics(), tau, TOLERANCE, "inverse dynamics");
    }

    static Stream<Arguments> fr3Samples() {
        return samples().filter(a -> a.get()[1] == FR3);
    }

    /**
     * franka_description's check value: the ready pose puts the flange (link8, joint8 = the flange joint) at
     * (0.306891, 0, 0.590282) with the hand's TCP pointing down; six decimals allow a 5e-7 m rounding error.
     */
    @Test
    void readyPosePutsTheFr3FlangeAtThePublishedPosition() {
        KinematicModel model = KinematicModel.of(TestRobots.fr3());
        KinematicWorkspace ws = model.newWorkspace();
        ws.forwardKinematics(TestRobots.FR3_READY);
        double[] transform = new double[16];
        ws.linkTransform(model.linkIndex("link8"), transform);
        assertArrayEquals(new double[] {0.306891, 0, 0.590282}, new double[] {transform[3], transform[7], transform[11]}, 5e-7);
        // flange z axis points down, x axis along base x rotated by q7 - (q1 + q3 + q5) = π/4 about z
        assertEquals(-1, transform[10], 1e-12);
        assertEquals(Math.cos(Math.PI / 4), transform[0], 1e-12);

        ws.forwardKinematics(new double[7]);
        ws.linkTransform(model.linkIndex("link8"), transform);
        assertArrayEquals(new double[] {0.088, 0, 0.926}, new double[] {transform[3], transform[7], transform[11]}, 1e-12);
    }

    private static void assertMatrixEquals(double[][] expected, DMatrixRMaj actual, String what) {
        assertEquals(expected.length, actual.numRows, what + " rows");
        for (int r = 0; r < expected.length; r++) {
            assertEquals(expected[r].length, actual.numCols, what + " columns");
            for (int c = 0; c < expected[r].length; c++) {
                assertEquals(expected[r][c], actual.get(r, c), TOLERANCE, what + " (" + r + ", " + c + ")");
            }
        }
    }
}
