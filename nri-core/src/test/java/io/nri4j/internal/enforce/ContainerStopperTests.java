package io.nri4j.internal.enforce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A /proc of our own: each process directory holds the cgroup file the stopper reads. */
class ContainerStopperTests {

    @TempDir
    Path proc;

    private Process victim;

    @AfterEach
    void kill() {
        if (victim != null) {
            victim.destroyForcibly();
        }
    }

    @Test
    void killsTheProcessWhoseCgroupNamesTheContainer() throws Exception {
        victim = new ProcessBuilder("sleep", "600").start();
        cgroup(victim.pid(), "0::/kubepods/pod1/cri-containerd-abc123.scope\n");

        assertThat(new ContainerStopper(proc).stop("abc123", victim.pid())).isEmpty();

        await().until(() -> !victim.isAlive());
    }

    @Test
    void findsTheProcessWhenTheRuntimeGaveNoPid() throws Exception {
        victim = new ProcessBuilder("sleep", "600").start();
        cgroup(victim.pid(), "0::/nri4j/abc123\n");
        cgroup(999_999_999L, "0::/other\n");

        assertThat(new ContainerStopper(proc).stop("abc123", 0)).isEmpty();

        await().until(() -> !victim.isAlive());
    }

    @Test
    void refusesAPidWhoseCgroupIsAnotherContainers() throws Exception {
        victim = new ProcessBuilder("sleep", "600").start();
        cgroup(victim.pid(), "0::/kubepods/pod1/cri-containerd-other.scope\n");

        assertThat(new ContainerStopper(proc).stop("abc123", victim.pid()))
                .hasValueSatisfying(why -> assertThat(why).contains("hostPID"));
        assertThat(victim.isAlive()).isTrue();
    }

    private void cgroup(long pid, String content) throws Exception {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(dir.resolve("cgroup"), content);
    }
}
