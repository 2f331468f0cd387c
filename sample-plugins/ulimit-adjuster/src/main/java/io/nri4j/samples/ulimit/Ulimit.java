package io.nri4j.samples.ulimit;

import io.nri4j.samples.goyaml.GoDecodeException;
import io.nri4j.samples.goyaml.GoJson;
import io.nri4j.samples.goyaml.GoText;
import io.nri4j.samples.goyaml.GoYaml;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One POSIX resource limit from a {@code ulimits.noderesource.dev} annotation, e.g.
 * {@code - {type: nofile, soft: 1024, hard: 4096}}. The type is any case, with or without the
 * {@code RLIMIT_} prefix; hard and soft are uint64s (held in Java's signed long), zero if left out.
 */
record Ulimit(String type, long hard, long soft) {

    private static final String PREFIX = "RLIMIT_";
    private static final Set<String> TYPES = Set.of("AS", "CORE", "CPU", "DATA", "FSIZE", "LOCKS", "MEMLOCK",
            "MSGQUEUE", "NICE", "NOFILE", "NPROC", "RSS", "RTPRIO", "RTTIME", "SIGPENDING", "STACK");

    /**
     * The limits of an annotation value, types normalized to {@code RLIMIT_*}. Every type is
     * checked before any limit, so a bad type is reported first wherever it is.
     *
     * @throws GoDecodeException if the value is no list of limits, or a type is no rlimit
     */
    static List<Ulimit> parseAll(String value) {
        List<Ulimit> limits = GoJson.slice(GoYaml.parse(value), "Go value", "[]main.ulimit").stream()
                .map(Ulimit::parse).toList();
        return limits.stream().map(Ulimit::normalized).toList();
    }

    private static Ulimit parse(Object entry) {
        GoJson.Struct limit = GoJson.struct(entry, "main.ulimit", "type", "hard", "soft");
        return new Ulimit(limit.string("type"), limit.uint64("hard"), limit.uint64("soft"));
    }

    private Ulimit normalized() {
        String name = type.toUpperCase(Locale.ROOT);
        name = name.startsWith(PREFIX) ? name.substring(PREFIX.length()) : name;
        if (!TYPES.contains(name)) {
            throw new GoDecodeException("failed to parse type: " + GoText.quote(type));
        }
        return new Ulimit(PREFIX + name, hard, soft);
    }

    /** Whether the hard limit, the ceiling, is below the soft one: a limit the kernel refuses. */
    boolean hardBelowSoft() {
        return Long.compareUnsigned(hard, soft) < 0;
    }

    /** The two limits, for messages: {@code hard 4096, soft 1024}. */
    String limits() {
        return "hard " + Long.toUnsignedString(hard) + ", soft " + Long.toUnsignedString(soft);
    }
}
