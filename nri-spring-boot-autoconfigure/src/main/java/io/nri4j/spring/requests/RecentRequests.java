package io.nri4j.spring.requests;

import io.nri4j.stub.RequestObserver;
import io.nri4j.stub.RequestOutcome;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The latest requests the runtime made, for the {@code nri} actuator endpoint: a ring of fixed
 * size. Recording runs on the request path: one atomic increment picks the slot, one release
 * store fills it, and the entry is the only allocation; no lock. Readers copy the ring and sort
 * by sequence, so a slot overwritten while they read costs them an entry, never a wrong one.
 */
public final class RecentRequests implements RequestObserver {

    private final Clock clock;
    private final AtomicLong next = new AtomicLong();
    private final AtomicReferenceArray<RecentRequest> slots;

    /**
     * @param size how many requests to keep; 0 keeps none
     */
    public RecentRequests(int size, Clock clock) {
        if (size < 0) {
            throw new IllegalArgumentException("size must not be negative: " + size);
        }
        this.clock = clock;
        this.slots = new AtomicReferenceArray<>(size);
    }

    @Override
    public void completed(RequestOutcome outcome) {
        int size = slots.length();
        if (size == 0) {
            return;
        }
        long sequence = next.getAndIncrement();
        slots.lazySet((int) (sequence % size), RecentRequest.of(sequence, clock.millis(), outcome));
    }

    /** The latest requests, newest first. */
    public List<RecentRequest> latest() {
        List<RecentRequest> copy = new ArrayList<>(slots.length());
        for (int i = 0; i < slots.length(); i++) {
            RecentRequest r = slots.get(i);
            if (r != null) {
                copy.add(r);
            }
        }
        copy.sort(Comparator.comparingLong(RecentRequest::sequence).reversed());
        return copy;
    }

    /** How many requests were recorded since the application started, kept or not. */
    public long recorded() {
        return next.get();
    }

    /** How many requests it keeps. */
    public int capacity() {
        return slots.length();
    }
}
