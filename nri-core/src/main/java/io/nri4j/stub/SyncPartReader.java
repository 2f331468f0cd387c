package io.nri4j.stub;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import java.io.IOException;

/**
 * Reads a Synchronize part from its bytes, no more of it than is needed (internal): whether more
 * parts follow; or, for enforcement, each pod's id, name, namespace and uid and each container's
 * id and whether it carries the marker. Only a container without the marker is built, since it
 * is reported whole: on a node where the plugin ran before nearly every container has it, and a
 * Synchronize of thousands is read without building them.
 *
 * <p>Thread rule: none; stateless.
 */
final class SyncPartReader {

    /** Where the read parts go. */
    interface Sink {
        void pod(PodSandbox stripped);

        /** @param unmarked the whole container when it lacks the marker, else null */
        void container(String id, Container unmarked);
    }

    private static final int POD_TAG = tag(SynchronizeRequest.PODS_FIELD_NUMBER);
    private static final int CONTAINER_TAG = tag(SynchronizeRequest.CONTAINERS_FIELD_NUMBER);
    private static final int MORE_TAG = SynchronizeRequest.MORE_FIELD_NUMBER << 3 | WireFormat.WIRETYPE_VARINT;
    private static final int ID_TAG = tag(PodSandbox.ID_FIELD_NUMBER);
    private static final int NAME_TAG = tag(PodSandbox.NAME_FIELD_NUMBER);
    private static final int UID_TAG = tag(PodSandbox.UID_FIELD_NUMBER);
    private static final int NAMESPACE_TAG = tag(PodSandbox.NAMESPACE_FIELD_NUMBER);
    private static final int CONTAINER_ID_TAG = tag(Container.ID_FIELD_NUMBER);
    private static final int ANNOTATION_TAG = tag(Container.ANNOTATIONS_FIELD_NUMBER);
    /** A map entry's key is its field 1. */
    private static final int ENTRY_KEY_TAG = tag(1);

    private SyncPartReader() {
    }

    /** Reads the pods and containers of a part into the sink. */
    static void read(ByteString part, ByteString markerKey, Sink sink) throws InvalidProtocolBufferException {
        reading(() -> {
            CodedInputStream in = aliasing(part);
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                if (tag == POD_TAG) {
                    sink.pod(pod(in.readBytes()));
                } else if (tag == CONTAINER_TAG) {
                    container(in.readBytes(), markerKey, sink);
                } else if (!in.skipField(tag)) {
                    break;
                }
            }
            return null;
        });
    }

    /**
     * A part read for whether more parts follow, its pods and containers skipped: for a plugin
     * with no Synchronize handler and no enforcement, which would otherwise build every one of
     * them only to drop it. {@link SyncCollector#admit} counted them already.
     */
    static SynchronizeRequest envelope(ByteString part) throws InvalidProtocolBufferException {
        return reading(() -> {
            CodedInputStream in = part.newCodedInput();
            boolean more = false;
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                if (tag == MORE_TAG) {
                    more = in.readBool();
                } else if (!in.skipField(tag)) {
                    break;
                }
            }
            return SynchronizeRequest.newBuilder().setMore(more).build();
        });
    }

    /** A read of protobuf's stream, whose methods declare IOException. */
    private interface Read<T> {
        T run() throws IOException;
    }

    private static <T> T reading(Read<T> read) throws InvalidProtocolBufferException {
        try {
            return read.run();
        } catch (InvalidProtocolBufferException e) {
            throw e;
        } catch (IOException e) {
            throw new InvalidProtocolBufferException(e);
        }
    }

    private static PodSandbox pod(ByteString bytes) throws IOException {
        PodSandbox.Builder pod = PodSandbox.newBuilder();
        CodedInputStream in = aliasing(bytes);
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == ID_TAG) {
                pod.setId(in.readStringRequireUtf8());
            } else if (tag == NAME_TAG) {
                pod.setName(in.readStringRequireUtf8());
            } else if (tag == UID_TAG) {
                pod.setUid(in.readStringRequireUtf8());
            } else if (tag == NAMESPACE_TAG) {
                pod.setNamespace(in.readStringRequireUtf8());
            } else if (!in.skipField(tag)) {
                break;
            }
        }
        return pod.build();
    }

    private static void container(ByteString bytes, ByteString markerKey, Sink sink) throws IOException {
        String id = "";
        boolean marked = false;
        CodedInputStream in = aliasing(bytes);
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == CONTAINER_ID_TAG) {
                id = in.readStringRequireUtf8();
            } else if (tag == ANNOTATION_TAG) {
                marked |= markerKey.equals(entryKey(in.readBytes()));
            } else if (!in.skipField(tag)) {
                break;
            }
        }
        sink.container(id, marked ? null : Container.parseFrom(bytes));
    }

    /** A map entry's key (the last one, as protobuf merges a repeated field). */
    private static ByteString entryKey(ByteString entry) throws IOException {
        ByteString key = ByteString.EMPTY;
        CodedInputStream in = aliasing(entry);
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == ENTRY_KEY_TAG) {
                key = in.readBytes();
            } else if (!in.skipField(tag)) {
                break;
            }
        }
        return key;
    }

    /** Sub-messages as views of the part's bytes, which nothing writes to once received. */
    private static CodedInputStream aliasing(ByteString bytes) {
        CodedInputStream in = bytes.newCodedInput();
        in.enableAliasing(true);
        return in;
    }

    private static int tag(int field) {
        return field << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED;
    }
}
