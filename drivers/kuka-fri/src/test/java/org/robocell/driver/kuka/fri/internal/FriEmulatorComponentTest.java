package org.robocell.driver.kuka.fri.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.driver.kuka.fri.emulator.FriEmulatorConfig;
import org.robocell.driver.kuka.fri.protocol.FriCommandMode;
import org.robocell.driver.kuka.fri.protocol.FriMonitorReader;
import org.robocell.driver.kuka.fri.protocol.FriSessionState;
import org.robocell.driver.kuka.fri.protocol.FriVersion;

/** The emulator's configuration: what it starts, and one line naming the setting it cannot use. */
class FriEmulatorComponentTest {

    @Test
    void aConfiguredEmulatorSendsMonitoringMessagesToTheClientPort() throws Exception {
        try (DatagramChannel client = DatagramChannel.open()
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            int port = ((InetSocketAddress) client.getLocalAddress()).getPort();
            FriEmulatorComponent component = new FriEmulatorComponent(config(Map.of("client_port", port,
                    "fri_version", "2", "command_mode", "torque", "start_joints", "0.1,0,0,-1,0,1,0")));
            try {
                ByteBuffer b = ByteBuffer.allocate(2000);
                client.receive(b);
                FriMonitorReader r = new FriMonitorReader(FriVersion.V2);
                assertNull(r.read(b.array(), b.position()));
                assertEquals(FriSessionState.MONITORING_WAIT, r.sessionState());
                assertEquals(FriCommandMode.TORQUE, r.clientCommandMode());
                assertEquals(0.1, r.measuredPosition(0));
            } finally {
                component.stop();
            }
        }
    }

    @Test
    void aSettingItCannotUseIsOneLineNamingIt() {
        assertEquals("command.mode 'velocity' is not position, torque, wrench, cartesian_pose or none",
                assertThrows(IllegalArgumentException.class,
                        () -> FriEmulatorComponent.settings(config(Map.of("command_mode", "velocity")))).getMessage());
        assertEquals("start.joints '0,0,x' is not seven comma-separated numbers",
                assertThrows(IllegalArgumentException.class,
                        () -> FriEmulatorComponent.settings(config(Map.of("start_joints", "0,0,x")))).getMessage());
        assertEquals("start_joints has 6 values, the LBR iiwa 14 has 7 joints",
                assertThrows(IllegalArgumentException.class, () -> FriEmulatorComponent
                        .settings(config(Map.of("start_joints", "0,0,0,0,0,0")))).getMessage());
        assertEquals("send_period_ms 0 is not between 1 and 100", assertThrows(IllegalArgumentException.class,
                () -> FriEmulatorComponent.settings(config(Map.of("send_period_ms", 0)))).getMessage());
        FriEmulatorConfig defaults = FriEmulatorComponent.settings(config(Map.of()));
        assertEquals(30200, defaults.client().getPort());
        assertEquals(5, defaults.sendPeriodMs());
    }

    private static FriEmulatorComponent.Config config(Map<String, Object> values) {
        return (FriEmulatorComponent.Config) Proxy.newProxyInstance(FriEmulatorComponent.Config.class.getClassLoader(),
                new Class<?>[] { FriEmulatorComponent.Config.class },
                (proxy, method, args) -> values.containsKey(method.getName()) ? values.get(method.getName())
                        : method.getDefaultValue());
    }
}
