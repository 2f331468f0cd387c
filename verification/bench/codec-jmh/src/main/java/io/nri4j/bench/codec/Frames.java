package io.nri4j.bench.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.LinuxCPU;
import io.nri4j.api.v1alpha1.LinuxContainer;
import io.nri4j.api.v1alpha1.LinuxMemory;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.Mount;
import io.nri4j.api.v1alpha1.OptionalInt64;
import io.nri4j.api.v1alpha1.OptionalUInt64;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.internal.ttrpc.MessageType;
import io.nri4j.internal.ttrpc.TtrpcEncoder;
import io.nri4j.internal.ttrpc.proto.Request;

/** A CreateContainerRequest as a runtime sends it: a pod and a container of typical size. */
final class Frames {

    private Frames() {
    }

    static CreateContainerRequest createContainerRequest() {
        PodSandbox pod = PodSandbox.newBuilder()
                .setId("0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0")
                .setName("web-7d9f8c6b5-x2k4p").setUid("3b1f6a2e-5c4d-4e8f-9a7b-1c2d3e4f5a6b")
                .setNamespace("default")
                .putLabels("app", "web").putLabels("pod-template-hash", "7d9f8c6b5")
                .putAnnotations("kubernetes.io/config.seen", "2026-11-23T14:00:00.000000000Z")
                .putAnnotations("kubernetes.io/config.source", "api")
                .build();
        Container container = Container.newBuilder()
                .setId("a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90")
                .setPodSandboxId(pod.getId()).setName("app")
                .putLabels("io.kubernetes.container.name", "app")
                .putAnnotations("io.kubernetes.container.hash", "5d2b4c1a")
                .putAnnotations("io.kubernetes.container.restartCount", "0")
                .addArgs("/bin/app").addArgs("--port=8080")
                .addEnv("PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin")
                .addEnv("HOSTNAME=web-7d9f8c6b5-x2k4p").addEnv("KUBERNETES_SERVICE_HOST=10.96.0.1")
                .addMounts(Mount.newBuilder().setDestination("/var/run/secrets/kubernetes.io/serviceaccount")
                        .setSource("/var/lib/kubelet/pods/3b1f6a2e/volumes/kubernetes.io~projected/kube-api-access")
                        .setType("bind").addOptions("rbind").addOptions("ro"))
                .setLinux(LinuxContainer.newBuilder().setResources(LinuxResources.newBuilder()
                        .setMemory(LinuxMemory.newBuilder().setLimit(OptionalInt64.newBuilder().setValue(512L << 20)))
                        .setCpu(LinuxCPU.newBuilder().setShares(OptionalUInt64.newBuilder().setValue(1024)))))
                .build();
        return CreateContainerRequest.newBuilder().setPod(pod).setContainer(container).build();
    }

    /** The request as one ttrpc frame: header, then the Request envelope around it. */
    static byte[] requestFrame() {
        byte[] envelope = Request.newBuilder()
                .setService("nri.pkg.api.v1alpha1.Plugin").setMethod("CreateContainer")
                .setPayload(createContainerRequest().toByteString()).setTimeoutNano(2_000_000_000L)
                .build().toByteArray();
        ByteBuf frame = TtrpcEncoder.encode(UnpooledByteBufAllocator.DEFAULT, 1, MessageType.REQUEST, 0, envelope);
        byte[] bytes = new byte[frame.readableBytes()];
        frame.readBytes(bytes);
        frame.release();
        return bytes;
    }
}
