package org.robocell.driver.kuka.eac.internal;

import java.net.InetAddress;
import java.util.concurrent.TimeUnit;

import org.robocell.driver.kuka.eac.internal.proto.ecs.CommandState;
import org.robocell.driver.kuka.eac.internal.proto.ecs.ExternalControlServiceGrpc;
import org.robocell.driver.kuka.eac.internal.proto.ecs.ObserveControlStateRequest;
import org.robocell.driver.kuka.eac.internal.proto.ecs.OpenControlChannelRequest;
import org.robocell.driver.kuka.eac.internal.proto.ecs.QoSProfile;
import org.robocell.driver.kuka.eac.internal.proto.ecs.RTPacketLossProfile;
import org.robocell.driver.kuka.eac.internal.proto.ecs.SetQoSProfileRequest;
import org.robocell.driver.kuka.eac.protocol.CommandEvent;
import org.robocell.driver.kuka.eac.protocol.ControlMode;
import org.robocell.driver.kuka.eac.protocol.QosProfile;

import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.okhttp.OkHttpChannelBuilder;
import io.grpc.stub.StreamObserver;

/**
 * The client's end of EAC's control plane: gRPC to {@code controller_ip:49335}. Every call here blocks and runs on
 * a lifecycle thread, never on the loop; the observer stream's events arrive on gRPC's threads.
 */
final class ControlPlane implements AutoCloseable {

    interface Listener {
        void onEvent(CommandEvent event, String message);

        /** The observer stream ended: the controller closed it or the connection broke. */
        void onStreamEnded(String why);
    }

    private final ManagedChannel channel;
    private final ExternalControlServiceGrpc.ExternalControlServiceBlockingStub stub;
    private final ExternalControlServiceGrpc.ExternalControlServiceStub async;
    private final long timeoutMs;
    private Context.CancellableContext observing;

    ControlPlane(InetAddress controller, int port, long timeoutMs) {
        this.channel = OkHttpChannelBuilder.forAddress(controller.getHostAddress(), port).usePlaintext().build();
        this.stub = ExternalControlServiceGrpc.newBlockingStub(channel);
        this.async = ExternalControlServiceGrpc.newStub(channel);
        this.timeoutMs = timeoutMs;
    }

    /** @throws StatusRuntimeException the controller refused it or could not be reached */
    void setQos(QosProfile qos) {
        stub.withDeadlineAfter(timeoutMs, TimeUnit.MILLISECONDS).setQoSProfile(SetQoSProfileRequest.newBuilder()
                .addQosProfiles(QoSProfile.newBuilder().setRtPacketLossProfile(RTPacketLossProfile.newBuilder()
                        .setConsequentLostPackets(qos.consecutiveLostPackets())
                        .setLostPacketsInTimeframe(qos.lostPacketsInTimeframe())
                        .setTimeframeMs(qos.timeframeMs())))
                .build());
    }

    /** Opens the observer stream; events go to {@code listener} until {@link #close}. */
    void observe(Listener listener) {
        observing = Context.current().withCancellation();
        observing.run(() -> async.observeControlState(ObserveControlStateRequest.getDefaultInstance(),
                new StreamObserver<CommandState>() {
                    @Override
                    public void onNext(CommandState state) {
                        listener.onEvent(CommandEvent.ofNumber(state.getEventValue()), state.getMessage());
                    }

                    @Override
                    public void onError(Throwable t) {
                        listener.onStreamEnded(t instanceof StatusRuntimeException s ? describe(s) : String.valueOf(t));
                    }

                    @Override
                    public void onCompleted() {
                        listener.onStreamEnded("the controller closed the event stream");
                    }
                }));
    }

    /**
     * Starts external control: the controller sends motion states to {@code clientIp}.
     *
     * @throws StatusRuntimeException the controller refused it or could not be reached
     */
    void open(ControlMode mode, InetAddress clientIp) {
        stub.withDeadlineAfter(timeoutMs, TimeUnit.MILLISECONDS).openControlChannel(OpenControlChannelRequest
                .newBuilder()
                .setTimeout((int) timeoutMs)
                .setCycleTime(4)
                .setExternalControlModeValue(mode.number())
                .setIpAddress(clientIp.getHostAddress())
                .setIsSecure(false)
                .build());
    }

    static String describe(StatusRuntimeException e) {
        String d = e.getStatus().getDescription();
        Throwable cause = e.getStatus().getCause();
        return e.getStatus().getCode() + (d != null ? ": " + d : cause != null ? ": " + cause.getMessage() : "");
    }

    @Override
    public void close() {
        if (observing != null) {
            observing.cancel(null);
        }
        channel.shutdownNow();
        try {
            channel.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
