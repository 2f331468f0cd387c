import com.google.protobuf.Message;
import io.nri4j.api.v1alpha1.*;

public class ReflProbe {
    public static void main(String[] args) {
        ContainerAdjustment a = ContainerAdjustment.newBuilder()
                .putAnnotations("a.example.com/x", "1").putAnnotations("b.example.com/y", "2")
                .addEnv(KeyValue.newBuilder().setKey("K").setValue("V"))
                .addMounts(Mount.newBuilder().setDestination("/d").setSource("/s").setType("bind"))
                .setLinux(LinuxContainerAdjustment.newBuilder()
                        .setResources(LinuxResources.newBuilder()
                                .setMemory(LinuxMemory.newBuilder().setLimit(OptionalInt64.newBuilder().setValue(1 << 20)))
                                .setCpu(LinuxCPU.newBuilder().setShares(OptionalUInt64.newBuilder().setValue(512))))
                        .setOomScoreAdj(OptionalInt.newBuilder().setValue(100)))
                .build();
        long sink = 0;
        int rounds = Integer.parseInt(args[0]);
        boolean dynamic = args.length > 1;
        for (int r = 0; r < rounds; r++) {
            long t = System.nanoTime();
            for (int i = 0; i < 20000; i++) {
                sink += dynamic ? walkDynamic(a) : walk(a);
            }
            long ns = (System.nanoTime() - t) / 20000;
            if (r >= rounds - 5) System.out.println("round " + r + ": " + ns + " ns per walk");
        }
        System.out.println(sink);
    }

    static int walkDynamic(Message m) {
        try {
            return walk(com.google.protobuf.DynamicMessage.parseFrom(m.getDescriptorForType(), m.toByteString()));
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    static int walk(Message m) {
        int n = 0;
        for (var e : m.getAllFields().entrySet()) {
            n++;
            if (!e.getKey().isRepeated() && e.getValue() instanceof Message sub) {
                n += walk(sub);
            }
        }
        return n;
    }
}
