package io.nri4j.conformance;

import io.nri4j.internal.ttrpc.TtrpcLimits;
import java.nio.charset.StandardCharsets;
import java.util.function.IntUnaryOperator;
import java.util.zip.CRC32;

/** Finds filler lengths that make a ttrpc message exactly a given number of bytes. */
final class Padding {

    private Padding() {
    }

    /** ttrpc message size of a Response with an OK status and {@code payload} bytes. */
    static int responseMessageSize(int payload) {
        return TtrpcLimits.HEADER_LENGTH + 2 + field(payload);
    }

    /** ttrpc message size of a Request for Runtime/UpdateContainers, without a deadline. */
    static int updateRequestMessageSize(int payload) {
        return TtrpcLimits.HEADER_LENGTH + field("nri.pkg.api.v1alpha1.Runtime".length())
                + field("UpdateContainers".length()) + field(payload);
    }

    /**
     * The filler length {@code n} for which {@code sizeWithFiller(n) == target}, or -1 when a
     * varint boundary skips the target (the caller then adds a second, small filler).
     */
    static int fillerFor(int target, IntUnaryOperator sizeWithFiller) {
        int lo = 0;
        int hi = target;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sizeWithFiller.applyAsInt(mid) < target) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return sizeWithFiller.applyAsInt(lo) == target ? lo : -1;
    }

    static String filler(int length) {
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = (char) ('a' + (i % 26));
        }
        return new String(chars);
    }

    static long crc(String s) {
        CRC32 crc = new CRC32();
        crc.update(s.getBytes(StandardCharsets.UTF_8));
        return crc.getValue();
    }

    private static int field(int length) {
        return length == 0 ? 0 : 1 + varint(length) + length;
    }

    private static int varint(int n) {
        int size = 1;
        while ((n & ~0x7F) != 0) {
            n >>>= 7;
            size++;
        }
        return size;
    }
}
