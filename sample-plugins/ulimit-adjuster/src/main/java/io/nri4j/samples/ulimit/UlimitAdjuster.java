package io.nri4j.samples.ulimit;

import com.google.protobuf.TextFormat;
import io.nri4j.adjust.Adjustment;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.samples.goyaml.GoDecodeException;
import io.nri4j.samples.goyaml.GoText;
import io.nri4j.samples.goyaml.InvalidAnnotationException;
import io.nri4j.spring.annotation.OnCreateContainer;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Sets the rlimits a pod annotates for one of its containers, under
 * {@code ulimits.noderesource.dev/container.<name>} (or the older
 * {@code ulimits.nri.containerd.io/container.<name>}). There is no pod-wide key. A value that
 * cannot be read, an unknown type or a hard limit below the soft one fails the container's creation.
 */
@Component
class UlimitAdjuster {

    static final String KEY = "ulimits.noderesource.dev";
    static final String OLD_KEY = "ulimits.nri.containerd.io";

    private static final Logger log = LoggerFactory.getLogger(UlimitAdjuster.class);

    @OnCreateContainer
    Adjustment adjust(PodSandbox pod, Container container) {
        String value = annotation(pod, container.getName());
        if (value.isEmpty()) {
            return Adjustment.create();
        }
        List<Ulimit> limits;
        try {
            limits = Ulimit.parseAll(value);
        } catch (GoDecodeException e) {
            throw new InvalidAnnotationException(pod, container,
                    "invalid ulimits annotation " + GoText.quote(value) + ": " + e.getMessage(), e);
        }
        Adjustment adjust = Adjustment.create();
        for (Ulimit limit : limits) {
            if (limit.hardBelowSoft()) {
                throw new InvalidAnnotationException(pod, container,
                        "ulimit " + GoText.quote(limit.type()) + " must have hard limit >= soft limit ("
                                + limit.limits() + ")", null);
            }
            try {
                adjust = adjust.addRlimit(limit.type(), limit.hard(), limit.soft());
            } catch (IllegalArgumentException e) {
                // A type given twice: upstream sends both, and the runtime refuses the second
                // as a conflict of the plugin with itself; the builder refuses it here.
                throw new InvalidAnnotationException(pod, container, e.getMessage(), e);
            }
        }
        if (!limits.isEmpty()) {
            log.info("{}/{}/{}: {}", pod.getNamespace(), pod.getName(), container.getName(),
                    TextFormat.shortDebugString(adjust.build()));
        }
        return adjust;
    }

    /** The first of the two keys present, even if empty (and then there is nothing to do). */
    private static String annotation(PodSandbox pod, String container) {
        for (String key : new String[] {KEY + "/container." + container, OLD_KEY + "/container." + container}) {
            String value = pod.getAnnotationsMap().get(key);
            if (value != null) {
                return value;
            }
        }
        return "";
    }
}
