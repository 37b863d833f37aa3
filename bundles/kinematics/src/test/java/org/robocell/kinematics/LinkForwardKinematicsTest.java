package org.robocell.kinematics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.robocell.api.model.RobotModel;

/**
 * {@link KinematicWorkspace#forwardKinematics(double[], int, double[])}, the pose of one link without placing the
 * others, against the full forward kinematics: every link, random joint positions, robots with axes along +z (FR3),
 * -z, y and -x (KR 6), tilted, prismatic, continuous and fixed joints on branches (the hand-built tree), and two
 * branches of quarter-turn joints about ±z.
 */
class LinkForwardKinematicsTest {

    static Stream<Arguments> robots() {
        return Stream.of(Arguments.of("fr3", TestRobots.fr3()), Arguments.of("kr6", TestRobots.kr6()),
                Arguments.of("branching tree", TestRobots.branchingTree()),
                Arguments.of("two quarter-turn arms", TestRobots.quarterTurnTree()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("robots")
    void everyLinkPoseEqualsTheOneFullForwardKinematicsGives(String name, RobotModel robot) {
        KinematicModel model = KinematicModel.of(robot);
        KinematicWorkspace full = model.newWorkspace();
        KinematicWorkspace single = model.newWorkspace();
        Random random = new Random(22);
        double[] q = new double[model.dof()];
        double[] expected = new double[16];
        double[] actual = new double[16];
        for (int sample = 0; sample < 200; sample++) {
            for (int j = 0; j < q.length; j++) {
                // beyond ±2π too, and the occasional exact multiple of π/2 where the quadrant changes
                q[j] = sample % 10 == 0 ? (random.nextInt(9) - 4) * Math.PI / 2 : (random.nextDouble() - 0.5) * 16;
            }
            full.forwardKinematics(q);
            for (int link = 0; link < model.linkNames().size(); link++) {
                full.linkTransform(link, expected);
                single.forwardKinematics(q, link, actual);
                assertArrayEquals(expected, actual, 1e-12, name + " " + model.linkNames().get(link) + " sample " + sample);
            }
        }
    }

    @Test
    void leavesThePosesOfTheLastFullForwardKinematicsAsTheyWere() {
        KinematicModel model = KinematicModel.of(TestRobots.fr3());
        KinematicWorkspace ws = model.newWorkspace();
        int flange = model.linkIndex("link8");
        ws.forwardKinematics(TestRobots.FR3_READY);
        double[] before = new double[16];
        ws.linkTransform(flange, before);

        double[] elsewhere = new double[16];
        ws.forwardKinematics(new double[] {0.5, 0.1, -0.3, -1.2, 0.4, 2.0, -0.6}, flange, elsewhere);
        double[] after = new double[16];
        ws.linkTransform(flange, after);
        assertArrayEquals(before, after, 0.0);
    }

    @Test
    void theReadyPosePutsTheFr3FlangeAtThePublishedPosition() {
        KinematicModel model = KinematicModel.of(TestRobots.fr3());
        double[] t = new double[16];
        model.newWorkspace().forwardKinematics(TestRobots.FR3_READY, model.linkIndex("link8"), t);
        assertArrayEquals(new double[] {0.306891, 0, 0.590282}, new double[] {t[3], t[7], t[11]}, 5e-7);
    }

    @Test
    void rejectsAJointVectorOrTransformOfTheWrongLength() {
        KinematicModel model = KinematicModel.of(TestRobots.fr3());
        KinematicWorkspace ws = model.newWorkspace();
        int flange = model.linkIndex("link8");
        assertThrows(IllegalArgumentException.class, () -> ws.forwardKinematics(new double[6], flange, new double[16]));
        assertThrows(IllegalArgumentException.class, () -> ws.forwardKinematics(new double[7], flange, new double[12]));
    }
}
