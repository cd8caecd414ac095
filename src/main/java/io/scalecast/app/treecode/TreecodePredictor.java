package io.scalecast.app.treecode;

import io.scalecast.probe.IprobeProbe;
import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimJob;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Simulations;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.Json;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code predict treecode}: for each process count, the exact model gives the step's work and
 * cache traffic, the {@link CostModel} turns work into seconds, and SimGrid replays the step on
 * the platform ({@link TreecodeSkeleton}).
 */
public final class TreecodePredictor {
    /** Walk segments per rank (aggregation of cache misses; see TreecodeSkeleton). */
    public static final int DEFAULT_SEGMENTS = 128;
    /** sc_treecode's walk polls for cache requests once every this many node visits (and after each particle's pp forces). */
    static final int POLL_EVERY_VISITS = 64;

    /** What to predict. {@code splitter} = the decomposition (PKDGRAV's ORB or a searched one). */
    public record Config(Path platform, Particles particles, List<Integer> procs, int steps, double theta,
                         CostModel cost, Orb.Splitter splitter, int segments, Map<String, String> simParams) {
    }

    /** One process count's outcome (times are simulated seconds). */
    public record Point(int procs, double stepSeconds, double decompSeconds, double buildSeconds, double gravSeconds,
                        double kickSeconds, long flops, long interactions, long pp, long cells, long visits, long misses,
                        double walkComputeMaxSeconds, double walkComputeMeanSeconds, long messages, double simWallSeconds) {
        /** PKDGRAV's MFlops: interaction flops over the gravity wall time. */
        public double mflops() {
            return flops / gravSeconds / 1e6;
        }
    }

    private TreecodePredictor() {
    }

    public static List<Point> predict(Config c) {
        return predictMany(c, List.of(c.platform())).get(0);
    }

    /**
     * Predictions on several platforms: the exact model (the expensive part for large N) runs once
     * per process count and is replayed on every platform. Result: one list per platform, in order.
     */
    public static List<List<Point>> predictMany(Config c, List<Path> platforms) {
        List<List<Point>> out = new ArrayList<>();
        for (int i = 0; i < platforms.size(); i++) {
            out.add(new ArrayList<>());
        }
        for (int p : c.procs()) {
            Model m = model(c, p);
            for (int i = 0; i < platforms.size(); i++) {
                out.get(i).add(simulate(c, platforms.get(i), m));
            }
        }
        return out;
    }

    /** The exact model's outcome for one process count: plans per step and totals (per step). */
    record Model(int procs, List<StepPlan> plans, long flops, long inter, long pp, long cells, long visits, long misses,
                 double wmax, double wmean) {
    }

    /** Steps averaged in the results: all of one, else all but the first (count-balanced) step. */
    static int reported(int steps) {
        return steps > 1 ? steps - 1 : steps;
    }

    static Model model(Config c, int procs) {
        TreeCode tc = new TreeCode(c.particles(), procs, c.theta(), Double.NaN, TreeCode.DEFAULT_DT);
        List<StepPlan> plans = new ArrayList<>();
        long flops = 0, inter = 0, pp = 0, cells = 0, visits = 0, misses = 0;
        double wmax = 0, wmean = 0;
        for (int s = 1; s <= c.steps(); s++) {
            TreeCode.Step st = tc.step(c.splitter(), c.segments(), s < c.steps(), 2);
            plans.add(plan(st, procs, c.cost()));
            if (s == 1 && c.steps() > 1) {
                continue; // the first step balances particle counts, later ones work (as a running PKDGRAV)
            }
            for (RankCounts r : st.ranks()) {
                flops += r.flops();
                pp += r.pp();
                cells += r.soft() + r.newt();
                visits += r.visits();
                misses += r.misses();
                double w = c.cost().walkSeconds(r.visits(), r.pp(), r.soft() + r.newt());
                wmax = Math.max(wmax, w);
                wmean += w / procs / reported(c.steps());
            }
            inter += st.totalInteractions();
        }
        int k = reported(c.steps());
        return new Model(procs, plans, flops / k, inter / k, pp / k, cells / k, visits / k, misses / k, wmax, wmean);
    }

    /** The rate the kernels run at on {@code platform} with {@code procs} ranks ({@link KernelRate}). */
    static KernelRate kernelRate(Config c, Path platform, int procs) {
        String rpn = c.simParams().get("ranks-per-node");
        return KernelRate.of(c.cost(), platform, rpn == null ? 1 : Integer.parseInt(rpn), procs);
    }

    static Point simulate(Config c, Path platform, Model m) {
        SimResult r = run(c, platform, m);
        double ts = 0, td = 0, tb = 0, tg = 0, tk = 0;
        int k = 0;
        List<TreecodeJob.StepTimes> steps = TreecodeJob.StepTimes.fromRows(r.rows());
        for (TreecodeJob.StepTimes row : steps) {
            if (steps.size() > 1 && row.step() == 1) {
                continue;
            }
            k++;
            ts += row.stepSeconds();
            td += row.decompSeconds();
            tb += row.buildSeconds();
            tg += row.gravSeconds();
            tk += row.kickSeconds();
        }
        return new Point(m.procs(), ts / k, td / k, tb / k, tg / k, tk / k, m.flops(), m.inter(), m.pp(), m.cells(),
                m.visits(), m.misses(), m.wmax(), m.wmean(), r.messages(), r.wallSeconds());
    }

    /** Turns the waiting ranks' poll loops took on shared cores in a simulation of {@code m} (TreecodeSkeleton#spinWait). */
    static long spinTurns(Config c, Path platform, Model m) {
        return (long) Double.parseDouble(run(c, platform, m).value("spin_turns"));
    }

    /** CPU seconds the skeleton charged for cache misses and served requests (over ranks and steps), for tests. */
    static double exchangeCpuSeconds(Config c, Path platform, Model m) {
        return Double.parseDouble(run(c, platform, m).value("exchange_cpu_s"));
    }

    /**
     * What the skeleton sent through the simulated MPI at {@code procs} ranks on {@code platform}: per step (every step,
     * the first included), per rank, as the skeleton counted it while sending.
     */
    static List<List<TreecodeJob.RankTraffic>> skeletonTraffic(Config c, Path platform, int procs) {
        SimResult r = run(c, platform, model(c, procs));
        List<List<TreecodeJob.RankTraffic>> out = new ArrayList<>();
        for (int s = 1; s <= c.steps(); s++) {
            out.add(TreecodeJob.RankTraffic.decode(r.value(TreecodeJob.RankTraffic.KEY + s)));
        }
        return out;
    }

    /**
     * A poll's own CPU time on the target: the simulation option {@value IprobeProbe#CPU_PROPERTY}, else the platform's
     * (calibrate writes it from an iprobe trace that has the CPU column); -1 when neither has it.
     */
    static double pollCpuSeconds(Config c, Map<String, String> platformProps) {
        String v = TreecodeJob.option(c.simParams(), platformProps, IprobeProbe.CPU_PROPERTY);
        return v == null ? -1 : Double.parseDouble(v);
    }

    /** The skeleton run of one model on one platform (a SimGrid child JVM). */
    private static SimResult run(Config c, Path platform, Model m) {
        Path tmp = null;
        io.scalecast.util.Interrupts.Registration cleanup = null;
        try {
            tmp = Files.createTempFile("scalecast-treecode-", ".json");
            Path plans = tmp;
            cleanup = io.scalecast.util.Interrupts.onInterrupt(() -> plans.toFile().delete());
            AtomicFiles.writeString(tmp, Json.gson().toJson(m.plans()));
            KernelRate rate = kernelRate(c, platform, m.procs());
            Map<String, String> props = io.scalecast.platform.PlatformFile.read(platform).props();
            Map<String, String> params = new TreecodeJob(tmp, rate.anchorSpeedFlops(), c.cost().anchorPollSeconds(),
                    TreecodeJob.serviceDelay(c.simParams()), pollCpuSeconds(c, props), rate.pollSpeedFlops(),
                    TreecodeJob.Exchange.of(c.simParams(), props)).toParams(c.simParams());
            SimJob job = Simulations.job(platform, TreecodeSkeleton.class, params, List.of(), List.of());
            return SimEngine.run(job);
        } catch (IOException e) {
            throw ScalecastException.failure("cannot write the step plan: " + e.getMessage());
        } finally {
            if (tmp != null) {
                tmp.toFile().delete();
            }
            if (cleanup != null) {
                cleanup.close();
            }
        }
    }

    /** The plan of one step: work in seconds per rank and segment, traffic per owner. */
    static StepPlan plan(TreeCode.Step st, int procs, CostModel cost) {
        List<int[]> splits = new ArrayList<>();
        List<int[]> order = new ArrayList<>();
        preorder(0, procs, 0, order);
        for (int i = 0; i < st.decomposition().splits().size(); i++) {
            Orb.Split s = st.decomposition().splits().get(i);
            splits.add(new int[]{s.firstRank(), s.ranks(), s.iterations(), order.get(i)[2]});
        }
        List<long[]> moves = new ArrayList<>();
        for (Orb.Transfer t : st.decomposition().transfers()) {
            moves.add(new long[]{t.level(), t.srcRank(), t.dstRank(), t.bytes()});
        }
        List<StepPlan.Rank> ranks = new ArrayList<>();
        for (RankCounts r : st.ranks()) {
            int segs = r.segments().length;
            double[] sec = new double[segs];
            double[] polls = new double[segs];
            for (int s = 0; s < segs; s++) {
                long[] w = r.segmentWork()[s];
                sec[s] = cost.walkSeconds(w[3], w[0], w[1] + w[2]);
                // sc_treecode's serve_all(): every 64 node visits, after each particle's pp forces, after each bucket
                polls[s] = w[3] / (double) POLL_EVERY_VISITS + w[4] + w[5];
            }
            double[] lb = new double[procs];
            for (int q = 0; q < procs; q++) {
                lb[q] = r.linesFrom()[q] == 0 ? 0 : (double) r.replyBytesFrom()[q] / r.linesFrom()[q];
            }
            ranks.add(new StepPlan.Rank(r.nLocal(), r.passes() * cost.secondsPerBuildPass(),
                    r.nLocal() * cost.secondsPerParticleScan(), sec, r.segments(), lb,
                    cost.meanPollResidual(r.pollGapMoments(), r.visits(), r.pp(), r.soft() + r.newt()), polls));
        }
        return new StepPlan(procs, splits, moves, ranks);
    }

    /** Splits in the order ORB makes them (pre-order), with their depth. */
    private static void preorder(int r0, int p, int level, List<int[]> out) {
        if (p == 1) {
            return;
        }
        out.add(new int[]{r0, p, level});
        int nL = (p + 1) / 2;
        preorder(r0, nL, level + 1, out);
        preorder(r0 + nL, p - nL, level + 1, out);
    }
}
