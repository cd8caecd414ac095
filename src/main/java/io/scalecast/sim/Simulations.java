package io.scalecast.sim;

import io.scalecast.platform.PlatformCheck;
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

    /** SimGrid's own form for {@code --cfg}: {@code name:value} (SimGrid aborts with a backtrace otherwise). */
    static void checkCfg(List<String> cfg) {
        if (cfg == null) {
            return;
        }
        for (String c : cfg) {
            int colon = c.indexOf(':');
            if (colon <= 0 || colon == c.length() - 1 || !c.substring(0, colon).matches("[A-Za-z0-9_./-]+")) {
                throw ScalecastException.badInput("--cfg " + c + ": expected key:value, e.g. network/model:CM02");
            }
        }
    }

    private static String describe(List<String> hosts) {
        return hosts.size() <= 6 ? String.join(", ", hosts)
                : String.join(", ", hosts.subList(0, 3)) + ", …, " + hosts.get(hosts.size() - 1) + ": " + hosts.size() + " hosts";
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
        java.util.Set<String> known = new java.util.HashSet<>(pf.hosts());
        for (String h : use) {
            if (h.isBlank()) {
                throw ScalecastException.badInput("empty host name in --hosts");
            }
            if (!known.contains(h)) {
                throw ScalecastException.badInput("--hosts: host \"" + h + "\" is not in platform " + platform
                        + " (it has " + describe(pf.hosts()) + ")");
            }
        }
        // what SimGrid would abort on (bad units, negative speeds, no route) is caught here, with a line number
        PlatformCheck.check(platform, use.size() > 64 ? use.subList(0, 64) : use);
        checkCfg(cfg);
        Map<String, String> p = new LinkedHashMap<>(pf.mpiProperties());
        p.putAll(params);
        Energy.addParam(platform, p);
        double timeout = Double.parseDouble(p.getOrDefault("timeout-s", Double.toString(SimJob.DEFAULT_TIMEOUT_SECONDS)));
        int heap = Integer.parseInt(p.getOrDefault("heap-mb", Integer.toString(SimJob.DEFAULT_HEAP_MB)));
        return new SimJob(skeleton.getName(), platform.toAbsolutePath().toString(), new ArrayList<>(use),
                cfg == null ? List.of() : cfg, p, timeout, heap);
    }
}
