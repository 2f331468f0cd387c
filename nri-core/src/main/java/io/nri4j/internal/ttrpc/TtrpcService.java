package io.nri4j.internal.ttrpc;

import java.util.Map;

/** A named service and its methods, as a {@link TtrpcServerEndpoint} serves it. */
public record TtrpcService(String name, Map<String, MethodHandler> methods) {

    public TtrpcService {
        methods = Map.copyOf(methods);
    }
}
