package io.scalecast.app.replay;

import io.scalecast.platform.PlatformFile;
import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimJob;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Simulations;
import io.scalecast.trace.ti.TiTrace;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Predicts a recorded program's run time on a platform by replaying its trace: on scalecast's simulated MPI
 * ({@link ReplaySkeleton} in a child JVM, the default) or on SMPI's ({@link SmpiReplay}).
 */
public final class TracePredictor {
    private TracePredictor() {
    }

    /** Which simulated MPI replays the trace. */
    public enum Engine {
        SCALECAST, SMPI;

        public static Engine parse(String s) {
            return switch (s) {
                case "scalecast" -> SCALECAST;
                case "smpi" -> SMPI;
                default -> throw ScalecastException.badInput("--engine " + s + ": expected scalecast or smpi");
            };
        }

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * @param trace        the checked trace folder
     * @param platform     the SimGrid platform
     * @param ranksPerNode ranks per host (block placement)
     * @param cfg          extra SimGrid {@code key:value} options
     * @param app          the program's name in tables (default: the trace folder's name)
     * @param polls        the recorded polls' CPU charged ({@link ReplayPolls}; scalecast's engine only), or null
     */
    public record Config(TiTrace trace, Path platform, int ranksPerNode, List<String> cfg, String app, ReplayPolls polls) {
        public Config {
            cfg = List.copyOf(cfg);
        }

        public Config(TiTrace trace, Path platform, int ranksPerNode, List<String> cfg, String app) {
            this(trace, platform, ranksPerNode, cfg, app, null);
        }

        public Config(TiTrace trace, Path platform, int ranksPerNode, List<String> cfg) {
            this(trace, platform, ranksPerNode, cfg, trace.dir().toAbsolutePath().normalize().getFileName().toString());
        }

        /** The same with the recorded polls charged ({@link ReplayPolls#of}). */
        public Config withPolls(double computeFlops) {
            return new Config(trace, platform, ranksPerNode, cfg, app, ReplayPolls.of(this, computeFlops));
        }

        /** Hosts the ranks occupy (block placement). */
        public int nodes() {
            return (trace.ranks() + ranksPerNode - 1) / ranksPerNode;
        }
    }

    /** One rank's breakdown, in simulated seconds. */
    public record RankRow(int rank, String host, double computeSeconds, double commSeconds, double waitSeconds,
                          double finishSeconds, long messages, long bytes, long events) {
    }

    /**
     * @param engine           who replayed
     * @param predictedSeconds simulated run time (the last rank's end)
     * @param ranks            per-rank breakdown (empty under SMPI, which reports only the total)
     * @param simMessages      point-to-point messages simulated, collectives' included (scalecast only; 0 under SMPI)
     * @param wallSeconds      wall time of the simulation
     * @param notes            what the engine could not express, or other caveats
     * @param command          SMPI's command line (empty for scalecast)
     * @param energyJoules     joules of the rank hosts over the run from SimGrid's host energy plugin (scalecast's engine,
     *                         a platform with power profiles: sim.Energy), else NaN
     */
    public record Prediction(Engine engine, double predictedSeconds, List<RankRow> ranks, long simMessages,
                             double wallSeconds, List<String> notes, String command, double energyJoules) {
    }

    /** Checks that the ranks fit on the platform. */
    public static void checkFits(Config c) {
        int hosts = PlatformFile.read(c.platform()).hosts().size();
        if (c.ranksPerNode() < 1) {
            throw ScalecastException.badInput("--ranks-per-node " + c.ranksPerNode() + ": expected at least 1");
        }
        if ((long) hosts * c.ranksPerNode() < c.trace().ranks()) {
            throw ScalecastException.badInput("the trace has " + c.trace().ranks() + " ranks; platform " + c.platform()
                    + " has " + hosts + " host(s) x " + c.ranksPerNode() + " rank(s) per node; use --ranks-per-node "
                    + ((c.trace().ranks() + hosts - 1) / hosts));
        }
    }

    public static Prediction predict(Config c, Engine engine) {
        checkFits(c);
        if (engine == Engine.SMPI && c.polls() != null) {
            throw ScalecastException.badInput("--polls: only --engine scalecast charges the recorded polls (SMPI replays the"
                    + " trace files as they are)");
        }
        return engine == Engine.SMPI ? smpi(c) : scalecast(c);
    }

    /** The job that replays {@code c} on scalecast's simulated MPI. */
    public static SimJob job(Config c) {
        Map<String, String> params = new ReplayJob(c.trace().list().toAbsolutePath(), c.polls() == null ? 1 : c.polls().scale())
                .toParams(Map.of("ranks-per-node", Integer.toString(c.ranksPerNode())));
        List<String> hosts = PlatformFile.read(c.platform()).hosts();
        int used = Math.min(hosts.size(), c.nodes());
        return Simulations.job(c.platform(), ReplaySkeleton.class, params, hosts.subList(0, used), c.cfg());
    }

    private static Prediction scalecast(Config c) {
        SimJob job = job(c);
        SimResult r = SimEngine.run(job);
        List<RankRow> rows = new ArrayList<>();
        for (Map<String, String> m : r.rows()) {
            ReplayJob.Rank rank = ReplayJob.Rank.fromRow(m);
            rows.add(rank.on(job.hosts().get(rank.rank() / c.ranksPerNode())));
        }
        return new Prediction(Engine.SCALECAST, ReplayJob.predictedSeconds(r), rows, r.messages(), r.wallSeconds(), List.of(), "",
                r.energyJoules());
    }

    private static Prediction smpi(Config c) {
        SmpiReplay.Result r = SmpiReplay.run(c.trace(), c.platform(), c.ranksPerNode(), c.cfg());
        return new Prediction(Engine.SMPI, r.simulatedSeconds(), List.of(), 0, r.wallSeconds(), r.options().notExpressed(),
                r.command(), Double.NaN);
    }
}
