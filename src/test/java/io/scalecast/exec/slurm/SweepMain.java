package io.scalecast.exec.slurm;

import io.scalecast.exec.Progress;
import io.scalecast.exec.SimTask;
import io.scalecast.sim.SimJob;
import io.scalecast.sim.Simulations;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A separate process that runs a slow Slurm sweep, so a test can interrupt it. */
public final class SweepMain {
    private SweepMain() {
    }

    public static void main(String[] args) {
        // as cli.Main does: SIGTERM runs the registered cleanups (here the executor's scancel of its array)
        io.scalecast.util.Interrupts.install(System.err);
        Path work = Path.of(args[0]);
        List<SimTask> tasks = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            SimJob job = Simulations.job(Path.of("platforms/examples/two-hosts.xml"), TestSkeletons.Sleeper.class,
                    Map.of("wall-ms", "120000"), List.of(), List.of());
            tasks.add(new SimTask("sleep" + i, job, work.resolve("out-" + i + ".json").toString()));
        }
        new SlurmExecutor(new SlurmOptions(null, work, 0, List.of(), 0.3, 0), new PrintWriter(System.out, true))
                .runAll(tasks, Progress.none());
    }
}
