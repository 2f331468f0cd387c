package io.nri4j.spring.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import com.google.protobuf.MessageLite;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.Event;
import io.nri4j.api.v1alpha1.KeyValue;
import io.nri4j.api.v1alpha1.Mount;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentRequest;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentResponse;
import io.nri4j.stub.RequestOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class AuditLogTests {

    private static final PodSandbox POD = PodSandbox.newBuilder().setName("web").setNamespace("shop").build();
    private static final Container APP = Container.newBuilder().setName("app").setId("c1").build();

    private final AtomicLong nanos = new AtomicLong();
    private final List<String> lines = new ArrayList<>();

    @Test
    void anAdjustmentNamesTheFieldsItChangesWithoutTheEnvironmentsValues() {
        ContainerAdjustment adjust = ContainerAdjustment.newBuilder().putAnnotations("example.com/b", "1")
                .putAnnotations("example.com/a", "2")
                .addEnv(KeyValue.newBuilder().setKey("DB_PASSWORD").setValue("s3cret"))
                .addEnv(KeyValue.newBuilder().setKey("-OLD"))
                .addMounts(Mount.newBuilder().setDestination("/data").setSource("/srv")).build();

        String line = AuditLog.line(created(CreateContainerResponse.newBuilder().setAdjust(adjust).build(), 1_250_000));

        assertThat(line).isEqualTo("event=CreateContainer subject=shop/web/app outcome=adjusted duration=1.3ms"
                + " changes=\"annotations [example.com/a, example.com/b], env [DB_PASSWORD=<redacted>, -OLD],"
                + " mounts [/data]\"");
        assertThat(line).doesNotContain("s3cret");
    }

    @Test
    void anErrorSaysWhyOnOneLine() {
        RequestOutcome failed = new RequestOutcome("CreateContainer", Event.CREATE_CONTAINER, Duration.ofMillis(2),
                false, false, Optional.empty(), Optional.of(new IllegalStateException("no \"quota\"\nforged line")),
                request());

        assertThat(AuditLog.line(failed)).isEqualTo("event=CreateContainer subject=shop/web/app outcome=error"
                + " duration=2.0ms reason=\"IllegalStateException: no \\\"quota\\\"\\nforged line\"");
    }

    @Test
    void aRejectionGivesTheValidatorsReasonAndARequestWithoutSubjectADash() {
        Message validate = ValidateContainerAdjustmentRequest.newBuilder().setPod(POD).setContainer(APP).build();
        RequestOutcome rejected = new RequestOutcome("ValidateContainerAdjustment",
                Event.VALIDATE_CONTAINER_ADJUSTMENT, Duration.ZERO, false, false,
                Optional.of(ValidateContainerAdjustmentResponse.newBuilder().setReject(true).setReason("too big")
                        .build()), Optional.empty(), validate);
        RequestOutcome sync = new RequestOutcome("Synchronize", Event.UNKNOWN, Duration.ZERO, false, false,
                Optional.empty(), Optional.empty());

        assertThat(AuditLog.line(rejected)).isEqualTo("event=ValidateContainerAdjustment subject=shop/web/app"
                + " outcome=rejected duration=0.0ms reason=\"too big\"");
        assertThat(AuditLog.line(sync)).isEqualTo("event=Synchronize subject=- outcome=ok duration=0.0ms");
    }

    @Test
    void writesAtMostTheLimitASecondAndThenSaysHowManyLinesItDropped() {
        AuditLog audit = new AuditLog(2, nanos::get, lines::add);
        RequestOutcome ok = created(CreateContainerResponse.getDefaultInstance(), 0);

        for (int i = 0; i < 5; i++) {
            audit.completed(ok);
        }
        assertThat(lines).hasSize(2);

        nanos.addAndGet(999_999_999);
        audit.completed(ok);
        assertThat(lines).hasSize(2);

        nanos.addAndGet(1);
        audit.completed(ok);
        assertThat(lines).hasSize(4);
        assertThat(lines.get(2)).isEqualTo("dropped=4 reason=\"over nri.audit.max-lines-per-second=2\"");
        assertThat(lines.get(3)).startsWith("event=CreateContainer ");

        audit.completed(ok);
        assertThat(lines).hasSize(5);
        assertThat(lines.get(4)).startsWith("event=CreateContainer ");
    }

    @Test
    void zeroLinesASecondWritesNone() {
        AuditLog audit = new AuditLog(0, nanos::get, lines::add);

        audit.completed(created(CreateContainerResponse.getDefaultInstance(), 0));
        nanos.addAndGet(5_000_000_000L);
        audit.completed(created(CreateContainerResponse.getDefaultInstance(), 0));

        assertThat(lines).isEmpty();
    }

    private static RequestOutcome created(MessageLite response, long nanos) {
        return new RequestOutcome("CreateContainer", Event.CREATE_CONTAINER, Duration.ofNanos(nanos), false, false,
                Optional.of(response), Optional.empty(), request());
    }

    private static Message request() {
        return CreateContainerRequest.newBuilder().setPod(POD).setContainer(APP).build();
    }
}
