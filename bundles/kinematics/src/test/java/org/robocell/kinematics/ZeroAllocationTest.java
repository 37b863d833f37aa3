package org.robocell.kinematics;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.robocell.kinematics.internal.EjmlKinematicsService;

/**
 * A warmed workspace allocates nothing: the bytes this thread allocates over 100 000 evaluations are the same as
 * over 1 000 (both measurements carry the same constant cost of the measurement itself).
 */
class ZeroAllocationTest {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    /** Slack for the measurement, not for the code under test: far less than one allocation per 1 000 calls. */
    private static final long SLACK_BYTES = 256;

    private static KinematicModel fr3;
    private static KinematicWorkspace ws;
    private static int flange;
    private static final double[] Q = TestRobots.FR3_READY.clone();
    private static final double[] DQ = {0.1, -0.2, 0.3, -0.1, 0.2, -0.3, 0.4};
    private static final double[] DDQ = {1, -1, 0.5, -0.5, 2, -2, 1};
    private static final double[] TAU = new double[7];
    private static final double[] ARMATURE = {0.1, 0.1, 0.1, 0.1, 0.01, 0.01, 0.01};
    private static final double[] OUT = new double[7];
    private static final double[] TRANSFORM = new double[16];
    private static final DMatrixRMaj JACOBIAN = new DMatrixRMaj(6, 7);
    private static final DMatrixRMaj MASS = new DMatrixRMaj(7, 7);

    @BeforeAll
    static void setUp() {
        fr3 = KinematicModel.of(TestRobots.fr3()).withPayload("link8", TestRobots.body("gripper", 0.7).inertial());
        ws = fr3.newWorkspace();
        flange = fr3.linkIndex("link8");
        ws.setExternalWrench(flange, 1, 2, 3, 0.1, 0.2, 0.3);
    }

    interface Evaluation {
        void run(int i);
    }

    private static long allocatedBy(Evaluation evaluation, int calls) {
        long before = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
        for (int i = 0; i < calls; i++) {
            evaluation.run(i);
        }
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
    }

    private static void assertAllocationFree(String name, Evaluation evaluation) {
        assertAllocationFree(name, evaluation, 1_000, 100_000);
    }

    /**
     * While the JIT is still at work, the thread allocates a few hundred bytes now and then that are not the
     * code's (constant-pool strings resolved on a deoptimised path): the measurement is taken up to twenty times
     * after the warm-up, and the fewest bytes count. Code that allocates fails every one.
     */
    private static void assertAllocationFree(String name, Evaluation evaluation, int few, int many) {
        allocatedBy(evaluation, 2 * many);
        long extra = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 20 && extra > SLACK_BYTES; attempt++) {
            long fewBytes = allocatedBy(evaluation, few);
            long manyBytes = allocatedBy(evaluation, many);
            extra = Math.min(extra, manyBytes - fewBytes);
        }
        assertTrue(extra <= SLACK_BYTES, name + " allocated " + extra + " more bytes over " + (many - few) + " more calls");
    }

    @Test
    void theMeasurementSeesAnAllocation() {
        Object[] sink = new Object[1];
        assertThrows(AssertionError.class, () -> assertAllocationFree("new double[2]", i -> sink[0] = new double[2]));
    }

    @Test
    void forwardKinematicsAndJacobian() {
        assertAllocationFree("FK + Jacobian", i -> {
            Q[0] = 1e-6 * i;
            ws.forwardKinematics(Q);
            ws.linkTransform(flange, TRANSFORM);
            ws.jacobian(flange, ReferenceFrame.BASE, JACOBIAN);
            ws.jacobian(flange, 0, 0, 0.1, ReferenceFrame.LINK, JACOBIAN);
            ws.jacobianTimeDerivative(flange, DQ, ReferenceFrame.LINK, JACOBIAN);
        });
    }

    @Test
    void forwardKinematicsOfOneLink() {
        assertAllocationFree("FK of the flange alone", i -> {
            Q[0] = 1e-6 * i;
            ws.forwardKinematics(Q, flange, TRANSFORM);
        });
    }

    @Test
    void inverseDynamicsCoriolisAndGravity() {
        assertAllocationFree("RNEA", i -> {
            Q[0] = 1e-6 * i;
            ws.inverseDynamics(Q, DQ, DDQ, TAU);
            ws.coriolis(Q, DQ, TAU);
            ws.gravity(Q, TAU);
        });
    }

    @Test
    void massMatrix() {
        assertAllocationFree("mass matrix", i -> {
            Q[0] = 1e-6 * i;
            ws.massMatrix(Q, MASS);
        });
    }

    @Test
    void forwardDynamics() {
        assertAllocationFree("forward dynamics", i -> {
            Q[0] = 1e-6 * i;
            ws.forwardDynamics(Q, DQ, TAU, OUT);
        });
    }

    @Test
    void articulatedBodyDynamics() {
        assertAllocationFree("articulated-body algorithm", i -> {
            Q[0] = 1e-6 * i;
            ws.articulatedBodyDynamics(Q, DQ, TAU, OUT);
            ws.articulatedBodyDynamics(Q, DQ, TAU, ARMATURE, OUT);
        });
    }

    @Test
    void inverseKinematicsAndTheSolverService() {
        ws.forwardKinematics(TestRobots.FR3_READY);
        double[] target = new double[16];
        ws.linkTransform(flange, target);
        double[] seed = TestRobots.FR3_READY.clone();
        seed[1] += 0.2;
        KinematicsSolver solver = new EjmlKinematicsService().solver(TestRobots.fr3(), "base", 1e-4);
        double[] deltaX = {0.01, 0, 0, 0, 0, 0};
        assertAllocationFree("IK and solver", i -> {
            ws.inverseKinematics(flange, target, seed, IkOptions.DEFAULT, OUT);
            solver.calculateJacobianInverse(Q, "link8", MASS);
            solver.convertCartesianDeltasToJointDeltas(Q, deltaX, "link8", TAU);
        }, 100, 10_000);
    }
}
