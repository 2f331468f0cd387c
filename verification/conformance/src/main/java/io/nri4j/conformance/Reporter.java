package io.nri4j.conformance;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes one JSON object per line for the harness to read: what the plugin saw and did. A
 * line is written before the handler answers, so once a runtime call returns, its line exists.
 */
final class Reporter {

    private final PrintStream out;

    private Reporter(PrintStream out) {
        this.out = out;
    }

    static Reporter to(String file) throws IOException {
        OutputStream stream = file == null ? System.out : new FileOutputStream(file, true);
        return new Reporter(new PrintStream(stream, true, StandardCharsets.UTF_8));
    }

    Line line(String kind, String event) {
        return new Line().put("kind", kind).put("event", event);
    }

    final class Line {

        private final Map<String, Object> fields = new LinkedHashMap<>();

        Line put(String key, Object value) {
            fields.put(key, value);
            return this;
        }

        void send() {
            StringBuilder sb = new StringBuilder("{");
            fields.forEach((k, v) -> {
                if (sb.length() > 1) {
                    sb.append(',');
                }
                quote(sb, k);
                sb.append(':');
                if (v instanceof Number || v instanceof Boolean) {
                    sb.append(v);
                } else if (v instanceof Iterable<?> list) {
                    sb.append('[');
                    boolean first = true;
                    for (Object item : list) {
                        if (!first) {
                            sb.append(',');
                        }
                        first = false;
                        quote(sb, String.valueOf(item));
                    }
                    sb.append(']');
                } else {
                    quote(sb, String.valueOf(v));
                }
            });
            sb.append('}');
            synchronized (out) {
                out.println(sb);
            }
        }
    }

    private static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
