package org.robocell.driver.kuka.eac.emulator;

import org.robocell.driver.kuka.eac.internal.proto.ecs.CommandState;
import org.robocell.driver.kuka.eac.internal.proto.ecs.ExternalControlServiceGrpc;
import org.robocell.driver.kuka.eac.internal.proto.ecs.ObserveControlStateRequest;
import org.robocell.driver.kuka.eac.internal.proto.ecs.OpenControlChannelRequest;
import org.robocell.driver.kuka.eac.internal.proto.ecs.OpenControlChannelResponse;
import org.robocell.driver.kuka.eac.internal.proto.ecs.QoSProfile;
import org.robocell.driver.kuka.eac.internal.proto.ecs.RTPacketLossProfile;
import org.robocell.driver.kuka.eac.internal.proto.ecs.SetQoSProfileRequest;
import org.robocell.driver.kuka.eac.internal.proto.ecs.SetQoSProfileResponse;
import org.robocell.driver.kuka.eac.internal.proto.ecs.StartMonitoringRequest;
import org.robocell.driver.kuka.eac.internal.proto.ecs.StartMonitoringResponse;
import org.robocell.driver.kuka.eac.internal.proto.ecs.StopMonitoringRequest;
import org.robocell.driver.kuka.eac.internal.proto.ecs.StopMonitoringResponse;
import org.robocell.driver.kuka.eac.protocol.QosProfile;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;

/** {@code kuka.ecs.v1.ExternalControlService} of the emulated controller. */
final class ControlService extends ExternalControlServiceGrpc.ExternalControlServiceImplBase {

    private final EacControllerEmulator controller;

    ControlService(EacControllerEmulator controller) {
        this.controller = controller;
    }

    @Override
    public void openControlChannel(OpenControlChannelRequest request,
            StreamObserver<OpenControlChannelResponse> response) {
        EacControllerEmulator.Refusal refusal = controller.open(request.getIpAddress(),
                request.getExternalControlModeValue(), request.getIsSecure());
        if (refusal != null) {
            response.onError(Status.fromCode(refusal.code()).withDescription(refusal.message()).asRuntimeException());
            return;
        }
        response.onNext(OpenControlChannelResponse.getDefaultInstance());
        response.onCompleted();
    }

    @Override
    public void observeControlState(ObserveControlStateRequest request, StreamObserver<CommandState> response) {
        controller.observe((ServerCallStreamObserver<CommandState>) response);
    }

    @Override
    public void startMonitoring(StartMonitoringRequest request, StreamObserver<StartMonitoringResponse> response) {
        String failure = controller.monitoring().start();
        if (failure != null) {
            response.onError(Status.INTERNAL.withDescription(failure).asRuntimeException());
            return;
        }
        response.onNext(StartMonitoringResponse.getDefaultInstance());
        response.onCompleted();
    }

    @Override
    public void stopMonitoring(StopMonitoringRequest request, StreamObserver<StopMonitoringResponse> response) {
        controller.monitoring().stop();
        response.onNext(StopMonitoringResponse.getDefaultInstance());
        response.onCompleted();
    }

    @Override
    public void setQoSProfile(SetQoSProfileRequest request, StreamObserver<SetQoSProfileResponse> response) {
        RTPacketLossProfile loss = null;
        for (QoSProfile p : request.getQosProfilesList()) {
            if (p.hasRtPacketLossProfile()) {
                loss = p.getRtPacketLossProfile();
            }
        }
        if (loss == null) {
            response.onError(Status.INVALID_ARGUMENT.withDescription("qos_profiles holds no rt_packet_loss_profile")
                    .asRuntimeException());
            return;
        }
        String refusal = controller.setQos(new QosProfile(loss.getConsequentLostPackets(),
                loss.getLostPacketsInTimeframe(), loss.getTimeframeMs()));
        if (refusal != null) {
            response.onError(Status.INVALID_ARGUMENT.withDescription(refusal).asRuntimeException());
            return;
        }
        response.onNext(SetQoSProfileResponse.getDefaultInstance());
        response.onCompleted();
    }
}
