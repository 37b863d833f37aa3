package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/** The runtime's platform in a real framework: bundles up, RoboCell's commands reachable, deploy/ watched. */
class RuntimeTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @Test
    void everyRoboCellBundleIsActive() {
        List<Bundle> robocell = Arrays.stream(context.getBundles())
                .filter(b -> b.getSymbolicName().startsWith("org.robocell."))
                .collect(Collectors.toList());
        assertTrue(robocell.size() >= 3, "expected the RoboCell bundles, found " + robocell);
        for (Bundle b : robocell) {
            assertEquals(Bundle.ACTIVE, b.getState(), b.getSymbolicName() + " is not active");
        }
    }

    @Test
    void helpListsRoboCellsCommands() throws Exception {
        String help = new Shell(processor).run("help");
        assertTrue(help.matches("(?s).*\ncontroller:\n(  .*\n)*  types +list the controller types that installed bundles"
                + " provide, with the providing bundle\n.*"), help);
        assertTrue(help.matches("(?s).*\nhardware:\n(  .*\n)*  plugins +list the hardware plugins .*"), help);
        assertTrue(help.matches("(?s).*\ngogo:\n(  .*\n)*  exit +leave the shell.*"), help);
        assertFalse(help.contains("robocell:") || help.contains("controllernames"), "no completion helpers: " + help);
        assertFalse(help.contains("lb ") || help.contains("bundlelevel"), "no Felix or Gogo internals: " + help);
        String one = new Shell(processor).run("help controller:switch");
        assertTrue(one.startsWith("controller:switch - activate and deactivate controllers together, at one cycle boundary\n"
                + "usage: controller:switch [-r ROBOT] [-a ACTIVATE] [-d DEACTIVATE] [-s STRICTNESS] [-t TIMEOUT]\n"), one);
        assertTrue(one.contains("\n  -s, --strictness STRICTNESS  strict (default) or best-effort\n"), one);
        assertTrue(one.contains("\nexample:\n  controller:switch -r fr3 -a forward_position_controller -d joint_trajectory_controller"), one);
        assertFalse(one.contains("_switch") || one.contains("null"), one);
    }

    @Test
    void theStandardControllerTypesAndTheMockHardwareAreAvailable() throws Exception {
        String types = new Shell(processor).run("controller:types");
        for (String type : List.of("joint_trajectory_controller/JointTrajectoryController",
                "joint_state_broadcaster/JointStateBroadcaster", "forward_command_controller/ForwardCommandController",
                "position_controllers/JointGroupPositionController", "pid_controller/PidController",
                "force_torque_sensor_broadcaster/ForceTorqueSensorBroadcaster")) {
            assertTrue(types.contains(type), type + " missing from\n" + types);
        }
        String plugins = new Shell(processor).run("hardware:plugins");
        assertTrue(plugins.contains("mock_components/GenericSystem"), plugins);
        assertTrue(plugins.contains("kuka_rsi_driver/KukaRSIHardware"), plugins);
    }

    @InjectService(timeout = 10_000)
    org.robocell.kinematics.KinematicsService kinematics;

    @Test
    void theKinematicsServiceComputesTheFr3ReadyPose() {
        org.robocell.api.model.RobotModel fr3 = org.robocell.description.RobotDescription
                .parse(Path.of("../runtime/cell/fr3.urdf")).robot();
        org.robocell.kinematics.KinematicModel model = kinematics.model(fr3);
        org.robocell.kinematics.KinematicWorkspace ws = model.newWorkspace();
        double[] ready = { 0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4 };
        ws.forwardKinematics(ready);
        double[] flange = new double[3];
        ws.linkPosition(model.linkIndex("link8"), flange);
        assertEquals(0.306891, flange[0], 5e-7);
        assertEquals(0.0, flange[1], 5e-7);
        assertEquals(0.590282, flange[2], 5e-7);
    }

    @Test
    void anUnknownCommandFailsWithItsName() {
        Exception e = assertThrows(Exception.class, () -> new Shell(processor).run("controller:nonsense"));
        assertTrue(String.valueOf(e.getMessage()).contains("controller:nonsense"), e.getMessage());
    }

    @Test
    void aBundleDroppedIntoDeployIsStartedAndRemovingItUninstallsIt() throws Exception {
        Path deploy = Path.of(context.getProperty("felix.fileinstall.dir"));
        Files.createDirectories(deploy);
        Path jar = deploy.resolve("org.robocell.itests.dropped.jar");
        writeBundle(jar, "org.robocell.itests.dropped");

        long start = System.nanoTime();
        Bundle dropped = awaitBundle("org.robocell.itests.dropped", true);
        assertNotNull(dropped, "the dropped bundle was not installed");
        awaitState(dropped, Bundle.ACTIVE);
        System.out.printf("deploy/: installed and started after %d ms%n", (System.nanoTime() - start) / 1_000_000);

        Files.delete(jar);
        assertFalse(awaitBundle("org.robocell.itests.dropped", false) != null, "the bundle stayed installed after its jar was removed");
    }

    private Bundle awaitBundle(String symbolicName, boolean present) throws InterruptedException {
        for (int i = 0; i < 200; i++) {
            Bundle found = Arrays.stream(context.getBundles())
                    .filter(b -> symbolicName.equals(b.getSymbolicName())).findFirst().orElse(null);
            if ((found != null) == present) {
                return found;
            }
            Thread.sleep(50);
        }
        return present ? null : Arrays.stream(context.getBundles())
                .filter(b -> symbolicName.equals(b.getSymbolicName())).findFirst().orElse(null);
    }

    private static void awaitState(Bundle bundle, int state) throws InterruptedException {
        for (int i = 0; i < 200 && bundle.getState() != state; i++) {
            Thread.sleep(50);
        }
        assertEquals(state, bundle.getState(), bundle.getSymbolicName() + " state");
    }

    static void writeBundle(Path jar, String symbolicName) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", symbolicName);
        main.putValue("Bundle-Version", "1.0.0");
        Path tmp = Files.createTempFile("bundle", ".jar");
        try (OutputStream os = Files.newOutputStream(tmp); JarOutputStream out = new JarOutputStream(os, manifest)) {
            out.flush();
        }
        Files.move(tmp, jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
}
