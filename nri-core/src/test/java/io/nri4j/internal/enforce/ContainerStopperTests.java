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
    void findsTheContainersInitProcessWhenTheRuntimeGaveNoPidPassingOverItsMonitor() throws Exception {
        victim = new ProcessBuilder("sleep", "600").start();
        cgroup(victim.pid(), "0::/nri4j/crio-abc123.scope\n", 999_999_990L);
        // CRI-O's conmon: its cgroup names the container too, and its PID may be lower.
        cgroup(1L, "8:pids:/kubepods/crio-conmon-abc123.scope\n", 0L);
        // A child of the init process, in the same cgroup.
        cgroup(999_999_999L, "0::/nri4j/crio-abc123.scope\n", victim.pid());

        assertThat(new ContainerStopper(proc).stop("abc123", 0)).isEmpty();

        await().until(() -> !victim.isAlive());
    }

    @Test
    void tellsTheContainersOwnCgroupFromOthersThatNameIt() {
        assertThat(ContainerStopper.ownCgroup("/kubepods/pod1/abc123", "abc123")).isTrue();
        assertThat(ContainerStopper.ownCgroup("/kubepods.slice/cri-containerd-abc123.scope", "abc123")).isTrue();
        assertThat(ContainerStopper.ownCgroup("/kubepods.slice/crio-abc123.scope", "abc123")).isTrue();
        assertThat(ContainerStopper.ownCgroup("/kubepods/crio-abc123", "abc123")).isTrue();
        assertThat(ContainerStopper.ownCgroup("/kubepods.slice/crio-conmon-abc123.scope", "abc123")).isFalse();
        assertThat(ContainerStopper.ownCgroup("/kubepods/crio-conmon-abc123", "abc123")).isFalse();
        assertThat(ContainerStopper.ownCgroup("/kubepods/abc123/other", "abc123")).isFalse();
    }

    @Test
    void refusesAPidWhoseCgroupIsAnotherContainers() throws Exception {
        victim = new ProcessBuilder("sleep", "600").start();
        cgroup(victim.pid(), "0::/kubepods/pod1/cri-containerd-other.scope\n");

        assertThat(new ContainerStopper(proc).stop("abc123", victim.pid()))
                .hasValueSatisfying(why -> assertThat(why).contains("hostPID"));
        assertThat(victim.isAlive()).isTrue();
    }

    @Test
    void leavesTheContainerThePluginRunsIn() throws Exception {
        victim = new ProcessBuilder("sleep", "600").start();
        cgroup(victim.pid(), "0::/kubepods/pod1/abc123\n");
        cgroup(ProcessHandle.current().pid(), "0::/kubepods/pod1/abc123\n", victim.pid());

        assertThat(new ContainerStopper(proc).stop("abc123", victim.pid()))
                .hasValueSatisfying(why -> assertThat(why).contains("the plugin runs in it"));
        assertThat(victim.isAlive()).isTrue();
    }

    private void cgroup(long pid, String content) throws Exception {
        cgroup(pid, content, 1L);
    }

    private void cgroup(long pid, String content, long parent) throws Exception {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(dir.resolve("cgroup"), content);
        Files.writeString(dir.resolve("stat"), pid + " (sleep) S " + parent + " 1 1 0 -1\n");
    }
}
