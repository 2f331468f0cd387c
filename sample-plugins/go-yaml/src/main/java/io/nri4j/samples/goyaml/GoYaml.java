package io.nri4j.samples.goyaml;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Parses an annotation value into the tree upstream's Go plugins see: the first YAML document as
 * gopkg.in/yaml.v2 reads it, map keys made strings as sigs.k8s.io/yaml does. SnakeYAML parses;
 * scalars are resolved here by yaml.v2's rules, not SnakeYAML's: {@code y}, {@code n}, {@code on}
 * and {@code off} are booleans, integers take Go's syntax ({@code 0x1f}, {@code 0o17}, {@code 017},
 * {@code 0b101}, underscores), and there are no sexagesimal numbers or timestamps.
 *
 * <p>The tree holds {@code null}, {@link Boolean}, {@link BigInteger}, {@link Double},
 * {@link String}, {@link List} and {@code Map<String, Object>}.
 */
public final class GoYaml {

    /** What the resolver answers for every scalar: tells an untagged scalar from a tagged one. */
    private static final Tag UNTAGGED = new Tag("tag:nri4j.io,2026:untagged");
    private static final String STANDARD = "tag:yaml.org,2002:";
    private static final Pattern FLOAT = Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");
    private static final Pattern DOT_FLOAT = Pattern.compile("\\.[0-9]+([eE][-+]?[0-9]+)?");
    private static final Map<String, Object> WORDS = new HashMap<>();

    static {
        words(Boolean.TRUE, "y Y yes Yes YES true True TRUE on On ON");
        words(Boolean.FALSE, "n N no No NO false False FALSE off Off OFF");
        words(null, "~ null Null NULL");
        words(Double.NaN, ".nan .NaN .NAN");
        words(Double.POSITIVE_INFINITY, ".inf .Inf .INF +.inf +.Inf +.INF");
        words(Double.NEGATIVE_INFINITY, "-.inf -.Inf -.INF");
    }

    private GoYaml() {
    }

    private static void words(Object value, String words) {
        for (String word : words.split(" ")) {
            WORDS.put(word, value);
        }
    }

    /** The first document of {@code text}; null if there is none. */
    public static Object parse(String text) {
        LoaderOptions options = new LoaderOptions();
        try {
            Composer composer = new Composer(new ParserImpl(new StreamReader(text), options), new Untagged(), options);
            return composer.checkNode() ? value(composer.getNode()) : null;
        } catch (MarkedYAMLException e) {
            Mark at = e.getProblemMark();
            throw new GoDecodeException("yaml: " + (at == null ? "" : "line " + (at.getLine() + 1) + ", column "
                    + (at.getColumn() + 1) + ": ") + e.getProblem());
        } catch (YAMLException e) {
            throw new GoDecodeException("yaml: " + e.getMessage());
        }
    }

    /** A plain, untagged scalar as yaml.v2 resolves it. */
    public static Object resolve(String text) {
        if (text.isEmpty()) {
            return null;
        }
        char hint = text.charAt(0);
        boolean number = hint == '+' || hint == '-' || (hint >= '0' && hint <= '9');
        if (!number && hint != '.' && "yYnNtTfFoO~".indexOf(hint) < 0) {
            return text;
        }
        if (WORDS.containsKey(text)) {
            return WORDS.get(text);
        }
        String plain = hint == '.' ? text : text.replace("_", "");
        BigInteger integer = number ? GoText.parseInteger(plain) : null;
        if (integer != null) {
            return integer;
        }
        if ((number ? FLOAT : DOT_FLOAT).matcher(plain).matches() && Double.isFinite(Double.parseDouble(plain))) {
            return Double.parseDouble(plain);
        }
        return text;
    }

    private static Object value(Node node) {
        if (node.getNodeId() == NodeId.scalar) {
            return scalar((ScalarNode) node);
        }
        if (node.getNodeId() == NodeId.sequence) {
            return ((SequenceNode) node).getValue().stream().map(GoYaml::value).toList();
        }
        Map<String, Object> map = new LinkedHashMap<>();
        for (NodeTuple entry : ((MappingNode) node).getValue()) {
            if (isMergeKey(entry.getKeyNode())) {
                merge(map, entry.getValueNode());
            } else {
                map.put(key(value(entry.getKeyNode())), value(entry.getValueNode()));
            }
        }
        return map;
    }

    private static Object scalar(ScalarNode node) {
        String text = node.getValue();
        if (node.getTag().equals(UNTAGGED)) {
            return node.isPlain() ? resolve(text) : text;
        }
        String tag = node.getTag().getValue();
        String name = tag.startsWith(STANDARD) ? tag.substring(STANDARD.length()) : "";
        Object resolved = resolve(text);
        switch (name) {
            case "binary":
                try {
                    byte[] bytes = Base64.getDecoder().decode(text.replaceAll("[\r\n]", ""));
                    return new String(bytes, StandardCharsets.UTF_8);
                } catch (IllegalArgumentException e) {
                    throw new GoDecodeException("!!binary value contains invalid base64 data");
                }
            case "null", "bool", "int":
                if (!kind(resolved).equals(name)) {
                    throw new GoDecodeException("cannot decode !!" + kind(resolved) + " `" + text + "` as a !!" + name);
                }
                return resolved;
            case "float":
                if (resolved instanceof BigInteger i && i.bitLength() < 64) {
                    return i.doubleValue();
                }
                if (!(resolved instanceof Double)) {
                    throw new GoDecodeException("cannot decode !!" + kind(resolved) + " `" + text + "` as a !!float");
                }
                return resolved;
            default:
                return text;
        }
    }

    private static String kind(Object resolved) {
        return resolved == null ? "null" : resolved instanceof Boolean ? "bool" : resolved instanceof BigInteger ? "int"
                : resolved instanceof Double ? "float" : "str";
    }

    private static boolean isMergeKey(Node key) {
        return key instanceof ScalarNode scalar && scalar.getValue().equals("<<")
                && (scalar.getTag().equals(Tag.MERGE) || (scalar.getTag().equals(UNTAGGED) && scalar.isPlain()));
    }

    /** {@code <<: *base} or {@code <<: [*a, *b]}: the earlier of several maps wins. */
    private static void merge(Map<String, Object> into, Node source) {
        List<Node> maps = source instanceof SequenceNode sequence ? sequence.getValue() : List.of(source);
        for (int i = maps.size() - 1; i >= 0; i--) {
            if (maps.get(i).getNodeId() != NodeId.mapping) {
                throw new GoDecodeException("map merge requires map or sequence of maps as the value");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> map = (Map<String, Object>) value(maps.get(i));
            into.putAll(map);
        }
    }

    /** A map key as sigs.k8s.io/yaml writes it into JSON. */
    private static String key(Object key) {
        if (key instanceof String s) {
            return s;
        }
        if (key instanceof Boolean || (key instanceof BigInteger i && i.bitLength() < 64)) {
            return key.toString();
        }
        if (key instanceof Double d) {
            String text = GoText.formatFloat32(d);
            return switch (text) {
                case "+Inf" -> ".inf";
                case "-Inf" -> "-.inf";
                case "NaN" -> ".nan";
                default -> text;
            };
        }
        throw new GoDecodeException("unsupported map key " + (key == null ? "null" : key));
    }

    /** Leaves every scalar untagged, so that {@link #resolve} decides what it is. */
    private static final class Untagged extends Resolver {
        @Override
        public Tag resolve(NodeId kind, String value, boolean implicit) {
            return kind == NodeId.scalar ? UNTAGGED : super.resolve(kind, value, implicit);
        }
    }
}
