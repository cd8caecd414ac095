package io.scalecast.sim;

import io.scalecast.platform.PlatformFile;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds {@link SimJob}s from a platform file, a skeleton and parameters. */
public final class Simulations {
    private Simulations() {
    }

    /**
     * A job for {@code skeleton} on {@code platform}. The platform's {@code mpi.*} properties
     * become MPI-layer parameters unless {@code params} overrides them.
     *
     * @param hosts host names to use (null or empty: every host of the platform, in order)
     * @param cfg   extra SimGrid {@code key:value} options
     */
    public static SimJob job(Path platform, Class<? extends Skeleton> skeleton, Map<String, String> params,
                             List<String> hosts, List<String> cfg) {
        PlatformFile pf = PlatformFile.read(platform);
        List<String> use = hosts == null || hosts.isEmpty() ? pf.hosts() : hosts;
        for (String h : use) {
            if (h.isBlank()) {
                throw ScalecastException.badInput("empty host name in --hosts");
            }
        }
        Map<String, String> p = new LinkedHashMap<>(pf.mpiProperties());
        p.putAll(params);
        double timeout = Double.parseDouble(p.getOrDefault("timeout-s", Double.toString(SimJob.DEFAULT_TIMEOUT_SECONDS)));
        int heap = Integer.parseInt(p.getOrDefault("heap-mb", Integer.toString(SimJob.DEFAULT_HEAP_MB)));
        return new SimJob(skeleton.getName(), platform.toAbsolutePath().toString(), new ArrayList<>(use),
                cfg == null ? List.of() : cfg, p, timeout, heap);
    }
}
