package org.robocell.driver.franka.emulator;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import org.robocell.api.model.Inertial;
import org.robocell.api.model.Pose;
import org.robocell.description.RobotDescription;
import org.robocell.kinematics.KinematicModel;

/**
 * The FR3 as the emulator knows it: the robot's own URDF (the one a system 5.9 robot returns for
 * {@code GetRobotModel}, equal to libfranka's {@code test/fr3.urdf}), bundled as a resource, and its rigid-body
 * model carrying the Franka Hand at the flange.
 */
public final class Fr3Model {

    /** The flange link of the URDF. */
    public static final String FLANGE = "link8";
    private static final String RESOURCE = "fr3.urdf";

    private static volatile byte[] urdf;

    private Fr3Model() {
    }

    /** The robot's URDF text, as {@code GetRobotModel} sends it. */
    public static byte[] urdf() {
        byte[] u = urdf;
        if (u == null) {
            try (InputStream in = Fr3Model.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("the bundle lacks its resource " + RESOURCE);
                }
                u = in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            urdf = u;
        }
        return u.clone();
    }

    /** The arm with the Franka Hand at its flange. */
    public static KinematicModel withHand() {
        RobotDescription d = RobotDescription.parse(new String(urdf(), StandardCharsets.UTF_8), RESOURCE);
        double[] c = Fr3Defaults.HAND_COM;
        double[] i = Fr3Defaults.HAND_INERTIA;
        return KinematicModel.of(d.robot()).withPayload(FLANGE, new Inertial(Fr3Defaults.HAND_MASS,
                new Pose(c[0], c[1], c[2], 0, 0, 0), i[0], i[1], i[2], i[4], i[5], i[8]));
    }
}
