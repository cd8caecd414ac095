package io.scalecast.probe;

import io.scalecast.util.Stats;
import io.scalecast.trace.Provenance;
import io.scalecast.trace.SummaryEntry;
import io.scalecast.trace.SummaryTrace;
import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@code measure iprobe}: what one empty {@code MPI_Iprobe} adds to a compute loop when every rank
 * computes and polls at once (sc_iprobe), under the launch's transport and MCA settings. Written as
 * a {@code summary} trace: {@value #KEY} (median over ranks × repeats × runs) with its minimum and
 * maximum, and the loop's parameters. With several launches the {@value #LAUNCHES} provenance line keeps each launch's
 * median CPU cost and their spread, so calibration can tell a reproducible poll cost from one that moves between launches.
 */
public final class IprobeProbe {
    /** The summary key calibration reads. */
    public static final String KEY = "iprobe_cost_s";
    /** Summary key: probes rank 0 made until one saw a message that arrived while it computed (median over rounds). */
    public static final String SEES_KEY = "probes_to_see";
    /** The same poll's cost in the rank's own CPU time. */
    public static final String CPU_KEY = "iprobe_cpu_cost_s";
    /** Platform property calibrate writes from {@value #CPU_KEY} (the tree-code skeleton charges it like compute). */
    public static final String CPU_PROPERTY = "mpi.iprobe-cpu-s";
    /** Platform property calibrate writes with the CPU figure: where the poll was timed ({@link #where}). */
    public static final String WHERE_PROPERTY = "mpi.iprobe-measured-in";
    /** {@value #WHERE_PROPERTY} of a poll timed inside sc_treecode's walk ({@code --treecode-particles}). */
    public static final String IN_WALK = "treecode-walk";
    /** Summary key: CPU time of one cache miss of sc_treecode's walk (request, wait with its polls, reply), {@code --poll-probe} only. */
    public static final String WAIT_KEY = "exchange_wait_cpu_s";
    /** Summary key: CPU time of one request an owner serves (receive, pack, reply), {@code --poll-probe} only. */
    public static final String SERVE_KEY = "exchange_serve_cpu_s";
    /** Platform property calibrate writes from {@value #WAIT_KEY}. */
    public static final String WAIT_PROPERTY = "mpi.request-wait-cpu-s";
    /** Platform property calibrate writes from {@value #SERVE_KEY}. */
    public static final String SERVE_PROPERTY = "mpi.request-serve-cpu-s";
    /**
     * Summary key: the CPU time of the walk without polls (phase A), per rank the median over repeats, summed over ranks: the
     * compute the cost model gives for the first step's walk, as the target ran it (a check of the cost model, not a model input).
     */
    public static final String WALK_KEY = "walk_cpu_total_s";
    /** Summary key: the ranks of the probe's launch. */
    public static final String RANKS_KEY = "ranks";
    /** Platform property calibrate writes with them: the rank's share of a core while it walked (core_share). */
    public static final String SHARE_PROPERTY = "mpi.walk-core-share";
    /** Provenance key: each launch's median CPU cost per poll and the spread between them. */
    public static final String LAUNCHES = "launches";
    /** Launches whose CPU costs spread more than this ({@link Stats#robustSpread}) are flagged by calibrate. */
    public static final double LAUNCH_SPREAD_WARN = 0.25;
    private static final Pattern LAUNCH_LINE = Pattern.compile("^\\s*(\\d+) launches; cpu cost per launch \\(s\\): ([-+0-9.eE ]+);");

    private static final String COLUMNS_NOTE = "; " + CPU_KEY + ": the same difference in the rank's own CPU time"
            + " (CLOCK_THREAD_CPUTIME_ID), which leaves out what other ranks on its core ran meanwhile; core_share: the rank's CPU"
            + " time over wall time while it only computed; median / min / max over ranks x repeats x runs; may be negative within noise";
    private static final String IN_WALK_NOTE = "cost of one empty MPI_Iprobe inside sc_treecode's own walk (--poll-probe): after"
            + " the first step, every rank walks all its buckets again against the whole top tree with its software cache warm (no"
            + " request is sent, every poll is empty), all ranks at once: (t_poll - t_work) / polls per rank and repeat, t_work ="
            + " the walk without polls, t_poll = the same walk with the code's polls (every 64 node visits, after each particle's"
            + " pp forces, after each bucket); polls and work_between_polls_s: medians over ranks (particles: ";

    private IprobeProbe() {
    }

    /**
     * @param polls   polls per timed loop
     * @param workUs  arithmetic between two polls, microseconds
     * @param repeats timed loop pairs per run
     * @param workingSetKib KiB a piece of work walks besides its arithmetic (64 dependent loads over a random chain),
     *                as a compute loop that keeps its cache full; 0 = arithmetic only
     * @param treecodeParticles null for sc_iprobe's synthetic loop; else a particle file, and the polls are timed inside
     *                sc_treecode's own walk of it ({@code --poll-probe}: after the first step each rank walks again with its
     *                cache warm, without and with the code's polls), so that the walk's memory traffic is the program's
     *                (polls, workUs and workingSetKib do not apply: the walk sets them)
     */
    public record Config(long polls, double workUs, int repeats, long workingSetKib, java.nio.file.Path treecodeParticles) {
        public Config(long polls, double workUs, int repeats) {
            this(polls, workUs, repeats, 0);
        }

        public Config(long polls, double workUs, int repeats, long workingSetKib) {
            this(polls, workUs, repeats, workingSetKib, null);
        }

        /** The poll inside sc_treecode's walk of {@code particles}, {@code repeats} pairs of walks per launch. */
        public static Config inTreecode(java.nio.file.Path particles, int repeats) {
            return new Config(100_000, 0, repeats, 0, particles);
        }

        /** The probe program: sc_iprobe, or sc_treecode with --poll-probe. */
        public String probe() {
            return treecodeParticles == null ? "iprobe" : "treecode";
        }

        public Config {
            if (workingSetKib < 0 || workingSetKib > 1_048_576) {
                throw ScalecastException.badInput("--working-set-kb must be between 0 and 1048576 (1 GiB), got " + workingSetKib);
            }
            if (polls < 1000 || polls > 100_000_000L) {
                throw ScalecastException.badInput("--polls must be between 1000 and 1e8, got " + polls);
            }
            if (!(workUs >= 0) || workUs > 10_000) {
                throw ScalecastException.badInput("--work-us must be between 0 and 10000, got " + workUs);
            }
            if (repeats < 1 || repeats > 1000) {
                throw ScalecastException.badInput("--repeats must be between 1 and 1000, got " + repeats);
            }
            if (treecodeParticles != null && !java.nio.file.Files.isReadable(treecodeParticles)) {
                throw ScalecastException.badInput(treecodeParticles + ": no such particle file (write one with scalecast treecode particles)");
            }
        }

        List<String> args() {
            if (treecodeParticles != null) {
                return List.of(treecodeParticles.toAbsolutePath().toString(), "--poll-probe", Integer.toString(repeats));
            }
            List<String> a = new ArrayList<>(List.of("--polls", Long.toString(polls), "--work-us", Double.toString(workUs),
                    "--repeats", Integer.toString(repeats)));
            if (workingSetKib > 0) {
                a.add("--working-set-kb");
                a.add(Long.toString(workingSetKib));
            }
            return a;
        }
    }

    /** Fields of an IPROBE record after its kind (src/main/c/iprobe.c). */
    static final int FIELDS = 10;

    /**
     * Per-poll figures of every IPROBE record: {rank, wall (t_poll − t_work) / polls, the rank's own CPU time
     * (cpu_poll − cpu_work) / polls, the rank's share of a core while it only computed (cpu_work / t_work), the context
     * switches it made per poll (switches_poll − switches_work) / polls, polls, work between two polls (s), cpu_work (s)}.
     */
    static List<double[]> samples(List<ProbeOutput> outs) {
        List<double[]> c = new ArrayList<>();
        for (ProbeOutput o : outs) {
            for (String[] r : o.records("IPROBE", FIELDS)) {
                long polls = ProbeOutput.integer(r, 3);
                double work = ProbeOutput.num(r, 5), poll = ProbeOutput.num(r, 6);
                double cpuWork = ProbeOutput.num(r, 7), cpuPoll = ProbeOutput.num(r, 8);
                if (polls < 1 || !(work > 0) || !(poll > 0) || !(cpuWork > 0) || !(cpuPoll > 0)) {
                    throw ScalecastException.failure("sc_iprobe: expected positive polls and times in " + String.join(" ", r));
                }
                double switches = ProbeOutput.num(r, 10) - ProbeOutput.num(r, 9);
                c.add(new double[] {ProbeOutput.integer(r, 1), (poll - work) / polls, (cpuPoll - cpuWork) / polls, cpuWork / work,
                    switches / polls, polls, ProbeOutput.num(r, 4), cpuWork});
            }
        }
        if (c.isEmpty()) {
            throw ScalecastException.failure("sc_iprobe printed no IPROBE records");
        }
        return c;
    }

    /** Field {@code k} of the samples (of one rank when {@code rank} >= 0), sorted. */
    static double[] column(List<double[]> samples, int k, int rank) {
        return samples.stream().filter(v -> rank < 0 || v[0] == rank).mapToDouble(v -> v[k]).sorted().toArray();
    }

    /**
     * Per rank: the median wall cost, CPU cost, core share and switches per poll, e.g.
     * "0: 4.1e-06 s wall, 2.0e-06 s cpu, share 0.50, 1.00 switches/poll".
     */
    private static String perRank(List<double[]> samples) {
        List<String> out = new ArrayList<>();
        samples.stream().mapToInt(v -> (int) v[0]).distinct().sorted().forEach(q -> out.add(String.format(Locale.ROOT,
                "%d: %.3e s wall, %.3e s cpu, share %.2f, %.2f switches/poll", q, Stats.median(column(samples, 1, q)),
                Stats.median(column(samples, 2, q)), Stats.median(column(samples, 3, q)), Stats.median(column(samples, 4, q)))));
        return String.join("; ", out);
    }

    public static SummaryTrace measure(ProbeRunner runner, Config cfg, int runs) {
        return measure(runner, cfg, runs, runs, 0);
    }

    /**
     * Launches the probe at least {@code minRuns} and at most {@code maxRuns} times, one after the other, and stops once
     * the launches' median CPU costs per poll agree within {@code targetSpread} ({@link Stats#robustSpread}: (max − min)
     * / median, the launch farthest from the median left out from four launches on), as {@code measure dgemm --max-runs}
     * does for the node rate.
     */
    public static SummaryTrace measure(ProbeRunner runner, Config cfg, int minRuns, int maxRuns, double targetSpread) {
        if (minRuns < 1 || maxRuns < minRuns || !(targetSpread >= 0)) {
            throw ScalecastException.badInput("iprobe: need 1 <= --runs <= --max-runs and --target-spread >= 0, got " + minRuns + ", "
                    + maxRuns + ", " + targetSpread);
        }
        Runs r = new Runs(runner, cfg.probe());
        String stop = "";
        while (true) {
            List<ProbeOutput> outs = r.run(1, cfg.args());
            if (outs.size() >= minRuns) {
                double spread = Stats.robustSpread(launchCosts(outs));
                if (spread <= targetSpread || outs.size() >= maxRuns) {
                    stop = maxRuns == minRuns ? "" : spread <= targetSpread ? " (within the target " + 100 * targetSpread + "%)"
                            : " (above the target " + 100 * targetSpread + "% after --max-runs " + maxRuns + ")";
                    break;
                }
            }
        }
        return summary(r.outputs(), cfg, r.provenance("summary"), stop);
    }

    /** Each launch's median CPU cost per poll (over its ranks × repeats), in launch order. */
    static List<Double> launchCosts(List<ProbeOutput> outs) {
        List<Double> v = new ArrayList<>();
        for (ProbeOutput o : outs) {
            v.add(Stats.median(column(samples(List.of(o)), 2, -1)));
        }
        return v;
    }

    static SummaryTrace summary(List<ProbeOutput> outs, Config cfg, Provenance p) {
        return summary(outs, cfg, p, "");
    }

    /** The summary trace of the launches' records, with {@code p} (the launches' provenance) completed. */
    static SummaryTrace summary(List<ProbeOutput> outs, Config cfg, Provenance p, String stop) {
        List<double[]> all = samples(outs);
        double[] c = column(all, 1, -1), cpu = column(all, 2, -1), share = column(all, 3, -1);
        double med = Stats.median(c);
        p.put("note", (cfg.treecodeParticles() != null ? IN_WALK_NOTE + cfg.treecodeParticles().getFileName() + ")"
                : "cost of one empty MPI_Iprobe(MPI_ANY_SOURCE) in a compute loop, every rank computing and polling at once:"
                + " (t_poll - t_work) / polls per rank and repeat, t_work = polls pieces of work-us arithmetic, t_poll = the same"
                + " with an Iprobe after each" + (cfg.workingSetKib() > 0 ? "; each piece also follows 64 links of a random chain over "
                + cfg.workingSetKib() + " KiB (a compute loop that keeps its cache full: a poll that enters the kernel evicts part of it)"
                : "")) + COLUMNS_NOTE);
        p.put("spread", String.format(Locale.ROOT, "%d samples; min %.3e s, max %.3e s; cpu min %.3e s, max %.3e s; core share %.3f to %.3f",
                c.length, c[0], c[c.length - 1], cpu[0], cpu[cpu.length - 1], share[0], share[share.length - 1]));
        p.put("per_rank", "medians over repeats x runs: " + perRank(all));
        if (outs.size() > 1) {
            List<Double> l = launchCosts(outs);
            p.put(LAUNCHES, String.format(Locale.ROOT, "%d launches; cpu cost per launch (s): %s; spread %.1f%%%s", l.size(),
                    l.stream().map(v -> String.format(Locale.ROOT, "%.3e", v)).collect(Collectors.joining(" ")),
                    100 * Stats.robustSpread(l), stop));
        }
        List<SummaryEntry> e = new ArrayList<>();
        e.add(SummaryEntry.seconds(KEY, med));
        e.add(SummaryEntry.seconds("iprobe_cost_min_s", c[0]));
        e.add(SummaryEntry.seconds("iprobe_cost_max_s", c[c.length - 1]));
        e.add(SummaryEntry.seconds(CPU_KEY, Stats.median(cpu)));
        e.add(SummaryEntry.seconds("iprobe_cpu_cost_min_s", cpu[0]));
        e.add(SummaryEntry.seconds("iprobe_cpu_cost_max_s", cpu[cpu.length - 1]));
        e.add(new SummaryEntry("core_share", String.format(Locale.ROOT, "%.4f", Stats.median(share)), "", Stats.median(share), ""));
        long polls = cfg.treecodeParticles() != null ? Math.round(Stats.median(column(all, 5, -1))) : cfg.polls();
        e.add(new SummaryEntry("polls", Long.toString(polls), "", polls, ""));
        e.add(SummaryEntry.seconds("work_between_polls_s", cfg.treecodeParticles() != null ? Stats.median(column(all, 6, -1))
                : cfg.workUs() * 1e-6));
        e.add(new SummaryEntry("working_set_kib", Long.toString(cfg.workingSetKib()), "KiB", cfg.workingSetKib() * 1024.0, "B"));
        e.add(new SummaryEntry("samples", Integer.toString(c.length), "", c.length, ""));
        if (cfg.treecodeParticles() != null) {
            // phase A's CPU time is the walk itself (cpu_work): each rank's median over repeats, summed
            double total = 0;
            int ranks = 0;
            for (int q : all.stream().mapToInt(v -> (int) v[0]).distinct().toArray()) {
                total += Stats.median(column(all, 7, q));
                ranks++;
            }
            e.add(SummaryEntry.seconds(WALK_KEY, total));
            e.add(new SummaryEntry(RANKS_KEY, Integer.toString(ranks), "", ranks, ""));
        }
        exchanges(outs, p, e);
        sees(outs, p, e);
        return new SummaryTrace(p, e);
    }

    /**
     * The SEES records of sc_iprobe (2 or more ranks): how many probes rank 0 made, without work between them, until one
     * saw a message that had arrived while it computed 5 ms; the median over rounds and launches ({@value #SEES_KEY}).
     */
    private static void sees(List<ProbeOutput> outs, Provenance p, List<SummaryEntry> e) {
        List<Double> n = new ArrayList<>();
        for (ProbeOutput o : outs) {
            for (String[] r : o.records("SEES", 2)) {
                double v = ProbeOutput.num(r, 2);
                if (!(v >= 1)) {
                    throw ScalecastException.failure("sc_iprobe: expected a probe count >= 1 in " + String.join(" ", r));
                }
                n.add(v);
            }
        }
        if (n.isEmpty()) {
            return;
        }
        double[] v = n.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        p.put("sees", String.format(Locale.ROOT, "a message that arrived while rank 0 computed 5 ms was seen by probe number"
                + " %.0f (median of %d rounds; min %.0f, max %.0f): 1 = the first probe progresses, then looks; 2 = it looks among"
                + " the messages already pulled in, then progresses", Stats.median(v), v.length, v[0], v[v.length - 1]));
        e.add(new SummaryEntry(SEES_KEY, String.format(Locale.ROOT, "%.0f", Stats.median(v)), "", Stats.median(v), ""));
    }

    /**
     * The EXCHANGE records of sc_treecode --poll-probe (its walk with the cache requests, timed in the rank's CPU time): the
     * median over ranks x repeats x launches of the CPU per cache miss ({@value #WAIT_KEY}) and per served request
     * ({@value #SERVE_KEY}); nothing from an output without them (sc_iprobe, one rank).
     */
    private static void exchanges(List<ProbeOutput> outs, Provenance p, List<SummaryEntry> e) {
        List<Double> waits = new ArrayList<>(), serves = new ArrayList<>();
        for (ProbeOutput o : outs) {
            for (String[] r : o.records("EXCHANGE", 8)) {
                double nw = ProbeOutput.num(r, 3), cw = ProbeOutput.num(r, 4), ns = ProbeOutput.num(r, 5), cs = ProbeOutput.num(r, 6);
                if (nw < 0 || ns < 0 || !(cw >= 0) || !(cs >= 0)) {
                    throw ScalecastException.failure("sc_treecode: expected counts and CPU times >= 0 in " + String.join(" ", r));
                }
                if (nw > 0) {
                    waits.add(cw / nw);
                }
                if (ns > 0) {
                    serves.add(cs / ns);
                }
            }
        }
        if (waits.isEmpty() || serves.isEmpty()) {
            return;
        }
        double[] w = waits.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double[] v = serves.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        p.put("exchange", String.format(Locale.ROOT, "the walk with its cache requests again, cache emptied first, all ranks at once:"
                + " CPU time per cache miss (request, wait with polls and yields, reply; serving inside the wait left out) median"
                + " %.3e s (min %.3e, max %.3e, %d samples), per served request (receive, pack, reply) median %.3e s (min %.3e, max %.3e)",
                Stats.median(w), w[0], w[w.length - 1], w.length, Stats.median(v), v[0], v[v.length - 1]));
        e.add(SummaryEntry.seconds(WAIT_KEY, Stats.median(w)));
        e.add(SummaryEntry.seconds(SERVE_KEY, Stats.median(v)));
    }

    /** A summary entry's value (SI), NaN where the summary has no such key. */
    public static double entry(SummaryTrace t, String key) {
        return t.entries().stream().filter(x -> x.key().equals(key)).mapToDouble(SummaryEntry::valueSi).findFirst().orElse(Double.NaN);
    }

    /** The median per-poll CPU cost ({@value #CPU_KEY}) of a summary written by {@link #measure}; NaN in a summary without it. */
    public static double cpuCost(SummaryTrace t) {
        return entry(t, CPU_KEY);
    }

    /** Where a summary's poll was timed: {@value #IN_WALK} (sc_treecode --poll-probe) or {@code loop} (sc_iprobe). */
    public static String where(SummaryTrace t) {
        return String.valueOf(t.provenance().get("probe")).contains("--poll-probe") ? IN_WALK : "loop";
    }

    /** Each launch's median CPU cost per poll from the {@value #LAUNCHES} line; empty without the line (one launch, older traces). */
    public static double[] launchCpuCosts(SummaryTrace t) {
        Matcher m = LAUNCH_LINE.matcher(String.valueOf(t.provenance().get(LAUNCHES)));
        if (!m.find()) {
            return new double[0];
        }
        double[] v = Arrays.stream(m.group(2).trim().split("\\s+")).mapToDouble(Double::parseDouble).toArray();
        return v.length == Integer.parseInt(m.group(1)) ? v : new double[0];
    }

    /** The median per-poll cost of a summary written by {@link #measure}. */
    public static double cost(SummaryTrace t, String file) {
        return t.entries().stream().filter(x -> x.key().equals(KEY)).mapToDouble(SummaryEntry::valueSi).findFirst()
                .orElseThrow(() -> ScalecastException.badInput(file + ": expected a summary trace with key " + KEY
                        + " (scalecast measure iprobe), found " + Arrays.toString(t.entries().stream().map(SummaryEntry::key).toArray())));
    }
}
