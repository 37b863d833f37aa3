package org.robocell.cell.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.robocell.api.cell.ClockKind;
import org.robocell.manager.IdleStrategy;

/** How the default cell is configured, and how a robot configuration is read and checked. */
class DefaultCellTest {

    private final List<Dictionary<String, Object>> updates = new ArrayList<>();
    private final List<String> requested = new ArrayList<>();

    private BundleContext context(Map<String, String> properties) {
        return (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {BundleContext.class},
                (p, m, a) -> m.getName().equals("getProperty") ? properties.get((String) a[0]) : null);
    }

    private ConfigurationAdmin admin(boolean existing) {
        Configuration created = (Configuration) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Configuration.class}, (p, m, a) -> {
                    if (m.getName().equals("update") && a != null && a.length == 1) {
                        @SuppressWarnings("unchecked")
                        Dictionary<String, Object> d = (Dictionary<String, Object>) a[0];
                        updates.add(d);
                    }
                    return null;
                });
        return (ConfigurationAdmin) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ConfigurationAdmin.class}, (p, m, a) -> {
                    switch (m.getName()) {
                        case "listConfigurations":
                            return existing ? new Configuration[] {created} : null;
                        case "getFactoryConfiguration":
                            requested.add(a[0] + "~" + a[1]);
                            return created;
                        case "getConfiguration":
                            requested.add((String) a[0]);
                            return created;
                        default:
                            return null;
                    }
                });
    }

    @Test
    void withThePropertySetAndNoRobotConfiguredEveryCfgFileOfTheFolderBecomesAConfiguration() {
        new DefaultCell(context(Map.of(DefaultCell.PROPERTY, "../../runtime/cell")), admin(false));
        assertEquals(List.of("org.robocell.cell.robot~fr3", "org.robocell.cell.robot~kr6",
                "org.robocell.driver.kuka.rsi.emulator"), requested);
        Dictionary<String, Object> fr3 = updates.get(0);
        assertEquals("fr3", fr3.get("name"));
        assertTrue(((String) fr3.get("urdf")).endsWith("runtime/cell/fr3.urdf"), "relative to the folder: " + fr3.get("urdf"));
        assertEquals("joint_state_broadcaster,joint_trajectory_controller", fr3.get("activate"));
        assertEquals("forward_position_controller", fr3.get("load"));
        Dictionary<String, Object> kr6 = updates.get(1);
        assertEquals("kr6", kr6.get("namespace"));
        assertEquals("hardware", kr6.get("clock"));
        assertTrue(((String) kr6.get("controllers")).endsWith("runtime/cell/kr6_controllers.yaml"));
        assertEquals("59152", updates.get(2).get("driver.port"), "the emulator sends to the KR 6's driver");
    }

    @Test
    void withADefaultUrdfNamedTheSingleDefaultRobotIsCreatedFromTheFolder() {
        new DefaultCell(context(Map.of(DefaultCell.PROPERTY, "../../runtime/cell", DefaultCell.URDF_PROPERTY, "fr3.urdf")),
                admin(false));
        assertEquals(List.of("org.robocell.cell.robot~default"), requested);
        assertEquals(1, updates.size());
        Dictionary<String, Object> d = updates.get(0);
        assertEquals("fr3", d.get("name"));
        assertTrue(((String) d.get("urdf")).endsWith("runtime/cell/fr3.urdf"), (String) d.get("urdf"));
        assertTrue(((String) d.get("controllers")).endsWith("controllers.yaml"));
        assertArrayEquals(new String[] {"joint_state_broadcaster", "joint_trajectory_controller", "forward_position_controller"},
                (String[]) d.get("activate"));
    }

    @Test
    void anExistingRobotConfigurationOrNoPropertyLeavesEverythingAlone() {
        new DefaultCell(context(Map.of(DefaultCell.PROPERTY, "../../runtime/cell")), admin(true));
        new DefaultCell(context(Map.of()), admin(false));
        new DefaultCell(context(Map.of(DefaultCell.PROPERTY, "no/such/folder")), admin(false));
        assertEquals(List.of(), updates);
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
        assertNull(s.controllers());
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
