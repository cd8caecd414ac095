package io.scalecast.app.hpl;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the HPL skeleton needs in the child JVM, written to and read from the job's parameters in
 * this one place: the run's {@link HplConfig}, the kernel model, and the columns per pivot
 * exchange.
 *
 * @param config     the HPL.dat choices
 * @param kernels    BLAS time model
 * @param pivotGroup columns folded into one pivot exchange (1 = HPL's per-column exchange)
 */
record HplJob(HplConfig config, KernelModel kernels, int pivotGroup) {
    HplJob {
        if (pivotGroup < 1) {
            throw new IllegalArgumentException("hpl.pivot-group must be at least 1");
        }
    }

    Map<String, String> toParams() {
        Map<String, String> m = new LinkedHashMap<>(config.toParams());
        m.put("hpl.kernel", kernels.encode());
        m.put("hpl.pivot-group", Integer.toString(pivotGroup));
        return m;
    }

    static HplJob fromParams(Map<String, String> params) {
        HplConfig cfg = HplConfig.fromParams(params);
        String k = params.get("hpl.kernel");
        if (k == null) {
            throw new IllegalArgumentException("HPL skeleton parameter hpl.kernel missing");
        }
        return new HplJob(cfg, KernelModel.decode(k, ""), Integer.parseInt(params.getOrDefault("hpl.pivot-group", "1")));
    }
}
