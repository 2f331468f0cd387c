package io.nri4j.spring.updates;

import static org.assertj.core.api.Assertions.assertThat;

import io.nri4j.adjust.Update;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.spring.lifecycle.ConnectionState;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The updater fails its future, never the call, whatever is wrong. */
class ContainerUpdaterTests {

    private final List<Integer> counted = new CopyOnWriteArrayList<>();
    private final ContainerUpdater updater = new ContainerUpdater(new ConnectionState(Clock.systemUTC()),
            List.of(counted::add));

    @Test
    void beforeThePluginHasConnectedTheFutureFailsAndNothingIsCounted() {
        assertThat(updater.update(Update.forContainer("ctr").setLinuxCpuShares(100)))
                .failsWithin(Duration.ZERO).withThrowableThat().havingCause()
                .isInstanceOf(IllegalStateException.class).withMessage("the plugin is not connected to the runtime");
        assertThat(counted).isEmpty();
    }

    @Test
    void aNullUpdateOrListFailsTheFutureInsteadOfThrowing() {
        assertThat(updater.update(Update.forContainer("ctr"), null)).isCompletedExceptionally();
        assertThat(updater.update((Update[]) null)).isCompletedExceptionally();
        assertThat(updater.updateContainers(null)).isCompletedExceptionally();
        assertThat(updater.updateContainers(Arrays.asList((ContainerUpdate) null))).isCompletedExceptionally();
    }

    @Test
    void anUnavailableUpdaterFailsEveryFutureWithItsReason() {
        ContainerUpdater off = ContainerUpdater.unavailable("switched off");

        assertThat(off.update(Update.forContainer("ctr"))).failsWithin(Duration.ZERO).withThrowableThat()
                .havingCause().isInstanceOf(IllegalStateException.class).withMessage("switched off");
    }
}
