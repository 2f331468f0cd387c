package io.nri4j.internal.instances;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the instances know of the latest round of one request (one event for one pod or
 * container): who claimed it, whether the claimant answered, and which instances saw it.
 *
 * @param claimant the instance that handles it
 * @param answered whether the claimant's answer was about to be written
 * @param seq the shared sequence number of the last write
 * @param writtenAtMillis wall-clock time of the last write
 * @param seen the instances that were asked in this round, the claimant first
 */
record Round(String claimant, boolean answered, long seq, long writtenAtMillis, Set<String> seen) {

    Round {
        seen = Set.copyOf(seen);
    }

    static Round claimedBy(String instance, long seq, long now) {
        return new Round(instance, false, seq, now, Set.of(instance));
    }

    Round seenBy(String instance, long seq, long now) {
        Set<String> all = new LinkedHashSet<>(seen);
        all.add(instance);
        return new Round(claimant, answered, seq, now, all);
    }

    Round takenOverBy(String instance, long seq, long now) {
        Set<String> all = new LinkedHashSet<>(seen);
        all.add(instance);
        return new Round(instance, false, seq, now, all);
    }

    Round answered(long seq, long now) {
        return new Round(claimant, true, seq, now, seen);
    }

    /** One line: {@code claimant answered seq time seen,seen}. */
    String encode() {
        return claimant + ' ' + (answered ? 1 : 0) + ' ' + seq + ' ' + writtenAtMillis + ' ' + String.join(",", seen)
                + '\n';
    }

    /** The round a file holds, or null for a file that is empty or torn (treated as no round). */
    static Round decode(String text) {
        String[] f = text.trim().split(" ");
        if (f.length != 5) {
            return null;
        }
        try {
            return new Round(f[0], "1".equals(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]),
                    new LinkedHashSet<>(List.of(f[4].split(","))));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
