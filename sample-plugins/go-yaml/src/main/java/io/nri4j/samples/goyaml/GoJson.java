package io.nri4j.samples.goyaml;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Reads the tree {@link GoYaml} parsed into the Go types upstream's plugins declare, as
 * sigs.k8s.io/yaml and encoding/json do: a number or boolean read into a string becomes its text
 * ({@code 256} is {@code "256"}), a key matches a field exactly or else ignoring case, null leaves
 * a field at its zero value, unknown keys are ignored, and any other mismatch is an error.
 */
public final class GoJson {

    /** Go's integer types, and the range a number must fit into each. */
    public enum GoInt {
        INT32(Integer.MIN_VALUE, Integer.MAX_VALUE), INT64(Long.MIN_VALUE, Long.MAX_VALUE),
        UINT32(0, 0xffffffffL), UINT64(BigInteger.ZERO, GoText.UINT64_MAX);

        private final BigInteger min;
        private final BigInteger max;

        GoInt(long min, long max) {
            this(BigInteger.valueOf(min), BigInteger.valueOf(max));
        }

        GoInt(BigInteger min, BigInteger max) {
            this.min = min;
            this.max = max;
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private GoJson() {
    }

    /** A Go slice: null is an empty one. */
    @SuppressWarnings("unchecked")
    public static List<Object> slice(Object value, String where, String goType) {
        if (value == null) {
            return List.of();
        }
        if (value instanceof List<?> list) {
            return (List<Object>) list;
        }
        throw mismatch(value, where, goType);
    }

    /** A {@code []string}: a null item is an empty string. */
    public static List<String> strings(Object value, String where) {
        List<String> strings = new ArrayList<>();
        for (Object item : slice(value, where, "[]string")) {
            strings.add(item == null ? "" : string(item, where));
        }
        return strings;
    }

    /** A {@code map[string]string}: a null value is an empty string. */
    public static Map<String, String> stringMap(Object value, String where) {
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw mismatch(value, where, "map[string]string");
        }
        Map<String, String> strings = new LinkedHashMap<>();
        map.forEach((key, item) -> strings.put((String) key, item == null ? "" : string(item, "Go value")));
        return strings;
    }

    public static String string(Object value, String where) {
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof Double d) {
            return GoText.formatFloat32(d);
        }
        if (value instanceof BigInteger || value instanceof Boolean) {
            return value.toString();
        }
        throw mismatch(value, where, "string");
    }

    public static BigInteger integer(Object value, String where, GoInt type) {
        BigInteger integer = value instanceof BigInteger i ? i : null;
        if (value instanceof Double d && !(type.min.signum() == 0 && Double.doubleToRawLongBits(d) == Long.MIN_VALUE)) {
            integer = GoText.jsonInteger(d);
        }
        if (integer == null || integer.compareTo(type.min) < 0 || integer.compareTo(type.max) > 0) {
            throw mismatch(value, where, type.toString());
        }
        return integer;
    }

    /** A Go struct with these JSON field names; a key that names none of them is ignored. */
    @SuppressWarnings("unchecked")
    public static Struct struct(Object value, String goType, String... fields) {
        if (value == null) {
            return new Struct(goType, Map.of());
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw mismatch(value, "Go value", goType);
        }
        Map<String, List<Object>> values = new HashMap<>();
        // sigs.k8s.io/yaml hands encoding/json an object with sorted keys: a later key that
        // matches the same field (say "Name" then "name") is assigned last and wins.
        new TreeMap<>((Map<String, Object>) map).forEach((key, item) -> {
            String field = field(key, fields);
            if (field != null) {
                values.computeIfAbsent(field, f -> new ArrayList<>()).add(item);
            } else {
                requireEncodable(item);
            }
        });
        return new Struct(goType, values);
    }

    /** A decoded Go struct: every value given for each field, in the order they are assigned. */
    public record Struct(String goType, Map<String, List<Object>> values) {

        public String string(String field) {
            return last(field, item -> GoJson.string(item, where(field)), "");
        }

        public long int64(String field) {
            return last(field, item -> integer(item, where(field), GoInt.INT64), BigInteger.ZERO).longValue();
        }

        public int int32(String field) {
            return last(field, item -> integer(item, where(field), GoInt.INT32), BigInteger.ZERO).intValue();
        }

        /** A {@code uint32}, as the same bits in Java's signed int. */
        public int uint32(String field) {
            return last(field, item -> integer(item, where(field), GoInt.UINT32), BigInteger.ZERO).intValue();
        }

        /** A {@code uint64}, as the same bits in Java's signed long. */
        public long uint64(String field) {
            return last(field, item -> integer(item, where(field), GoInt.UINT64), BigInteger.ZERO).longValue();
        }

        /** A {@code []string}, which a null resets to an empty slice. */
        public List<String> strings(String field) {
            List<String> strings = List.of();
            for (Object item : values.getOrDefault(field, List.of())) {
                strings = GoJson.strings(item, where(field));
            }
            return strings;
        }

        private <T> T last(String field, Function<Object, T> decode, T zero) {
            T result = zero;
            for (Object item : values.getOrDefault(field, List.of())) {
                result = item == null ? result : decode.apply(item);
            }
            return result;
        }

        private String where(String field) {
            return "Go struct field " + goType.substring(goType.indexOf('.') + 1) + "." + field;
        }
    }

    private static String field(String key, String[] fields) {
        for (String field : fields) {
            if (field.equals(key)) {
                return field;
            }
        }
        for (String field : fields) {
            if (field.equalsIgnoreCase(key)) {
                return field;
            }
        }
        return null;
    }

    /** encoding/json cannot write a NaN or an infinity, wherever it is, even under an unknown key. */
    private static void requireEncodable(Object value) {
        if (value instanceof Double d && !Double.isFinite(d)) {
            throw new GoDecodeException("unsupported value: " + GoText.formatFloat32(d));
        }
        if (value instanceof List<?> list) {
            list.forEach(GoJson::requireEncodable);
        }
        if (value instanceof Map<?, ?> map) {
            map.values().forEach(GoJson::requireEncodable);
        }
    }

    private static GoDecodeException mismatch(Object value, String where, String goType) {
        String kind = value == null ? "null" : value instanceof String ? "string" : value instanceof Boolean ? "bool"
                : value instanceof List ? "array" : value instanceof Map ? "object" : "number " + value;
        return new GoDecodeException("cannot unmarshal " + kind + " into " + where + " of type " + goType);
    }
}
