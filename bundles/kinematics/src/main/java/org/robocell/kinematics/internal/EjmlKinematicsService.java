package org.robocell.kinematics.internal;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.robocell.api.model.RobotModel;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicsService;
import org.robocell.kinematics.KinematicsSolver;

/** Provides {@link KinematicsService}; stateless, every solver owns its own buffers. */
@Component(service = KinematicsService.class)
public final class EjmlKinematicsService implements KinematicsService {

    @Activate
    public EjmlKinematicsService() {
        // nothing to inject: models and solvers are built from what the caller passes
    }

    @Override
    public KinematicModel model(RobotModel robot) {
        return RigidBodyTree.of(robot);
    }

    @Override
    public KinematicsSolver solver(RobotModel robot, String baseLink, double alpha) {
        return new DampedKinematicsSolver(RigidBodyTree.of(robot), baseLink, alpha);
    }

    @Override
    public KinematicsSolver solver(RobotModel robot, String baseLink, String tipLink, double alpha) {
        return new DampedKinematicsSolver(RigidBodyTree.chain(robot, tipLink), baseLink, alpha);
    }
}
