package io.scalecast.app.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What the all-to-all skeleton needs in the child JVM and what it sends back, written to and read from the job's
 * parameters and result rows in this one place (as {@code app/hpl/HplJob} does for HPL).
 *
 * @param np    processes (0: one per host of the job)
 * @param sizes bytes per pair, one measurement each
 * @param iters back-to-back all-to-alls timed per size
 */
record AlltoallJob(int np, List<Long> sizes, int iters) {
    static final String NP = "np", SIZES = "sizes", ITERS = "iters";

    AlltoallJob {
        sizes = List.copyOf(sizes);
        if (np < 2 || iters < 1 || sizes.isEmpty() || sizes.stream().anyMatch(s -> s < 1)) {
            throw new IllegalArgumentException("alltoall needs np >= 2, iters >= 1 and sizes >= 1 byte");
        }
    }

    /** {@code extra} (placement and other simulation options) first, then the skeleton's own parameters. */
    Map<String, String> toParams(Map<String, String> extra) {
        Map<String, String> m = new LinkedHashMap<>(extra);
        m.put(NP, Integer.toString(np));
        m.put(SIZES, sizes.stream().map(String::valueOf).collect(Collectors.joining(",")));
        m.put(ITERS, Integer.toString(iters));
        return m;
    }

    /** The job's parameters; {@code np} defaults to the host count, {@code sizes} to 1024,65536,1048576, {@code iters} to 3. */
    static AlltoallJob fromParams(Map<String, String> p, int hostCount) {
        return new AlltoallJob(Integer.parseInt(p.getOrDefault(NP, Integer.toString(hostCount))),
                Arrays.stream(p.getOrDefault(SIZES, "1024,65536,1048576").split(",")).map(s -> Long.parseLong(s.trim())).toList(),
                Integer.parseInt(p.getOrDefault(ITERS, "3")));
    }

    /** One size's simulated time of one all-to-all, seconds (the slowest rank's). */
    record Time(long bytesPerPair, double seconds) {
        LinkedHashMap<String, String> toRow() {
            LinkedHashMap<String, String> row = new LinkedHashMap<>();
            row.put("bytes_per_pair", Long.toString(bytesPerPair));
            row.put("time_s", Double.toString(seconds));
            return row;
        }

        static Time fromRow(Map<String, String> row) {
            return new Time(Long.parseLong(row.get("bytes_per_pair")), Double.parseDouble(row.get("time_s")));
        }
    }
}
