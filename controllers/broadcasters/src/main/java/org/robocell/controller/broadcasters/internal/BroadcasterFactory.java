package org.robocell.controller.broadcasters.internal;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.io.ChannelRegistry;

/** The pose, IMU and range sensor broadcasters. */
@Component(property = {
        ControllerFactory.TYPE + "=" + BroadcasterFactory.POSE,
        ControllerFactory.TYPE + "=" + BroadcasterFactory.IMU,
        ControllerFactory.TYPE + "=" + BroadcasterFactory.RANGE })
public final class BroadcasterFactory implements ControllerFactory {

    static final String POSE = "pose_broadcaster/PoseBroadcaster";
    static final String IMU = "imu_sensor_broadcaster/IMUSensorBroadcaster";
    static final String RANGE = "range_sensor_broadcaster/RangeSensorBroadcaster";

    private final ChannelRegistry channels;

    @Activate
    public BroadcasterFactory(@Reference ChannelRegistry channels) {
        this.channels = channels;
    }

    @Override
    public Controller create(String type) {
        return switch (type) {
            case POSE -> new PoseBroadcaster(channels);
            case IMU -> new ImuSensorBroadcaster(channels);
            case RANGE -> new RangeSensorBroadcaster(channels);
            default -> throw new IllegalArgumentException("this factory does not create '" + type + "'");
        };
    }
}
