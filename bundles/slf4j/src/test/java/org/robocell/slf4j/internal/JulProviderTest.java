package org.robocell.slf4j.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class JulProviderTest {

    @Test
    void slf4jFindsThisProviderThroughTheServiceFileAndLogsToJavaUtilLogging() {
        List<LogRecord> records = new ArrayList<>();
        Logger jul = Logger.getLogger("org.robocell.slf4j.test");
        Handler h = new Handler() {
            @Override
            public void publish(LogRecord r) {
                records.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        jul.addHandler(h);
        try {
            LoggerFactory.getLogger("org.robocell.slf4j.test").warn("through {}", "slf4j");
        } finally {
            jul.removeHandler(h);
        }
        assertEquals(1, records.size());
        assertEquals("through slf4j", records.get(0).getMessage());
        assertEquals(Level.WARNING, Logger.getLogger("org.eclipse.jetty").getLevel(), "Jetty's defaults were set");
    }

    @Test
    void onlyTheHttpOffRecordIsDropped() {
        var f = JulProvider.httpOffDropped();
        assertFalse(f.isLoggable(new LogRecord(Level.WARNING, "Jetty not started (HTTP and HTTPS disabled)")));
        assertTrue(f.isLoggable(new LogRecord(Level.WARNING, "Failed to start Connector")));
    }
}
