import com.google.protobuf.MessageLite;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.ContainerState;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.KeyValue;
import io.nri4j.api.v1alpha1.Mount;
import io.nri4j.api.v1alpha1.PodSandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Loads every generated NRI message class (as the stub's warm-up does), answers {@code args[0]}
 * CreateContainer requests, and prints its RSS with the AOT cache's and the anonymous mappings'
 * share of it (smaps), right after the calls and 10 s later. {@code args[1]} is the directory of
 * the generated classes. The same source compiles against protoc's full and lite output: only the
 * messages' common API is used.
 */
public class LiteProbe {
    public static void main(String[] args) throws Exception {
        int calls = Integer.parseInt(args[0]);
        Path classes = Path.of(args[1]);
        int messages = 0;
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                String name = classes.relativize(p).toString();
                if (!name.endsWith(".class")) {
                    continue;
                }
                Class<?> c = Class.forName(name.replace('/', '.').substring(0, name.length() - 6));
                if (c.isInterface() || !MessageLite.class.isAssignableFrom(c)) {
                    continue;
                }
                try {
                    MessageLite d = (MessageLite) c.getMethod("getDefaultInstance").invoke(null);
                    d.getParserForType().parseFrom(d.toBuilder().build().toByteArray());
                    messages++;
                } catch (NoSuchMethodException builderOrEnum) {
                    // not a message
                }
            }
        }
        PodSandbox pod = PodSandbox.newBuilder().setId("pod-0123456789abcdef").setName("web-0").setUid("8a7b")
                .setNamespace("default").putLabels("app", "web").putLabels("pod-template-hash", "5d9f")
                .putAnnotations("kubernetes.io/config.seen", "2026-11-27T00:00:00Z").setRuntimeHandler("runc")
                .build();
        Container.Builder container = Container.newBuilder().setId("c-0123456789abcdef0123456789abcdef")
                .setPodSandboxId(pod.getId()).setName("app").setState(ContainerState.CONTAINER_CREATED)
                .putLabels("io.kubernetes.container.name", "app").putLabels("io.kubernetes.pod.name", "web-0")
                .putAnnotations("io.kubernetes.container.hash", "1234").addArgs("/bin/app").addArgs("--port=8080")
                .addEnv("PATH=/usr/bin:/bin").addEnv("HOME=/root").addEnv("KUBERNETES_SERVICE_HOST=10.0.0.1");
        for (int i = 0; i < 6; i++) {
            container.addMounts(Mount.newBuilder().setDestination("/var/run/m" + i).setType("bind")
                    .setSource("/host/m" + i).addOptions("rbind").addOptions("ro"));
        }
        byte[] request = CreateContainerRequest.newBuilder().setPod(pod).setContainer(container).build()
                .toByteArray();
        long bytes = 0;
        for (int i = 0; i < calls; i++) {
            CreateContainerRequest r = CreateContainerRequest.parseFrom(request);
            ContainerAdjustment adjust = ContainerAdjustment.newBuilder()
                    .putAnnotations("handled.nri4j.io/bench", r.getContainer().getName())
                    .addEnv(KeyValue.newBuilder().setKey("NRI").setValue(r.getPod().getNamespace())).build();
            bytes += CreateContainerResponse.newBuilder().setAdjust(adjust).build().toByteArray().length;
        }
        String after = memory();
        // As the benchmark does: again 10 s later, after the JVM's 5 s chunk-pool cleaner has freed
        // the compiler's arenas and the chart's trim (every second) has given them back.
        Thread.sleep(10_000);
        System.out.printf("messages %d, answered %d bytes; right after: %s; 10 s later: %s%n", messages, bytes,
                after, memory());
    }

    private static String memory() throws IOException {
        long rss = 0;
        long cache = 0;
        long anon = 0;
        String mapping = "";
        for (String line : Files.readAllLines(Path.of("/proc/self/smaps"))) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 5 && f[0].contains("-") && !f[0].endsWith(":")) {
                mapping = f.length >= 6 ? f[5] : "";
            } else if (f[0].equals("Rss:")) {
                long kb = Long.parseLong(f[1]);
                rss += kb;
                if (mapping.endsWith(".aot")) {
                    cache += kb;
                } else if (mapping.isEmpty()) {
                    anon += kb;
                }
            }
        }
        return String.format("RSS %d kB (AOT cache %d, anonymous %d)", rss, cache, anon);
    }
}
