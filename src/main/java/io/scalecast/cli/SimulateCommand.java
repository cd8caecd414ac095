package io.scalecast.cli;

import io.scalecast.app.bench.PingPongSkeleton;
import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimJob;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Simulations;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.Provenance;
import io.scalecast.util.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code scalecast simulate pingpong|swap|beff}: the benchmarks, run in SimGrid on a platform. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Simulate a benchmark on a SimGrid platform and write its trace (same schema as the real probe).")
final class SimulateCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BENCHMARK", description = "pingpong (swap and beff: simulated-MPI issue)")
    String benchmark;

    @Option(names = "--platform", required = true, paramLabel = "X.xml", description = "SimGrid platform file.")
    Path platform;

    @Option(names = "--out", required = true, paramLabel = "FILE.csv", description = "Output trace.")
    Path out;

    @Option(names = "--np", paramLabel = "N", description = "Number of ranks (ping-pong always uses 2).")
    Integer np;

    @Option(names = "--hosts", split = ",", paramLabel = "a,b", description = "Hosts to place ranks on (default: the platform's, in order).")
    List<String> hosts = new ArrayList<>();

    @Option(names = "--max-size", paramLabel = "BYTES", defaultValue = "16MiB",
            description = "Largest message of the sweep (default: ${DEFAULT-VALUE}).")
    String maxSize;

    @Option(names = "--sizes", split = ",", paramLabel = "B1,B2", description = "Explicit message sizes in bytes (overrides --max-size).")
    List<Long> sizes;

    @Option(names = "--cfg", paramLabel = "key:value", description = "Extra SimGrid configuration, e.g. network/model:CM02 (repeatable).")
    List<String> cfg = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (!"pingpong".equals(benchmark)) {
            spec.commandLine().getErr().println("scalecast simulate " + benchmark + ": not implemented yet (issue #6); available: pingpong");
            return 1;
        }
        long[] sz = sizes != null && !sizes.isEmpty() ? sizes.stream().mapToLong(Long::longValue).toArray()
                : PingPongSkeleton.defaultSizes(Units.parseBytes(maxSize));
        Map<String, String> params = new LinkedHashMap<>();
        params.put("sizes", PingPongSkeleton.joinSizes(sz));
        SimJob job = Simulations.job(platform, PingPongSkeleton.class, params, hosts, cfg);
        SimResult r = SimEngine.run(job);
        Provenance prov = new Provenance()
                .put("kind", "pingpong")
                .put("source", "simulated: SimGrid " + VersionProvider.simgridVersion() + " (scalecast " + VersionProvider.VERSION + ")")
                .put("platform", platform.toString())
                .put("hosts", job.hosts().get(0) + "," + job.hosts().get(1))
                .put("cfg", String.join(" ", job.cfg()))
                .put("time_s", "one-way = round trip / 2");
        CsvTable t = new CsvTable(prov, List.of("size_bytes", "time_s", "bandwidth_Bps"));
        r.rows().forEach(t::addRow);
        t.write(this.out);
        out.printf(Locale.ROOT, "simulated ping-pong: %d sizes, %s, 1 B one-way %.3f us, %s bandwidth %.2f MB/s%n",
                t.size(), job.hosts().get(0) + "<->" + job.hosts().get(1), t.number(0, "time_s") * 1e6,
                t.get(t.size() - 1, "size_bytes") + " B", t.number(t.size() - 1, "bandwidth_Bps") / 1e6);
        out.printf(Locale.ROOT, "wrote %s (simulation %.2f s wall)%n", this.out, r.wallSeconds());
        return 0;
    }
}
