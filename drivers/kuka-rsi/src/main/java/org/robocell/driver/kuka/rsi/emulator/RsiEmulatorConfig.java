package org.robocell.driver.kuka.rsi.emulator;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.Objects;

import org.robocell.driver.kuka.rsi.protocol.CorrectionMode;
import org.robocell.driver.kuka.rsi.protocol.RsiChannelMap;

/**
 * How the emulated controller runs RSI.
 *
 * @param driver              where the {@code <Rob>} datagrams go: the PC's configured IP_NUMBER and PORT
 * @param bindAddress         the controller's own address (its source port is always ephemeral, as on a KR C4)
 * @param foreignBindAddress  the address of the stranger that {@link RsiFaults#sendForeign} sends from
 * @param cycleNanos          the interpolation cycle: 4 ms for {@code #IPO_FAST}, 12 ms for {@code #IPO}
 * @param ipocStart           the first IPOC sent
 * @param ipocStep            how much the IPOC grows per cycle: the nominal cycle in ms (4 on a real KR C4, whatever
 *                            {@code cycleNanos} is, so a test may run a "4 ms" controller faster than real time)
 * @param timeoutCount        the ETHERNET object's {@code Timeout}: RSI stops when this many replies were late
 * @param graceUntilFirstReply when true, late replies are not counted before the first reply on time, so the
 *                            emulator can wait for a driver that is not active yet (a real controller counts from
 *                            {@code RSI_ON}; leave false to behave like one)
 * @param correctionMode      how the axis command of a reply is applied
 * @param startAxesDegrees    the axis positions at RSI start
 * @param limits              what the axes may do
 * @param channels            the channel names of the ETHERNET configuration (inputs are sent, outputs read)
 * @param replyPollNanos      how often the controller looks for a reply while waiting within a cycle; 0 spins
 * @param holdOn              the {@code HOLDON} of the received channels: true ({@code HOLDON="1"}, both public
 *                            configurations) keeps a command or output that a reply on time lacks at its last value;
 *                            false sets it to 0. A missing stop flag is 0 either way (its {@code HOLDON} is 0 in
 *                            kuka_drivers' configuration)
 */
public record RsiEmulatorConfig(InetSocketAddress driver, InetAddress bindAddress, InetAddress foreignBindAddress,
        long cycleNanos, long ipocStart, long ipocStep, int timeoutCount, boolean graceUntilFirstReply,
        CorrectionMode correctionMode, double[] startAxesDegrees, AxisLimits limits, RsiChannelMap channels,
        long replyPollNanos, boolean holdOn) {

    /**
     * The configuration of version 1.1, with {@code HOLDON="1"}.
     *
     * @deprecated give {@code holdOn}
     */
    @Deprecated
    public RsiEmulatorConfig(InetSocketAddress driver, InetAddress bindAddress, InetAddress foreignBindAddress,
            long cycleNanos, long ipocStart, long ipocStep, int timeoutCount, boolean graceUntilFirstReply,
            CorrectionMode correctionMode, double[] startAxesDegrees, AxisLimits limits, RsiChannelMap channels,
            long replyPollNanos) {
        this(driver, bindAddress, foreignBindAddress, cycleNanos, ipocStart, ipocStep, timeoutCount,
                graceUntilFirstReply, correctionMode, startAxesDegrees, limits, channels, replyPollNanos, true);
    }

    /** The KR 6 R900 sixx home position A1..A6, as the public RSI simulators start. */
    public static final double[] HOME_DEGREES = { 0, -90, 90, 0, 90, 0 };

    public RsiEmulatorConfig {
        Objects.requireNonNull(driver, "driver");
        Objects.requireNonNull(bindAddress, "bindAddress");
        Objects.requireNonNull(foreignBindAddress, "foreignBindAddress");
        Objects.requireNonNull(correctionMode, "correctionMode");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(channels, "channels");
        if (cycleNanos < 100_000) {
            throw new IllegalArgumentException("the RSI cycle must be at least 0.1 ms, got " + cycleNanos + " ns");
        }
        if (ipocStep <= 0 || timeoutCount <= 0 || replyPollNanos < 0) {
            throw new IllegalArgumentException("ipocStep and timeoutCount must be positive, replyPollNanos >= 0");
        }
        if (startAxesDegrees.length != channels.axisCount() + channels.externalAxisCount()
                || limits.axisCount() != channels.axisCount()) {
            throw new IllegalArgumentException("start axes (robot then external axes), limits and channels must agree"
                    + " on the axis count");
        }
        startAxesDegrees = startAxesDegrees.clone();
    }

    /**
     * A KR 6 R900 sixx at home, 4 ms cycle, IPOC from 3393226 in steps of 4, Timeout 100, relative correction, the
     * common channels, sending from the driver's loopback address (or any local address for a remote driver).
     */
    public static RsiEmulatorConfig defaults(InetSocketAddress driver) {
        // on loopback, talk from the driver's own loopback address; on a network, from any local address
        InetAddress self = driver.getAddress().isLoopbackAddress() ? driver.getAddress()
                : new InetSocketAddress(0).getAddress();
        return new RsiEmulatorConfig(driver, self, self, 4_000_000L, 3_393_226L, 4, 100, false,
                CorrectionMode.RELATIVE, HOME_DEGREES, AxisLimits.kr6R900Sixx(), RsiChannelMap.defaults(), 50_000L,
                true);
    }

    @Override
    public double[] startAxesDegrees() {
        return startAxesDegrees.clone();
    }

    public RsiEmulatorConfig withCycleNanos(long nanos) {
        return new RsiEmulatorConfig(driver, bindAddress, foreignBindAddress, nanos, ipocStart, ipocStep,
                timeoutCount, graceUntilFirstReply, correctionMode, startAxesDegrees, limits, channels,
                replyPollNanos, holdOn);
    }

    public RsiEmulatorConfig withTimeoutCount(int count) {
        return new RsiEmulatorConfig(driver, bindAddress, foreignBindAddress, cycleNanos, ipocStart, ipocStep,
                count, graceUntilFirstReply, correctionMode, startAxesDegrees, limits, channels,
                replyPollNanos, holdOn);
    }

    public RsiEmulatorConfig withGraceUntilFirstReply(boolean grace) {
        return new RsiEmulatorConfig(driver, bindAddress, foreignBindAddress, cycleNanos, ipocStart, ipocStep,
                timeoutCount, grace, correctionMode, startAxesDegrees, limits, channels, replyPollNanos, holdOn);
    }

    public RsiEmulatorConfig withCorrectionMode(CorrectionMode mode) {
        return new RsiEmulatorConfig(driver, bindAddress, foreignBindAddress, cycleNanos, ipocStart, ipocStep,
                timeoutCount, graceUntilFirstReply, mode, startAxesDegrees, limits, channels, replyPollNanos, holdOn);
    }

    public RsiEmulatorConfig withStartAxesDegrees(double... degrees) {
        return new RsiEmulatorConfig(driver, bindAddress, foreignBindAddress, cycleNanos, ipocStart, ipocStep,
                timeoutCount, graceUntilFirstReply, correctionMode, degrees, limits, channels, replyPollNanos, holdOn);
    }

    public RsiEmulatorConfig withIpoc(long start, long step) {
        return new RsiEmulatorConfig(driver, bindAddress, foreignBindAddress, cycleNanos, start, step,
                timeoutCount, graceUntilFirstReply, correctionMode, startAxesDegrees, limits, channels,
                replyPollNanos, holdOn);
    }

    public RsiEmulatorConfig withChannels(RsiChannelMap map) {
        return new RsiEmulatorConfig(driver, bindAddress, foreignBindAddress, cycleNanos, ipocStart, ipocStep,
                timeoutCount, graceUntilFirstReply, correctionMode, startAxesDegrees, limits, map,
                replyPollNanos, holdOn);
    }

    public RsiEmulatorConfig withForeignBindAddress(InetAddress address) {
        return new RsiEmulatorConfig(driver, bindAddress, address, cycleNanos, ipocStart, ipocStep,
                timeoutCount, graceUntilFirstReply, correctionMode, startAxesDegrees, limits, channels,
                replyPollNanos, holdOn);
    }

    /** Sends from {@code address} (port chosen by the system), the stranger included. */
    public RsiEmulatorConfig withBindAddress(InetAddress address) {
        return new RsiEmulatorConfig(driver, address, address, cycleNanos, ipocStart, ipocStep, timeoutCount,
                graceUntilFirstReply, correctionMode, startAxesDegrees, limits, channels, replyPollNanos, holdOn);
    }

    public RsiEmulatorConfig withReplyPollNanos(long nanos) {
        return new RsiEmulatorConfig(driver, bindAddress, foreignBindAddress, cycleNanos, ipocStart, ipocStep,
                timeoutCount, graceUntilFirstReply, correctionMode, startAxesDegrees, limits, channels, nanos, holdOn);
    }

    /** @since 1.2 */
    public RsiEmulatorConfig withHoldOn(boolean hold) {
        return new RsiEmulatorConfig(driver, bindAddress, foreignBindAddress, cycleNanos, ipocStart, ipocStep,
                timeoutCount, graceUntilFirstReply, correctionMode, startAxesDegrees, limits, channels,
                replyPollNanos, hold);
    }

    /**
     * This configuration with another channel map; the start axes gain or lose external axes (at 0) to match it.
     */
    public RsiEmulatorConfig withChannelsAndExternalAxes(RsiChannelMap map) {
        double[] start = Arrays.copyOf(startAxesDegrees, map.axisCount() + map.externalAxisCount());
        return new RsiEmulatorConfig(driver, bindAddress, foreignBindAddress, cycleNanos, ipocStart, ipocStep,
                timeoutCount, graceUntilFirstReply, correctionMode, start, limits, map, replyPollNanos, holdOn);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RsiEmulatorConfig c && driver.equals(c.driver) && cycleNanos == c.cycleNanos
                && ipocStart == c.ipocStart && ipocStep == c.ipocStep && timeoutCount == c.timeoutCount
                && graceUntilFirstReply == c.graceUntilFirstReply && correctionMode == c.correctionMode
                && Arrays.equals(startAxesDegrees, c.startAxesDegrees) && limits.equals(c.limits)
                && channels.equals(c.channels) && bindAddress.equals(c.bindAddress)
                && foreignBindAddress.equals(c.foreignBindAddress) && replyPollNanos == c.replyPollNanos
                && holdOn == c.holdOn;
    }

    @Override
    public int hashCode() {
        return Objects.hash(driver, cycleNanos, ipocStart, timeoutCount, Arrays.hashCode(startAxesDegrees));
    }

    @Override
    public String toString() {
        return "RsiEmulatorConfig[driver=" + driver + ", cycle=" + cycleNanos + " ns, ipoc " + ipocStart + " +"
                + ipocStep + ", timeout " + timeoutCount + ", " + correctionMode.label() + ", start "
                + Arrays.toString(startAxesDegrees) + "]";
    }
}
