package org.robocell.driver.franka.internal.hardware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.franka.protocol.ProtocolVersion;

/**
 * The robot vanishing while the runtime stops (the emulator in the same runtime stops before the robot's driver) is
 * part of the shutdown: no SEVERE line. While the cell runs, the same vanishing still is one.
 */
class ShutdownQuietTest {

    private final Logger logger = Logger.getLogger(FrankaHardware.class.getName());
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            records.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void capture() {
        logger.addHandler(capture);
    }

    @AfterEach
    void release() {
        logger.removeHandler(capture);
    }

    @Test
    void aRobotVanishingWhileTheRuntimeStopsIsNoSevereLine() throws Exception {
        assertEquals(0, severeLinesAfterTheRobotVanishes(true));
    }

    @Test
    void aRobotVanishingWhileTheCellRunsIsOneSevereLine() throws Exception {
        assertEquals(1, severeLinesAfterTheRobotVanishes(false));
    }

    private long severeLinesAfterTheRobotVanishes(boolean runtimeStopping) throws Exception {
        DriverHost host = new DriverHost() {
            @Override
            public Runnable announce(FrankaHardware hardware) {
                return () -> {
                };
            }

            @Override
            public boolean stopping() {
                return runtimeStopping;
            }
        };
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of("receive_timeout_ms", "200"), c -> c, host)
                .active().claiming("position")) {
            rig.cycles(10);
            rig.robot.close();
            rig.stopLoop();
            ReturnType r = ReturnType.OK;
            for (int k = 0; k < 100 && r == ReturnType.OK; k++) {
                r = rig.driver.read(0, 1e-3);
            }
            assertEquals(ReturnType.ERROR, r);
            assertEquals(CallbackReturn.SUCCESS, rig.offLoop(() -> rig.driver.onError(LifecycleState.ACTIVE)));
            assertTrue(rig.driver.lastError().startsWith("no robot state for 200 ms"), rig.driver.lastError());
            return records.stream().filter(l -> l.getLevel().intValue() >= Level.SEVERE.intValue()).count();
        }
    }
}
