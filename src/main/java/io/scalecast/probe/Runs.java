package io.scalecast.probe;

import io.scalecast.trace.Provenance;

import java.util.ArrayList;
import java.util.List;

/**
 * Several launches of the same probe (the committed traces are repeated, see DEVELOPING.md) and
 * the provenance they share: host, MPI, date, exact command, placement, load average of each run.
 */
public final class Runs {
    private final ProbeRunner runner;
    private final String probe;
    private final List<ProbeOutput> outputs = new ArrayList<>();
    private final String date = MachineInfo.now();

    public Runs(ProbeRunner runner, String probe) {
        this.runner = runner;
        this.probe = probe;
    }

    /** {@code runs} launches of {@code probe} with {@code args} (at least one: bad input otherwise). */
    static Runs launched(ProbeRunner runner, String probe, int runs, List<String> args) {
        if (runs < 1) {
            throw io.scalecast.util.ScalecastException.badInput(probe + ": --runs must be at least 1, got " + runs);
        }
        Runs r = new Runs(runner, probe);
        r.run(runs, args);
        return r;
    }

    /** Launches the probe {@code count} times with the same arguments. */
    public List<ProbeOutput> run(int count, List<String> args) {
        for (int i = 0; i < count; i++) {
            outputs.add(runner.run(probe, args));
        }
        return outputs;
    }

    /** Launches once more with other arguments or another launch (e.g. fewer processes). */
    public ProbeOutput runWith(Launch launch, List<String> args) {
        ProbeOutput o = runner.run(launch, io.scalecast.util.Home.probe(probe), args);
        outputs.add(o);
        return o;
    }

    public List<ProbeOutput> outputs() {
        return outputs;
    }

    /** Provenance common to every measured trace; callers add {@code note} and spread. */
    public Provenance provenance(String kind) {
        ProbeOutput first = outputs.get(0);
        Provenance p = new Provenance();
        p.put("kind", kind);
        p.put("source", "scalecast C+MPI probe sc_" + probe + " (src/main/c/" + probe + ".c), "
                + first.info("mpi_library", "MPI library unknown"));
        p.put("host", MachineInfo.host() + " (" + first.info("uname", "uname unknown") + ", "
                + MachineInfo.cores() + " cores visible)");
        p.put("mpi", MachineInfo.mpiVersion(runner.launch()));
        p.put("date", date);
        List<String> cmds = new ArrayList<>();
        for (ProbeOutput o : outputs) {
            if (!cmds.contains(o.command())) {
                cmds.add(o.command());
            }
        }
        p.put("command", String.join(" ; ", cmds) + (outputs.size() > 1 ? " (" + outputs.size() + " runs)" : ""));
        p.put("placement", runner.launch().describe() + "; ranks " + first.info("placement", "unknown"));
        List<String> loads = new ArrayList<>();
        for (ProbeOutput o : outputs) {
            loads.add("[" + o.loadavg() + "]");
        }
        p.put("loadavg", String.join(" ", loads));
        p.put("probe", first.info("probe", "sc_" + probe));
        return p;
    }
}
