package org.robocell.driver.franka.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;
import org.robocell.driver.franka.control.internal.Rotations;

/**
 * Coverage-guided fuzzing of the command pipelines with whatever a controller or a corrupt robot state could hand
 * them: the input is read as little-endian doubles (NaN, infinities, huge and tiny values, poses that are not
 * transformations), first the robot's last commanded values, then one command per interface. With every combination
 * of the two stages, a shaper never throws; it accepts only a finite command (and a homogeneous pose, an elbow sign of
 * ±1), and a refusal names a field, an element in range and libfranka's text.
 */
class CommandShaperFuzzTest {

    private static final ShapingSettings[] SETTINGS = {
        new ShapingSettings(true, 100), new ShapingSettings(false, 100), new ShapingSettings(true, 1000),
        new ShapingSettings(false, 1000)};

    @Timeout(30)
    @FuzzTest
    void anyCommandAndStateIsShapedIntoAFiniteCommandOrRefusedWithLibfrankasWords(byte[] input) {
        ByteBuffer data = ByteBuffer.wrap(input).order(ByteOrder.LITTLE_ENDIAN);
        CommandedState state = new CommandedState();
        fill(data, state.qD(), state.dqD(), state.ddqD(), state.tauJD(), state.oTEEc(), state.oDPEEc(),
                state.oDdPEEc(), state.elbowC(), state.delbowC(), state.ddelbowC());
        double[] joints = new double[7];
        double[] pose = new double[16];
        double[] twist = new double[6];
        double[] elbow = new double[2];
        fill(data, joints, pose, twist, elbow);
        boolean withElbow = data.hasRemaining() && (data.get() & 1) == 1;
        for (FrankaLimits limits : new FrankaLimits[] {FrankaLimits.FR3, FrankaLimits.FER}) {
            for (ShapingSettings settings : SETTINGS) {
                double[] out7 = new double[7];
                assertJoints(new TorqueCommandShaper(limits, settings).shape(joints, state, out7), out7);
                assertJoints(new JointPositionCommandShaper(limits, settings).shape(joints, state, out7), out7);
                assertJoints(new JointVelocityCommandShaper(limits, settings).shape(joints, state, out7), out7);
                double[] out16 = new double[16];
                double[] outElbow = new double[2];
                ShapingResult posed = new CartesianPoseCommandShaper(limits, settings)
                        .shape(pose, withElbow ? elbow : null, state, out16, outElbow);
                if (posed.accepted()) {
                    assertFinite(out16);
                    assertEquals(-1, Rotations.firstNonHomogeneousElement(out16), "an accepted pose is homogeneous");
                    assertElbow(outElbow, withElbow);
                } else {
                    assertRefusal(posed, 16);
                }
                double[] out6 = new double[6];
                ShapingResult twisted = new CartesianVelocityCommandShaper(limits, settings)
                        .shape(twist, withElbow ? elbow : null, state, out6, outElbow);
                if (twisted.accepted()) {
                    assertFinite(out6);
                    assertElbow(outElbow, withElbow);
                } else {
                    assertRefusal(twisted, 16);
                }
            }
        }
    }

    private static void assertJoints(ShapingResult result, double[] out) {
        if (result.accepted()) {
            assertFinite(out);
        } else {
            assertRefusal(result, 7);
        }
    }

    private static void assertElbow(double[] elbow, boolean given) {
        assertFinite(elbow);
        if (given) {
            assertTrue(elbow[1] == 1.0 || elbow[1] == -1.0, "an accepted elbow sign is +1 or -1");
        }
    }

    private static void assertRefusal(ShapingResult result, int elements) {
        assertTrue(result.field() != null, result::describe);
        int bound = result.field() == CommandField.ELBOW_C ? 2 : elements;
        assertTrue(result.index() >= 0 && result.index() < bound, result::describe);
        assertFalse(result.libfrankaMessage().isEmpty(), result::describe);
        assertFalse(result.describe().contains("\n"), "one line");
    }

    private static void assertFinite(double[] values) {
        for (double value : values) {
            assertTrue(Double.isFinite(value), "an accepted command is finite");
        }
    }

    /** Fills the arrays in order from the input; what the input does not cover stays as it was. */
    private static void fill(ByteBuffer data, double[]... arrays) {
        for (double[] array : arrays) {
            for (int i = 0; i < array.length && data.remaining() >= 8; i++) {
                array[i] = data.getDouble();
            }
        }
    }
}
