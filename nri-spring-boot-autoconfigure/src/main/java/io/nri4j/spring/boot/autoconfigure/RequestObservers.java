package io.nri4j.spring.boot.autoconfigure;

import com.google.protobuf.Message;
import io.nri4j.stub.RequestContext;
import io.nri4j.stub.RequestObserver;
import io.nri4j.stub.RequestOutcome;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The application's request observers as one, in their order. A request allocates only where an
 * observer returns one of its own from {@link #started}.
 */
final class RequestObservers implements RequestObserver {

    private static final Logger log = LoggerFactory.getLogger(RequestObservers.class);

    private final RequestObserver[] all;

    RequestObservers(List<RequestObserver> all) {
        this(all.toArray(RequestObserver[]::new));
    }

    private RequestObservers(RequestObserver[] all) {
        this.all = all;
    }

    @Override
    public void completed(RequestOutcome outcome) {
        for (RequestObserver o : all) {
            o.completed(outcome);
        }
    }

    @Override
    public RequestObserver started(RequestContext context, Message request) {
        RequestObserver[] own = null;
        for (int i = 0; i < all.length; i++) {
            RequestObserver started;
            try {
                started = all[i].started(context, request);
            } catch (RuntimeException e) {
                // The others are started already: this one is told the outcome as if it had started nothing.
                log.warn("request observer failed", e);
                continue;
            }
            if (started != null && started != all[i]) {
                if (own == null) {
                    own = all.clone();
                }
                own[i] = started;
            }
        }
        return own == null ? this : new RequestObservers(own);
    }

    @Override
    public Scope open() {
        Scope[] opened = null;
        for (int i = 0; i < all.length; i++) {
            Scope scope;
            try {
                scope = all[i].open();
            } catch (RuntimeException e) {
                log.warn("request observer failed to open its scope", e);
                continue;
            }
            if (scope != null && scope != Scope.NONE) {
                if (opened == null) {
                    opened = new Scope[all.length];
                }
                opened[i] = scope;
            }
        }
        if (opened == null) {
            return Scope.NONE;
        }
        Scope[] scopes = opened;
        return () -> {
            // Last opened, first closed, as nested scopes must be.
            for (int i = scopes.length - 1; i >= 0; i--) {
                if (scopes[i] != null) {
                    try {
                        scopes[i].close();
                    } catch (RuntimeException e) {
                        log.warn("request observer failed to close its scope", e);
                    }
                }
            }
        };
    }
}
