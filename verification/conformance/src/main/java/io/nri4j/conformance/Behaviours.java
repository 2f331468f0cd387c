package io.nri4j.conformance;

import com.google.protobuf.Message;
import io.nri4j.adjust.Adjustment;
import io.nri4j.adjust.Update;
import io.nri4j.api.v1alpha1.CompoundFieldOwners;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.Field;
import io.nri4j.api.v1alpha1.FieldOwners;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.StopContainerRequest;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import io.nri4j.api.v1alpha1.UpdateContainerRequest;
import io.nri4j.api.v1alpha1.UpdateContainersRequest;
import io.nri4j.api.v1alpha1.UpdateContainersResponse;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentRequest;
import io.nri4j.stub.CreateContainerResult;
import io.nri4j.stub.PluginIdentity;
import io.nri4j.stub.RequestContext;
import io.nri4j.stub.UpdateContainerResult;
import io.nri4j.stub.ValidationResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What the conformance plugin does, steered by pod annotations under
 * {@code conformance.nri4j.io/}. A key suffixed with {@code .<index>} applies to that plugin
 * only and wins over the plain key.
 */
final class Behaviours {

    static final String PREFIX = "conformance.nri4j.io/";

    private final Reporter reporter;
    private final PluginIdentity self;

    Behaviours(Reporter reporter, PluginIdentity self) {
        this.reporter = reporter;
        this.self = self;
    }

    /** The pod events' handler: {@link #observe} without a container. */
    void observePod(Message request, RequestContext ctx, PodSandbox pod) throws Exception {
        observe(request, ctx, pod, Container.getDefaultInstance());
    }

    /** Every handler starts here: report, then fail or block if asked to. */
    void observe(Message request, RequestContext ctx, PodSandbox pod, Container container) throws Exception {
        String event = ctx.request();
        Reporter.Line line = reporter.line("handler", event).put("method", ctx.method())
                .put("pod", pod.getId()).put("container", container.getId())
                .put("bytes", request.getSerializedSize());
        String pad = pod.getAnnotationsMap().get(PREFIX + "pad");
        if (pad != null) {
            line.put("padLength", pad.length()).put("padCrc", Padding.crc(pad));
        }
        if (!container.getId().isEmpty()) {
            line.put("env", container.getEnvList());
        }
        line.send();
        if (listed(pod, "fail", event)) {
            throw new IllegalStateException("conformance plugin " + self.fullName() + " asked to fail " + event);
        }
        if (listed(pod, "block", event)) {
            // Stays past any request timeout; the stub interrupts it at the deadline.
            new CountDownLatch(1).await(60, TimeUnit.SECONDS);
        }
        String unsolicitedOn = setting(pod, "unsolicited-on");
        if (setting(pod, "unsolicited") != null
                && event.equals(unsolicitedOn == null ? "CreateContainer" : unsolicitedOn)) {
            unsolicited(pod, ctx);
        }
    }

    CreateContainerResult createContainer(CreateContainerRequest req, RequestContext ctx) throws Exception {
        observe(req, ctx, req.getPod(), req.getContainer());
        Adjustment adjustment = Adjustment.create();
        for (String name : list(setting(req.getPod(), "adjust"))) {
            adjustment = AdjustmentCases.apply(name, adjustment, self);
        }
        CreateContainerResult result = CreateContainerResult.of(adjustment).withUpdates(updates(req.getPod()));
        String size = setting(req.getPod(), "reply-size");
        return size == null ? result : padded(result, Integer.parseInt(size));
    }

    UpdateContainerResult updateContainer(UpdateContainerRequest req, RequestContext ctx) throws Exception {
        observe(req, ctx, req.getPod(), req.getContainer());
        return UpdateContainerResult.of(updates(req.getPod()));
    }

    List<ContainerUpdate> stopContainer(StopContainerRequest req, RequestContext ctx) throws Exception {
        observe(req, ctx, req.getPod(), req.getContainer());
        return updates(req.getPod());
    }

    List<ContainerUpdate> synchronize(SynchronizeRequest req, RequestContext ctx) {
        reporter.line("handler", "Synchronize").put("pods", req.getPodsCount())
                .put("containers", req.getContainersCount()).put("bytes", req.getSerializedSize()).send();
        List<ContainerUpdate> updates = new ArrayList<>();
        for (PodSandbox pod : req.getPodsList()) {
            String spec = pod.getAnnotationsMap().get(PREFIX + "sync-update");
            if (spec != null) {
                updates.addAll(updates(spec));
            }
        }
        return updates;
    }

    ValidationResult validate(ValidateContainerAdjustmentRequest req, RequestContext ctx) throws Exception {
        if (listed(req.getPod(), "block", "ValidateContainerAdjustment")) {
            new CountDownLatch(1).await(60, TimeUnit.SECONDS);
        }
        String key = PREFIX + "forbidden";
        CompoundFieldOwners annotations = req.getOwners()
                .getOwnersOrDefault(req.getContainer().getId(), FieldOwners.getDefaultInstance())
                .getCompoundOrDefault(Field.Annotations.getNumber(), CompoundFieldOwners.getDefaultInstance());
        List<String> plugins = req.getPluginsList().stream().map(p -> p.getIndex() + "-" + p.getName()).toList();
        reporter.line("handler", "ValidateContainerAdjustment").put("container", req.getContainer().getId())
                .put("plugins", plugins).put("annotations", req.getAdjust().getAnnotationsMap().keySet())
                .put("owner", annotations.getOwnersOrDefault(key, "")).send();
        if ("true".equals(setting(req.getPod(), "validate-fail"))) {
            throw new IllegalStateException("validator " + self.fullName() + " failed on purpose");
        }
        if (req.getAdjust().containsAnnotations(key)) {
            return ValidationResult.reject("annotation " + key + " set by " + annotations.getOwnersOrDefault(key, "?"));
        }
        return ValidationResult.accept();
    }

    // --- unsolicited updates ------------------------------------------------------------------

    private void unsolicited(PodSandbox pod, RequestContext ctx) {
        List<ContainerUpdate> updates = new ArrayList<>(updates(setting(pod, "unsolicited")));
        String size = setting(pod, "unsolicited-size");
        if (size != null) {
            updates.set(0, paddedUpdate(updates.get(0), Integer.parseInt(size)));
        }
        var result = ctx.stub().updateContainers(updates);
        if ("true".equals(setting(pod, "unsolicited-join"))) {
            try {
                result.join();
                reporter.line("join", "accepted").send();
            } catch (IllegalStateException e) {
                reporter.line("join", "refused").put("message", e.getMessage()).send();
            }
        }
        result.whenComplete((failed, error) -> {
            Reporter.Line line = reporter.line("updates", "UpdateContainers");
            if (error != null) {
                line.put("error", error.getMessage());
            } else {
                line.put("failed", failed.size())
                        .put("failedIds", failed.stream().map(ContainerUpdate::getContainerId).toList())
                        .put("responseBytes", UpdateContainersResponse.newBuilder().addAllFailed(failed).build()
                                .getSerializedSize());
                String pad = failed.isEmpty() ? null
                        : failed.get(0).getLinux().getResources().getUnifiedMap().get(PREFIX + "pad");
                if (pad != null) {
                    line.put("padLength", pad.length()).put("padCrc", Padding.crc(pad));
                }
            }
            line.send();
        });
    }

    private static ContainerUpdate paddedUpdate(ContainerUpdate update, int target) {
        for (int extra = 0; extra < 4; extra++) {
            ContainerUpdate base = Update.forContainer(update.getContainerId())
                    .withResources(update.getLinux().getResources())
                    .addLinuxUnified(PREFIX + "x", Padding.filler(extra)).build();
            int filler = Padding.fillerFor(target, n -> Padding.updateRequestMessageSize(
                    UpdateContainersRequest.newBuilder().addUpdate(withPad(base, n)).build().getSerializedSize()));
            if (filler >= 0) {
                return withPad(base, filler);
            }
        }
        throw new IllegalArgumentException("cannot pad an UpdateContainers request to " + target + " bytes");
    }

    private static ContainerUpdate withPad(ContainerUpdate update, int length) {
        ContainerUpdate.Builder b = update.toBuilder();
        b.getLinuxBuilder().getResourcesBuilder().putUnified(PREFIX + "pad", Padding.filler(length));
        return b.build();
    }

    // --- helpers --------------------------------------------------------------------------------

    private CreateContainerResult padded(CreateContainerResult result, int target) {
        for (int extra = 0; extra < 4; extra++) {
            Adjustment base = Adjustment.from(result.adjustment())
                    .addAnnotation(PREFIX + "x", Padding.filler(extra));
            int filler = Padding.fillerFor(target, n -> Padding.responseMessageSize(
                    response(result, base.addAnnotation(PREFIX + "pad", Padding.filler(n))).getSerializedSize()));
            if (filler >= 0) {
                return new CreateContainerResult(base.addAnnotation(PREFIX + "pad", Padding.filler(filler)).build(),
                        result.updates(), result.evictions());
            }
        }
        throw new IllegalArgumentException("cannot pad a CreateContainer reply to " + target + " bytes");
    }

    private static CreateContainerResponse response(CreateContainerResult result, Adjustment adjustment) {
        return CreateContainerResponse.newBuilder().setAdjust(adjustment.build())
                .addAllUpdate(result.updates()).build();
    }

    private List<ContainerUpdate> updates(PodSandbox pod) {
        return updates(setting(pod, "update"));
    }

    /** {@code id=case,id=case} into updates. */
    private static List<ContainerUpdate> updates(String spec) {
        List<ContainerUpdate> updates = new ArrayList<>();
        for (String item : list(spec)) {
            String[] parts = item.split("=", 2);
            updates.add(UpdateCases.apply(parts[1], parts[0]).build());
        }
        return updates;
    }

    private boolean listed(PodSandbox pod, String key, String event) {
        return list(setting(pod, key)).contains(event);
    }

    private String setting(PodSandbox pod, String key) {
        String own = pod.getAnnotationsMap().get(PREFIX + key + "." + self.index());
        return own != null ? own : pod.getAnnotationsMap().get(PREFIX + key);
    }

    private static List<String> list(String value) {
        return value == null || value.isBlank()
                ? List.of()
                : Arrays.stream(value.split(",")).map(String::trim).toList();
    }
}
