package org.robocell.driver.franka.gripper.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.annotation.Annotation;

import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.gripper.emulator.HandEmulatorConfig;

/** The emulator's configuration: each bad setting is one line naming it, and no emulator runs on it. */
class FrankaHandEmulatorComponentTest {

    @Test
    void theDefaultsAreTheFr3HandOnPort1338WithNoObject() {
        HandEmulatorConfig c = FrankaHandEmulatorComponent.settings(config("127.0.0.1", 1338, 0.08, "", 10));
        assertEquals(1338, c.commandPort());
        assertEquals(0.08, c.maxWidth());
        assertEquals(Double.NaN, c.objectWidth());
    }

    @Test
    void badSettingsAreNamed() {
        assertEquals("object.width=\"thin\" is not a width in m (empty: no object)", bad(config("127.0.0.1", 0, 0.08,
                "thin", 10)));
        assertEquals("object.width=0.1 m must lie in [0, max.width=0.08] (or be absent: no object)",
                bad(config("127.0.0.1", 0, 0.08, "0.1", 10)));
        assertEquals("command.port=70000 is not a port (0..65535)", bad(config("127.0.0.1", 70000, 0.08, "", 10)));
        assertEquals("max.width=-1.0 m must be above 0 and at most 1", bad(config("127.0.0.1", 0, -1, "", 10)));
        assertEquals("state.period.ms=0 must be 1..1000", bad(config("127.0.0.1", 0, 0.08, "", 0)));
        assertEquals("bind.address=\"no.such.host.invalid\" is not an address or a known host name",
                bad(config("no.such.host.invalid", 0, 0.08, "", 10)));
    }

    @Test
    void aComponentWithABadSettingRunsNoEmulatorAndAGoodOneDoes() {
        FrankaHandEmulatorComponent broken = new FrankaHandEmulatorComponent(config("127.0.0.1", 0, 0.08, "x", 10));
        assertNull(broken.emulator());
        broken.stop();
        FrankaHandEmulatorComponent running = new FrankaHandEmulatorComponent(config("127.0.0.1", 0, 0.08, "0.03",
                10));
        try {
            assertNotNull(running.emulator());
        } finally {
            running.stop();
        }
    }

    private static String bad(FrankaHandEmulatorComponent.Config c) {
        return assertThrows(IllegalArgumentException.class, () -> FrankaHandEmulatorComponent.settings(c))
                .getMessage();
    }

    private static FrankaHandEmulatorComponent.Config config(String address, int port, double maxWidth,
            String object, int period) {
        return new FrankaHandEmulatorComponent.Config() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return FrankaHandEmulatorComponent.Config.class;
            }

            @Override
            public String bind_address() {
                return address;
            }

            @Override
            public int command_port() {
                return port;
            }

            @Override
            public double max_width() {
                return maxWidth;
            }

            @Override
            public double max_speed() {
                return 0.1;
            }

            @Override
            public double max_force() {
                return 70;
            }

            @Override
            public int temperature() {
                return 30;
            }

            @Override
            public String object_width() {
                return object;
            }

            @Override
            public int state_period_ms() {
                return period;
            }
        };
    }
}
