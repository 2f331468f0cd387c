package io.nri4j.spring.updates;

/** Told how many updates the {@link ContainerUpdater} sent, e.g. for metrics. */
@FunctionalInterface
public interface UpdatesListener {

    void sent(int updates);
}
