package io.nri4j.internal.transport;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.util.Optional;

/**
 * {@code int fcntl(int fd, int cmd, int arg)} through the foreign-function API of JDK 22+, looked
 * up reflectively because the baseline is 17. Any thread.
 */
final class Fcntl {

    private static volatile MethodHandle handle;

    private Fcntl() {
    }

    /** The downcall, typed {@code (int, int, int) int}; throws on a JDK without the API. */
    static MethodHandle handle() throws ReflectiveOperationException {
        MethodHandle h = handle;
        if (h == null) {
            h = link().asType(MethodType.methodType(int.class, int.class, int.class, int.class));
            handle = h;
        }
        return h;
    }

    private static MethodHandle link() throws ReflectiveOperationException {
        Class<?> linkerClass = Class.forName("java.lang.foreign.Linker");
        Class<?> optionClass = Class.forName("java.lang.foreign.Linker$Option");
        Class<?> layoutClass = Class.forName("java.lang.foreign.MemoryLayout");
        Class<?> descriptorClass = Class.forName("java.lang.foreign.FunctionDescriptor");
        Class<?> segmentClass = Class.forName("java.lang.foreign.MemorySegment");
        Object linker = linkerClass.getMethod("nativeLinker").invoke(null);
        Object lookup = linkerClass.getMethod("defaultLookup").invoke(linker);
        // Through the public interface: the lookup's own class is internal to java.base.
        Optional<?> symbol = (Optional<?>) Class.forName("java.lang.foreign.SymbolLookup")
                .getMethod("find", String.class).invoke(lookup, "fcntl");
        Object jint = Class.forName("java.lang.foreign.ValueLayout").getField("JAVA_INT").get(null);
        Object args = Array.newInstance(layoutClass, 3);
        for (int i = 0; i < 3; i++) {
            Array.set(args, i, jint);
        }
        Object descriptor = descriptorClass.getMethod("of", layoutClass, args.getClass())
                .invoke(null, jint, args);
        // fcntl(int, int, ...) is variadic from its third argument on.
        Object options = Array.newInstance(optionClass, 1);
        Array.set(options, 0, optionClass.getMethod("firstVariadicArg", int.class).invoke(null, 2));
        return (MethodHandle) linkerClass
                .getMethod("downcallHandle", segmentClass, descriptorClass, options.getClass())
                .invoke(linker, symbol.orElseThrow(), descriptor, options);
    }
}
