package io.scalecast.platform;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Everything a calibrated platform file says.
 *
 * @param cluster the hosts and links
 * @param factors SMPI network factors (the calibrated piecewise model)
 * @param config  further SimGrid configuration written into {@code <config>} (key → value, in order)
 * @param props   cluster properties: {@code mpi.*} values for the simulated MPI layer and provenance
 * @param comment one-line description written as an XML comment (no dates: output is deterministic)
 */
public record PlatformModel(ClusterSpec cluster, NetworkFactors factors, Map<String, String> config,
                            Map<String, String> props, String comment) {
    public PlatformModel {
        config = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(config));
        props = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(props));
        if (comment != null && comment.contains("--")) {
            throw new IllegalArgumentException("XML comments cannot contain \"--\"");
        }
    }

    /** Same model with another cluster (e.g. a calibrated backbone). */
    public PlatformModel withCluster(ClusterSpec c) {
        return new PlatformModel(c, factors, config, props, comment);
    }

    public PlatformModel withProps(Map<String, String> more) {
        Map<String, String> p = new LinkedHashMap<>(props);
        p.putAll(more);
        return new PlatformModel(cluster, factors, config, p, comment);
    }
}
