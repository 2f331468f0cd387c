package io.nri4j.stub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SyncPartReaderTests {

    private static final ByteString MARKER = ByteString.copyFromUtf8(Enforcement.markerKey("policy"));

    private final List<PodSandbox> pods = new ArrayList<>();
    private final Map<String, Container> containers = new LinkedHashMap<>();
    private final SyncPartReader.Sink sink = new SyncPartReader.Sink() {
        @Override
        public void pod(PodSandbox stripped) {
            pods.add(stripped);
        }

        @Override
        public void container(String id, Container unmarked) {
            containers.put(id, unmarked);
        }
    };

    @Test
    void buildsOnlyTheContainersWithoutTheMarker() throws Exception {
        Container mine = Container.newBuilder().setId("mine").putLabels("app", "web")
                .putAnnotations("team", "a").putAnnotations(MARKER.toStringUtf8(), "instance-1").build();
        Container other = Container.newBuilder().setId("other").putAnnotations("team", "a")
                .putAnnotations(Enforcement.markerKey("another-plugin"), "instance-2").addArgs("/bin/sh").build();

        SyncPartReader.read(SynchronizeRequest.newBuilder().addContainers(mine).addContainers(other).setMore(true)
                .build().toByteString(), MARKER, sink);

        assertThat(containers).containsOnlyKeys("mine", "other");
        assertThat(containers.get("mine")).isNull();
        assertThat(containers.get("other")).isEqualTo(other);
    }

    @Test
    void stripsEachPodToItsNames() throws Exception {
        PodSandbox pod = PodSandbox.newBuilder().setId("pod-1").setName("web").setNamespace("ns").setUid("u")
                .putLabels("tier", "front").setRuntimeHandler("runc").build();

        SyncPartReader.read(SynchronizeRequest.newBuilder().addPods(pod).build().toByteString(), MARKER, sink);

        assertThat(pods).containsExactly(PodSandbox.newBuilder().setId("pod-1").setName("web").setNamespace("ns")
                .setUid("u").build());
    }

    @Test
    void readsAnAnnotationEntryWhoseValueComesBeforeItsKey() throws Exception {
        // Field 6 (annotations) holding an entry written value first: protobuf accepts either order.
        ByteArrayOutputStream entry = new ByteArrayOutputStream();
        CodedOutputStream e = CodedOutputStream.newInstance(entry);
        e.writeString(2, "instance-1");
        e.writeBytes(1, MARKER);
        e.flush();
        ByteString container = container("mine", ByteString.copyFrom(entry.toByteArray()));

        SyncPartReader.read(part(container), MARKER, sink);

        assertThat(containers).containsEntry("mine", null);
    }

    @Test
    void aTruncatedPartIsAnErrorNotAScanOfHalfOfIt() throws Exception {
        ByteString whole = SynchronizeRequest.newBuilder().addContainers(Container.newBuilder().setId("c"))
                .build().toByteString();

        assertThatThrownBy(() -> SyncPartReader.read(whole.substring(0, whole.size() - 1), MARKER, sink))
                .isInstanceOf(InvalidProtocolBufferException.class);
    }

    private static ByteString container(String id, ByteString annotationEntry) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CodedOutputStream c = CodedOutputStream.newInstance(out);
        c.writeString(Container.ID_FIELD_NUMBER, id);
        c.writeBytes(Container.ANNOTATIONS_FIELD_NUMBER, annotationEntry);
        c.flush();
        return ByteString.copyFrom(out.toByteArray());
    }

    private static ByteString part(ByteString container) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CodedOutputStream c = CodedOutputStream.newInstance(out);
        c.writeBytes(SynchronizeRequest.CONTAINERS_FIELD_NUMBER, container);
        c.flush();
        return ByteString.copyFrom(out.toByteArray());
    }
}
