package io.scalecast.probe;

import io.scalecast.trace.AlltoallTable;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.Provenance;
import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** {@code measure alltoall}: the time of MPI_Alltoall through {@code sc_alltoall} (src/main/c/alltoall.c). */
public final class AlltoallProbe {
    private AlltoallProbe() {
    }

    /**
     * @param sizes       bytes every process sends every other one, one measurement each
     * @param repetitions timed repetitions per size and launch
     * @param iterations  back-to-back all-to-alls per repetition (the repetition's time is their mean)
     */
    public record Config(List<Long> sizes, int repetitions, int iterations) {
        public Config {
            sizes = List.copyOf(sizes);
            if (sizes.isEmpty() || sizes.stream().anyMatch(s -> s < 1 || s > (1L << 28))) {
                throw ScalecastException.badInput("--sizes " + sizes + ": expected 1 to 268435456 bytes per pair, at least one size");
            }
            if (repetitions < 1 || iterations < 1) {
                throw ScalecastException.badInput("alltoall: need --reps >= 1 and --iters >= 1, got " + repetitions + " and " + iterations);
            }
        }

        List<String> args() {
            return List.of("--sizes", sizes.stream().map(String::valueOf).collect(Collectors.joining(",")),
                    "--reps", Integer.toString(repetitions), "--iters", Integer.toString(iterations));
        }
    }

    /** Every repetition, and the median per size with its spread. */
    public record Result(CsvTable trace, CsvTable summary) {
    }

    static List<AlltoallTable.Sample> parse(ProbeOutput o, int run) {
        List<AlltoallTable.Sample> l = new ArrayList<>();
        for (String[] r : o.records("A2A", 4)) {
            l.add(new AlltoallTable.Sample(ProbeOutput.integer(r, 1), run, (int) ProbeOutput.integer(r, 3), ProbeOutput.num(r, 4)));
        }
        if (l.isEmpty()) {
            throw ScalecastException.failure("sc_alltoall printed no A2A records");
        }
        return l;
    }

    public static Result measure(ProbeRunner runner, Config cfg, int runs) {
        Runs r = new Runs(runner, "alltoall");
        List<AlltoallTable.Sample> all = new ArrayList<>();
        int run = 0;
        for (ProbeOutput o : r.run(runs, cfg.args())) {
            all.addAll(parse(o, run++));
        }
        int procs = Integer.parseInt(r.outputs().get(0).info("procs", Integer.toString(runner.launch().processes())));
        String note = "time_s = one MPI_Alltoall (the slowest process's mean over " + cfg.iterations()
                + " back-to-back calls after a barrier, one untimed call per size first); " + cfg.repetitions()
                + " repetitions per size and launch, " + runs + " launch(es); bandwidth_Bps = procs * (procs - 1) * bytes_per_pair / time_s";
        Provenance p = r.provenance("alltoall").put("note", note);
        Provenance ps = r.provenance("alltoall").put("note", note + "; summary: median over every repetition of every launch,"
                + " min, max and spread = (max - min) / median");
        return new Result(AlltoallTable.raw(p, procs, all), AlltoallTable.summary(ps, procs, all));
    }
}
