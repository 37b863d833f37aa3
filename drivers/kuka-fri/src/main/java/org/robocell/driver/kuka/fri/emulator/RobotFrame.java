package org.robocell.driver.kuka.fri.emulator;

import org.robocell.driver.kuka.fri.protocol.FriCommandMode;
import org.robocell.driver.kuka.fri.protocol.FriConnectionQuality;
import org.robocell.driver.kuka.fri.protocol.FriSessionState;

/** What one monitoring message reports: the emulator fills it, {@link FriMessages} encodes it. */
final class RobotFrame {
    long sequenceCounter;
    long reflectedSequenceCounter;
    FriSessionState state;
    FriConnectionQuality quality;
    int sendPeriodMs;
    int receiveMultiplier;
    FriCommandMode commandMode;
    final double[] measuredPosition = new double[LbrIiwa14.JOINTS];
    final double[] measuredTorque = new double[LbrIiwa14.JOINTS];
    final double[] commandedPosition = new double[LbrIiwa14.JOINTS];
    final double[] commandedTorque = new double[LbrIiwa14.JOINTS];
    final double[] externalTorque = new double[LbrIiwa14.JOINTS];
    final double[] ipoPosition = new double[LbrIiwa14.JOINTS];
    /** 2.x: x, y, z (mm), qw, qx, qy, qz of the flange, measured and interpolated */
    final double[] measuredPose = new double[7];
    final double[] ipoPose = new double[7];
    long timeNanos;
}
