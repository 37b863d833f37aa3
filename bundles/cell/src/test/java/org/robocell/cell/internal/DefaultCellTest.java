package org.robocell.cell.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.cm.ConfigurationEvent;
import org.robocell.api.cell.ClockKind;
import org.robocell.manager.IdleStrategy;

/** How the default cell is configured at each start, and how a robot configuration is read and checked. */
class DefaultCellTest {

    private final ConfigAdminFake cm = new ConfigAdminFake();

    @TempDir
    Path dir;

    private BundleContext context(Map<String, String> properties) {
        return (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {BundleContext.class},
                (p, m, a) -> m.getName().equals("getProperty") ? properties.get((String) a[0]) : null);
    }

    /** A start of the runtime with this cell folder, against the configurations kept from earlier starts. */
    private DefaultCell start(String folder) {
        return new DefaultCell(context(Map.of(DefaultCell.PROPERTY, folder)), cm.admin());
    }

    /** What ConfigAdmin tells its listeners after a robot configuration changed or went. */
    private static ConfigurationEvent robotEvent(int type, String pid) {
        @SuppressWarnings("unchecked")
        ServiceReference<ConfigurationAdmin> admin = (ServiceReference<ConfigurationAdmin>) Proxy.newProxyInstance(
                DefaultCellTest.class.getClassLoader(), new Class<?>[] {ServiceReference.class}, (p, m, a) -> null);
        return new ConfigurationEvent(admin, type, RobotComponent.PID, pid);
    }

    private Path copyOfTheDefaultCell() throws IOException {
        try (Stream<Path> files = Files.list(CellFolder.RUNTIME_CELL)) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        return dir;
    }

    @Test
    void withThePropertySetAndNoRobotConfiguredEveryCfgFileOfTheFolderBecomesAConfiguration() {
        start("../../runtime/cell");
        assertEquals(List.of("org.robocell.cell.robot~fr3", "org.robocell.cell.robot~kr6",
                "org.robocell.driver.franka.emulator", "org.robocell.driver.kuka.rsi.emulator"), cm.requested);
        Map<String, Object> fr3 = cm.properties("org.robocell.cell.robot~fr3");
        assertEquals("fr3", fr3.get("name"));
        assertTrue(((String) fr3.get("urdf")).endsWith("runtime/cell/fr3.urdf"), "relative to the folder: " + fr3.get("urdf"));
        assertEquals("joint_state_broadcaster,joint_trajectory_controller", fr3.get("activate"));
        assertEquals("forward_position_controller,admittance_controller,chained_trajectory_controller,"
                + "ft_sensor_command_controller,motion_primitive,gravity_compensation_example_controller,"
                + "joint_impedance_example_controller,cartesian_impedance_example_controller", fr3.get("load"));
        assertTrue(((String) fr3.get(DefaultCell.SOURCE)).endsWith("runtime/cell/org.robocell.cell.robot-fr3.cfg"));
        Map<String, Object> kr6 = cm.properties("org.robocell.cell.robot~kr6");
        assertEquals("kr6", kr6.get("namespace"));
        assertEquals("hardware", kr6.get("clock"));
        assertTrue(((String) kr6.get("controllers")).endsWith("runtime/cell/kr6_controllers.yaml"));
        assertEquals("59152", cm.properties("org.robocell.driver.kuka.rsi.emulator").get("driver.port"),
                "the emulator sends to the KR 6's driver");
    }

    @Test
    void withADefaultUrdfNamedTheSingleDefaultRobotIsCreatedFromTheFolder() {
        new DefaultCell(context(Map.of(DefaultCell.PROPERTY, "../../runtime/cell", DefaultCell.URDF_PROPERTY, "fr3.urdf")),
                cm.admin());
        assertEquals(List.of("org.robocell.cell.robot~default"), cm.requested);
        assertEquals(List.of("org.robocell.cell.robot~default"), cm.updated);
        Map<String, Object> d = cm.properties("org.robocell.cell.robot~default");
        assertEquals("fr3", d.get("name"));
        assertTrue(((String) d.get("urdf")).endsWith("runtime/cell/fr3.urdf"), (String) d.get("urdf"));
        assertTrue(((String) d.get("controllers")).endsWith("controllers.yaml"));
        assertArrayEquals(new String[] {"joint_state_broadcaster", "joint_trajectory_controller", "forward_position_controller",
                "admittance_controller", "chained_trajectory_controller", "ft_sensor_command_controller",
                "motion_primitive", "gravity_compensation_example_controller", "joint_impedance_example_controller",
                "cartesian_impedance_example_controller"},
                (String[]) d.get("activate"));
    }

    @Test
    void aRobotOfTheUsersOrNoPropertyLeavesEverythingAlone() {
        cm.userConfiguration("org.robocell.cell.robot~mine", "org.robocell.cell.robot", Map.of("name", "mine", "urdf", "mine.urdf"));
        start("../../runtime/cell");
        new DefaultCell(context(Map.of()), cm.admin());
        start("no/such/folder");
        assertEquals(List.of(), cm.updated);
        assertEquals(List.of(), cm.deleted);
        assertEquals(List.of("org.robocell.cell.robot~mine"), List.copyOf(cm.stored.keySet()));
    }

    @Test
    void theFolderIsAppliedAgainAtEveryStartAnEditedFileUpdatesItsConfigurationAndADeletedOneDeletesIt() throws Exception {
        Path cell = copyOfTheDefaultCell();
        start(cell.toString());
        assertEquals(4, cm.updated.size());

        start(cell.toString());
        assertEquals(4, cm.updated.size(), "unchanged files change nothing: " + cm.updated);

        Path fr3 = cell.resolve("org.robocell.cell.robot-fr3.cfg");
        Files.writeString(fr3, Files.readString(fr3).replaceAll("(?m)^load=.*$", "load="));
        start(cell.toString());
        assertEquals(List.of("org.robocell.cell.robot~fr3"), cm.updated.subList(4, cm.updated.size()));
        assertEquals("", cm.properties("org.robocell.cell.robot~fr3").get("load"));

        Files.delete(cell.resolve("org.robocell.driver.kuka.rsi.emulator.cfg"));
        start(cell.toString());
        assertEquals(List.of("org.robocell.driver.kuka.rsi.emulator"), cm.deleted);
        assertEquals(5, cm.updated.size());
    }

    @Test
    void aConfigurationTheUserMadeForAPidOfTheCellIsLeftAsTheUserMadeIt() throws Exception {
        cm.userConfiguration("org.robocell.driver.kuka.rsi.emulator", null, Map.of("driver.port", "60000"));
        start(copyOfTheDefaultCell().toString());
        assertEquals("60000", cm.properties("org.robocell.driver.kuka.rsi.emulator").get("driver.port"));
        assertEquals(List.of("org.robocell.cell.robot~fr3", "org.robocell.cell.robot~kr6",
                "org.robocell.driver.franka.emulator"), cm.updated);
    }

    @Test
    void aRobotOfTheUsersReplacesTheDefaultCellAtTheNextStart() throws Exception {
        Path cell = copyOfTheDefaultCell();
        start(cell.toString());
        cm.userConfiguration("org.robocell.cell.robot~mine", "org.robocell.cell.robot", Map.of("name", "mine", "urdf", "mine.urdf"));
        start(cell.toString());
        assertEquals(List.of("org.robocell.cell.robot~fr3", "org.robocell.cell.robot~kr6", "org.robocell.driver.franka.emulator", "org.robocell.driver.kuka.rsi.emulator"),
                cm.deleted);
        assertEquals(List.of("org.robocell.cell.robot~mine"), List.copyOf(cm.stored.keySet()));
    }

    @Test
    void aUsersFileUnderADefaultRobotsNameOverridesThatRobotAloneAndDeletingItBringsTheDefaultRobotBack() throws Exception {
        Path cell = copyOfTheDefaultCell();
        DefaultCell defaultCell = start(cell.toString());
        Map<String, Object> fr3 = cm.properties("org.robocell.cell.robot~fr3");

        cm.userConfiguration("org.robocell.cell.robot~fr3", "org.robocell.cell.robot",
                Map.of("name", "fr3", "urdf", fr3.get("urdf"), "rate", "abc"));
        defaultCell.configurationEvent(robotEvent(ConfigurationEvent.CM_UPDATED, "org.robocell.cell.robot~fr3"));
        assertEquals(List.of(), cm.deleted, "the KR 6 and its emulator stay");
        assertEquals("abc", cm.properties("org.robocell.cell.robot~fr3").get("rate"), "the user's own, left alone");
        assertEquals(4, cm.updated.size());

        cm.stored.remove("org.robocell.cell.robot~fr3"); // FileInstall deletes it with its file
        defaultCell.configurationEvent(robotEvent(ConfigurationEvent.CM_DELETED, "org.robocell.cell.robot~fr3"));
        assertEquals(fr3, cm.properties("org.robocell.cell.robot~fr3"), "the default robot back as its file says");
        assertEquals(java.util.Set.of("org.robocell.cell.robot~fr3", "org.robocell.cell.robot~kr6",
                "org.robocell.driver.franka.emulator", "org.robocell.driver.kuka.rsi.emulator"), cm.stored.keySet());
    }

    @Test
    void aRobotOfTheUsersUnderAnotherNameReplacesTheDefaultCellAtOnceAndDeletingItBringsTheCellBack() throws Exception {
        Path cell = copyOfTheDefaultCell();
        DefaultCell defaultCell = start(cell.toString());
        Map<String, Map<String, Object>> before = new HashMap<>();
        for (String pid : cm.stored.keySet()) {
            before.put(pid, cm.properties(pid));
        }

        cm.userConfiguration("org.robocell.cell.robot~mine", "org.robocell.cell.robot", Map.of("name", "mine", "urdf", "mine.urdf"));
        defaultCell.configurationEvent(robotEvent(ConfigurationEvent.CM_UPDATED, "org.robocell.cell.robot~mine"));
        assertEquals(List.of("org.robocell.cell.robot~mine"), List.copyOf(cm.stored.keySet()));

        cm.stored.remove("org.robocell.cell.robot~mine");
        defaultCell.configurationEvent(robotEvent(ConfigurationEvent.CM_DELETED, "org.robocell.cell.robot~mine"));
        for (Map.Entry<String, Map<String, Object>> e : before.entrySet()) {
            assertEquals(e.getValue(), cm.properties(e.getKey()), e.getKey() + " back as its file says");
        }
        assertEquals(before.keySet(), cm.stored.keySet());
    }

    /** A start with this cell folder and FileInstall watching {@code deploy}. */
    private DefaultCell start(String folder, Path deploy) {
        return new DefaultCell(context(Map.of(DefaultCell.PROPERTY, folder, DefaultCell.DEPLOY_PROPERTY,
                deploy.toString())), cm.admin());
    }

    @Test
    void aRobotFileInDeployNotYetAppliedKeepsItsDefaultRobotFromStartingTheRestOfTheCellStarts() throws Exception {
        Path cell = copyOfTheDefaultCell();
        Path deploy = Files.createDirectories(dir.resolve("deploy"));
        Files.writeString(deploy.resolve("org.robocell.cell.robot-fr3.cfg"), "name=fr3\nurdf=mine.urdf\n");
        start(cell.toString(), deploy);
        assertEquals(List.of("org.robocell.cell.robot~kr6", "org.robocell.driver.franka.emulator",
                "org.robocell.driver.kuka.rsi.emulator"), cm.requested, "the FR3 is left to deploy/'s file");
    }

    @Test
    void aRobotFileInDeployUnderAnotherNameReplacesTheDefaultCellBeforeAnyOfItStarts() throws Exception {
        Path cell = copyOfTheDefaultCell();
        start(cell.toString()); // an earlier start of the default cell
        assertEquals(4, cm.stored.size());

        Path deploy = Files.createDirectories(dir.resolve("deploy"));
        Files.writeString(deploy.resolve(".org.robocell.cell.robot-upload.cfg"), "name=upload\n"); // still copying
        start(cell.toString(), deploy);
        assertEquals(4, cm.stored.size(), "a hidden file is no robot of the user's yet");

        Files.writeString(deploy.resolve("org.robocell.cell.robot-mine.cfg"), "name=mine\nurdf=mine.urdf\n");
        start(cell.toString(), deploy);
        assertEquals(java.util.Set.of(), cm.stored.keySet(), "the default cell is gone before FileInstall's scan");
    }

    @Test
    void theDefaultCellsOwnChangesComingBackAsEventsChangeNothingMore() throws Exception {
        DefaultCell defaultCell = start(copyOfTheDefaultCell().toString());
        for (String pid : List.copyOf(cm.stored.keySet())) {
            defaultCell.configurationEvent(robotEvent(ConfigurationEvent.CM_UPDATED, pid));
        }
        defaultCell.configurationEvent(robotEvent(ConfigurationEvent.CM_DELETED, "org.robocell.cell.robot~gone"));
        assertEquals(4, cm.updated.size(), "no update after the first: " + cm.updated);
        assertEquals(List.of(), cm.deleted);
    }

    private static RobotConfig config(Map<String, Object> values) {
        return (RobotConfig) Proxy.newProxyInstance(RobotConfig.class.getClassLoader(), new Class<?>[] {RobotConfig.class},
                (p, m, a) -> {
                    if (m.getName().equals("annotationType")) {
                        return RobotConfig.class;
                    }
                    Object v = values.get(m.getName());
                    return v != null ? v : m.getDefaultValue();
                });
    }

    @Test
    void aRobotConfigurationIsReadWithItsDefaultsAndCommaSeparatedLists() {
        Map<String, Object> v = new HashMap<>();
        v.put("name", "kr6");
        v.put("urdf", "cell/kr6.urdf");
        v.put("activate", new String[] {"jsb, jtc", "fwd"});
        v.put("controllers_before_hardware", true);
        RobotSettings s = RobotSettings.of(config(v), Path.of("/opt/rc"));
        assertEquals("kr6", s.name());
        assertEquals(Path.of("/opt/rc/cell/kr6.urdf"), s.urdf());
        assertTrue(s.controllers().isEmpty());
        assertEquals(ClockKind.INTERNAL, s.clock());
        assertEquals(IdleStrategy.SLEEP_THEN_SPIN, s.idle());
        assertEquals(List.of("jsb", "jtc", "fwd"), s.activate());
        assertEquals(4096, s.slotCapacity());
        assertTrue(s.allowActivationOnInactiveHardware(), "implied by controllers.before.hardware");
    }

    @Test
    void aWrongClockOrAMissingUrdfIsAOneLineError() {
        IllegalArgumentException clock = assertThrows(IllegalArgumentException.class,
                () -> RobotSettings.of(config(Map.of("urdf", "a.urdf", "clock", "atomic")), Path.of(".")));
        assertEquals("robot 'robot': clock must be internal, hardware or stepped, got 'atomic'", clock.getMessage());
        IllegalArgumentException urdf = assertThrows(IllegalArgumentException.class,
                () -> RobotSettings.of(config(Map.of("name", "x")), Path.of(".")));
        assertEquals("robot 'x' needs a URDF (property 'urdf')", urdf.getMessage());
    }

    @Test
    void aFactoryPropertyMayNameOneOrSeveralPluginsOrTypes() {
        assertEquals(List.of("a"), List.copyOf(RobotComponent.typesOf("a")));
        assertEquals(List.of("kuka_rsi_driver/KukaRSIHardware", "kuka_rsi_driver/KukaRSIHardwareInterface"),
                List.copyOf(RobotComponent.typesOf(new String[] {"kuka_rsi_driver/KukaRSIHardware",
                        "kuka_rsi_driver/KukaRSIHardwareInterface"})));
        assertEquals(List.of("x", "y"), List.copyOf(RobotComponent.typesOf(List.of("x", "y"))));
    }
}
