package org.robocell.driver.kuka.eac.emulator;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.locks.LockSupport;

/**
 * Monitoring (StartMonitoring .. StopMonitoring): the motion state every cycle to the monitoring group
 * (239.255.123.250:44446 on a real controller), independent of control.
 */
final class Monitoring {

    private final EacControllerEmulator controller;
    private final EacEmulatorConfig config;
    private Thread thread;
    private volatile boolean running;
    private volatile long sent;
    private volatile String failure;

    Monitoring(EacControllerEmulator controller, EacEmulatorConfig config) {
        this.controller = controller;
        this.config = config;
    }

    /** Null when it runs, else why not. */
    synchronized String start() {
        if (running) {
            return null;
        }
        DatagramChannel channel;
        try {
            channel = DatagramChannel.open();
            channel.bind(new InetSocketAddress(config.address(), 0));
        } catch (IOException e) {
            return "the monitoring socket failed: " + e.getMessage();
        }
        running = true;
        InetSocketAddress group = new InetSocketAddress(config.monitoringGroup(), config.monitoringPort());
        thread = new Thread(() -> run(channel, group), "eac-emulator-monitoring");
        thread.setDaemon(true);
        thread.start();
        return null;
    }

    private void run(DatagramChannel channel, InetSocketAddress group) {
        long next = System.nanoTime();
        try (channel) {
            while (running) {
                try {
                    channel.send(ByteBuffer.wrap(controller.motionState().toByteArray()), group);
                    sent++;
                } catch (IOException e) {
                    failure = e.getMessage();
                }
                next += config.cycleNanos();
                long wait;
                while (running && (wait = next - System.nanoTime()) > 0) {
                    LockSupport.parkNanos(wait);
                }
            }
        } catch (IOException e) {
            failure = e.getMessage();
        }
    }

    synchronized void stop() {
        running = false;
        if (thread != null) {
            thread.interrupt();
            thread = null;
        }
    }

    boolean running() {
        return running;
    }

    long sent() {
        return sent;
    }

    String failure() {
        return failure;
    }
}
