package io.nri4j.stub;

import io.nri4j.api.v1alpha1.ConfigureRequest;
import java.time.Duration;
import java.util.Optional;

/**
 * What the runtime told the plugin in Configure, with the gaps of older runtimes filled in.
 *
 * @param name the runtime's name, e.g. {@code containerd} or {@code cri-o}
 * @param version the runtime's version, e.g. {@code v2.1.4}
 * @param config the drop-in configuration of a runtime-launched plugin; empty otherwise
 * @param reportedNriVersion the NRI version as the runtime sent it; empty before NRI v0.12.0
 * @param nriVersion the runtime's NRI version, reported or inferred from its name and version;
 *     empty if neither worked
 * @param registrationTimeout 5 s when the runtime did not say
 * @param requestTimeout the deadline of every request; 2 s when the runtime did not say
 */
public record RuntimeInfo(String name, String version, String config, String reportedNriVersion,
        Optional<NriVersion> nriVersion, Duration registrationTimeout, Duration requestTimeout) {

    /** What runtimes allow for registration unless configured otherwise (upstream's default). */
    public static final Duration DEFAULT_REGISTRATION_TIMEOUT = Duration.ofSeconds(5);
    /** What runtimes allow for each request unless configured otherwise (upstream's default). */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(2);

    static RuntimeInfo from(ConfigureRequest request) {
        Optional<NriVersion> nri = NriVersion.parse(request.getNRIVersion());
        if (nri.isEmpty()) {
            nri = RuntimeVersions.infer(request.getRuntimeName(), request.getRuntimeVersion());
        }
        return new RuntimeInfo(request.getRuntimeName(), request.getRuntimeVersion(),
                request.getConfig(), request.getNRIVersion(), nri,
                millisOr(request.getRegistrationTimeout(), DEFAULT_REGISTRATION_TIMEOUT),
                millisOr(request.getRequestTimeout(), DEFAULT_REQUEST_TIMEOUT));
    }

    /**
     * True when the runtime did not report its NRI version (runtimes before NRI v0.12.0), so that
     * the plugin inferred it from the runtime's release, or assumed
     * {@link NriVersion#OLDEST_SUPPORTED} when the release told nothing.
     */
    public boolean nriVersionInferred() {
        return NriVersion.parse(reportedNriVersion).isEmpty();
    }

    /**
     * The NRI version the plugin works with when the runtime did not report one: inferred from
     * its release, or {@link NriVersion#OLDEST_SUPPORTED}. Empty when the runtime reported it.
     */
    public Optional<NriVersion> assumedNriVersion() {
        if (!nriVersionInferred()) {
            return Optional.empty();
        }
        return Optional.of(nriVersion.orElse(NriVersion.OLDEST_SUPPORTED));
    }

    /**
     * The events this runtime accepts in a subscription: those of its NRI version, reported,
     * inferred or assumed.
     */
    public EventMask validEvents() {
        return EventMask.validFor(nriVersion.orElse(NriVersion.OLDEST_SUPPORTED));
    }

    private static Duration millisOr(long millis, Duration fallback) {
        return millis > 0 ? Duration.ofMillis(millis) : fallback;
    }
}
