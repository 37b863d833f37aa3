package org.robocell.simulation.internal;

import java.util.List;

import org.ejml.data.DMatrixRMaj;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.ReferenceFrame;
import org.robocell.simulation.ContactPoint;
import org.robocell.simulation.HalfSpace;
import org.robocell.simulation.SimulationSettings;

/**
 * Spring-damper contacts of link points with half-spaces: a point inside a solid is pushed out along the normal
 * with k·depth − c·v_n (never pulled in); the force acts on the point's link as a wrench about the link origin.
 * Tangential friction is not modelled: a point slides freely along a surface.
 */
final class HalfSpaceContacts {

    private final HalfSpace[] solids;
    private final int[] pointLink;
    private final double[] pointOffset;
    private final double stiffness;
    private final double damping;
    private final double[] transform = new double[16];
    private final DMatrixRMaj jacobian;

    HalfSpaceContacts(KinematicModel model, SimulationSettings settings) {
        solids = settings.halfSpaces().toArray(new HalfSpace[0]);
        List<ContactPoint> points = settings.contactPoints();
        pointLink = new int[points.size()];
        pointOffset = new double[3 * points.size()];
        for (int i = 0; i < pointLink.length; i++) {
            ContactPoint p = points.get(i);
            if (!model.linkNames().contains(p.link())) {
                throw new IllegalArgumentException("contact point " + i + " is on link '" + p.link()
                        + "', which the robot does not have; its links: " + model.linkNames());
            }
            pointLink[i] = model.linkIndex(p.link());
            pointOffset[3 * i] = p.x();
            pointOffset[3 * i + 1] = p.y();
            pointOffset[3 * i + 2] = p.z();
        }
        stiffness = settings.contactStiffness();
        damping = settings.contactDamping();
        jacobian = new DMatrixRMaj(6, model.dof());
    }

    /**
     * Adds the contact wrench of every touching point to its link's entry in {@code linkWrench} (6 per link),
     * for the workspace's poses at {@code q} and velocities {@code dq}.
     *
     * @return whether any point touched
     */
    boolean addWrenches(KinematicWorkspace ws, double[] dq, double[] linkWrench) {
        if (solids.length == 0) {
            return false;
        }
        boolean touched = false;
        for (int i = 0; i < pointLink.length; i++) {
            int link = pointLink[i];
            ws.linkTransform(link, transform);
            double[] t = transform;
            double ox = pointOffset[3 * i], oy = pointOffset[3 * i + 1], oz = pointOffset[3 * i + 2];
            double x = t[0] * ox + t[1] * oy + t[2] * oz + t[3];
            double y = t[4] * ox + t[5] * oy + t[6] * oz + t[7];
            double z = t[8] * ox + t[9] * oy + t[10] * oz + t[11];
            boolean velocityKnown = false;
            double vx = 0, vy = 0, vz = 0;
            for (HalfSpace s : solids) {
                double depth = s.depth(x, y, z);
                if (!(depth > 0)) {
                    continue;
                }
                if (!velocityKnown) {
                    ws.jacobian(link, ox, oy, oz, ReferenceFrame.BASE, jacobian);
                    vx = row(0, dq);
                    vy = row(1, dq);
                    vz = row(2, dq);
                    velocityKnown = true;
                }
                double normalVelocity = vx * s.nx() + vy * s.ny() + vz * s.nz();
                double force = Math.max(0, stiffness * depth - damping * normalVelocity);
                double fx = force * s.nx(), fy = force * s.ny(), fz = force * s.nz();
                // torque about the link origin: (p - o) × F
                double rx = x - t[3], ry = y - t[7], rz = z - t[11];
                int w = 6 * link;
                linkWrench[w] += fx;
                linkWrench[w + 1] += fy;
                linkWrench[w + 2] += fz;
                linkWrench[w + 3] += ry * fz - rz * fy;
                linkWrench[w + 4] += rz * fx - rx * fz;
                linkWrench[w + 5] += rx * fy - ry * fx;
                touched = true;
            }
        }
        return touched;
    }

    private double row(int r, double[] dq) {
        double sum = 0;
        int n = dq.length;
        double[] j = jacobian.data;
        for (int c = 0; c < n; c++) {
            sum += j[r * n + c] * dq[c];
        }
        return sum;
    }
}
