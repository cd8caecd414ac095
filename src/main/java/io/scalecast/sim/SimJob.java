package io.scalecast.sim;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One simulation to run in a child JVM.
 *
 * @param skeleton       class name of a {@link Skeleton}
 * @param platform       path of the SimGrid platform XML
 * @param hosts          host names in placement order (from the platform reader)
 * @param cfg            SimGrid {@code --cfg=key:value} options (without the prefix), e.g. "network/model:CM02"
 * @param params         the skeleton's parameters, including the MPI layer's {@code mpi.*} keys
 * @param timeoutSeconds wall-clock limit for the child; it is killed beyond it
 * @param maxHeapMb      child JVM heap limit in MiB
 */
public record SimJob(String skeleton, String platform, List<String> hosts, List<String> cfg,
                     Map<String, String> params, double timeoutSeconds, int maxHeapMb) {
    public SimJob {
        Objects.requireNonNull(skeleton, "skeleton");
        Objects.requireNonNull(platform, "platform");
        hosts = List.copyOf(hosts);
        cfg = List.copyOf(cfg);
        params = Map.copyOf(params);
        if (!(timeoutSeconds > 0)) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        if (maxHeapMb < 64) {
            throw new IllegalArgumentException("child heap must be at least 64 MiB");
        }
    }

    public static final double DEFAULT_TIMEOUT_SECONDS = 1800;
    public static final int DEFAULT_HEAP_MB = 1024;
}
