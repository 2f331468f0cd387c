package io.nri4j.internal.mux;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledDirectByteBuf;
import io.netty.buffer.UnpooledHeapByteBuf;
import java.util.ArrayList;
import java.util.List;

/** An unpooled allocator that remembers every buffer it handed out and the largest one asked for. */
final class TrackingAllocator extends AbstractByteBufAllocator {

    private final List<ByteBuf> allocated = new ArrayList<>();
    private int largestRequest;

    TrackingAllocator() {
        super(false);
    }

    @Override
    protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
        return track(new UnpooledHeapByteBuf(this, initialCapacity, maxCapacity), initialCapacity);
    }

    @Override
    protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
        return track(new UnpooledDirectByteBuf(this, initialCapacity, maxCapacity), initialCapacity);
    }

    @Override
    public boolean isDirectBufferPooled() {
        return false;
    }

    List<ByteBuf> allocated() {
        return allocated;
    }

    int largestRequest() {
        return largestRequest;
    }

    private ByteBuf track(ByteBuf buf, int initialCapacity) {
        allocated.add(buf);
        largestRequest = Math.max(largestRequest, initialCapacity);
        return buf;
    }
}
