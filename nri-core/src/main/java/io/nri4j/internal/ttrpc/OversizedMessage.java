package io.nri4j.internal.ttrpc;

/** A message whose data exceeded {@link TtrpcLimits#MAX_DATA}; its bytes were discarded unread. */
public record OversizedMessage(long streamId, int type, long length) {

    /** The status ttrpc answers such a message with. */
    public TtrpcStatus status() {
        return TtrpcStatus.of(StatusCode.RESOURCE_EXHAUSTED, "message length " + length
                + " exceed maximum message size of " + TtrpcLimits.MAX_DATA);
    }
}
