package org.robocell.driver.kuka.fri.emulator;

/** What one command message carried, decoded by {@link FriMessages}. */
final class ClientReply {
    long messageId;
    long sequenceCounter;
    long reflectedSequenceCounter;
    double[] positions;
    double[] torques;
    double[] wrench;
    /** 2.x: x, y, z (mm), qw, qx, qy, qz as the client sent them */
    double[] cartesianPose;
}
