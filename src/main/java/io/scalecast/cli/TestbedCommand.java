package io.scalecast.cli;

import io.scalecast.report.TableFormat;
import io.scalecast.report.Table;
import io.scalecast.report.Column;
import io.scalecast.testbed.TestbedRun;
import io.scalecast.testbed.TestbedSpec;
import io.scalecast.testbed.TestbedState;
import io.scalecast.testbed.Testbeds;
import io.scalecast.util.ScalecastException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code scalecast testbed up|down|status|run}: an emulated cluster in network namespaces (root). */
@Command(name = "testbed", mixinStandardHelpOptions = true,
        description = "Emulated multi-node cluster in network namespaces joined by tbf-shaped links (needs root).",
        subcommands = {TestbedCommand.Up.class, TestbedCommand.Down.class, TestbedCommand.Status.class, TestbedCommand.Run.class,
                TestbedCommand.TabulateHpcc.class})
final class TestbedCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code --name} of {@code up}, {@code down} and {@code run}. */
    static final class Name {
        @Option(names = "--name", description = "Testbed name (1-8 of a-z0-9), default ${DEFAULT-VALUE}.", defaultValue = TestbedSpec.DEFAULT_NAME)
        String name;
    }

    /** Options shared by {@code up} and {@code run --ephemeral}. */
    static final class Shape {
        @Option(names = "--nodes", description = "Number of nodes (namespaces), default ${DEFAULT-VALUE}.", defaultValue = "2")
        int nodes;
        @Option(names = "--rate", description = "Link rate of each node: 100mbit, 1gbit, ... or none (unshaped); default ${DEFAULT-VALUE}.",
                defaultValue = "100mbit")
        String rate;
        @Option(names = "--burst", description = "tbf bucket size (e.g. 64KiB); default: max(64 KiB, 4 ms at the rate).")
        String burst;
        @Option(names = "--slots", description = "MPI slots per node in the hostfile, default ${DEFAULT-VALUE}.", defaultValue = "1")
        int slots;
        @Option(names = "--line-rate-cap", description = "Never faster than the rate, like a real NIC: tbf peakrate 1.01 x rate"
                + " with a small peak bucket, so a lone message below the burst no longer crosses at several times the rate."
                + " Default off (traces/testbed/*.csv were taken without it, traces/testbed/capped/ with it).")
        boolean lineRateCap;
        @Option(names = "--peak-bucket", description = "Peak bucket (tbf mtu) of --line-rate-cap; default: 3200 bytes"
                + " (two 1500-byte packets) up to 100mbit, 96 KiB above (smaller ones lose rate at 1gbit on this host).")
        String peakBucket;
        @Option(names = "--no-pin", description = "Let every node run on any of the host's cores. Default: each node gets its own"
                + " share (2 nodes on 2 cores: one each; more nodes than cores: round-robin), as separate machines have;"
                + " unpinned, the scheduler sometimes puts two nodes' ranks on one core.")
        boolean noPin;
        @Option(names = "--groups", defaultValue = "1", description = {"Split the nodes into this many groups of consecutive nodes,"
                + " each on its own bridge (a leaf switch) with one shaped uplink to a core bridge: an oversubscribed two-level switch"
                + " (--nodes 4 --groups 2: nodes 0,1 | 2,3; at the node rate 2:1). Must divide --nodes; default ${DEFAULT-VALUE} (one bridge)."})
        int groups;
        @Option(names = "--uplink-rate", description = "Rate of each group's uplink (tbf on both ends, like a node link); default: the node rate.")
        String uplinkRate;

        TestbedSpec spec(String name) {
            TestbedSpec s = TestbedSpec.of(name, nodes, rate, burst, slots, lineRateCap, peakBucket).withPinned(!noPin);
            return s.withGroups(io.scalecast.testbed.TestbedGroups.of(groups, uplinkRate, nodes, s.rateBitsPerSecond()));
        }
    }

    static void describe(PrintWriter out, TestbedState s) {
        String cap = s.capLabel().isEmpty() ? "" : ", " + s.capLabel();
        String groups = s.groupLabel().isEmpty() ? "" : ", " + s.groupLabel();
        out.printf("testbed %s: %d node(s), rate %s, burst %d bytes%s%s, subnet %s, %s%n", s.name(), s.nodes(), s.rateLabel(),
                s.burstBytes(), cap, groups, s.layout().subnetCidr(), s.cpuLabel());
        if (s.groups().grouped()) {
            out.printf("  group bridges %s, each with a shaped uplink to the core bridge %s%n",
                    String.join(" ", s.bridges().subList(1, s.bridges().size())), s.bridge());
        }
        Table t = new Table("testbed nodes", List.of(Column.number("node"), Column.text("address"), Column.text("namespace"),
                Column.text("cpus"), Column.text("group")));
        for (int k = 0; k < s.nodes(); k++) {
            t.add(k, s.addresses().get(k), s.namespaces().get(k), s.pinned() ? "cores " + s.nodeCpus().get(k) : "any core",
                    s.groups().grouped() ? Integer.toString(s.groups().groupOf(k, s.nodes())) : "");
        }
        TableFormat.TEXT.render(t).lines().forEach(l -> out.println("  " + l));
        out.printf("  mpirun: %s%n", s.mpirun());
    }

    @Command(name = "up", mixinStandardHelpOptions = true, description = "Create the nodes, the bridge and the shaped links.")
    static final class Up implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        Name testbed = new Name();
        @Mixin
        Shape shape = new Shape();

        @Override
        public Integer call() {
            TestbedSpec ts = shape.spec(testbed.name);
            TestbedState s = Testbeds.up(ts);
            describe(spec.commandLine().getOut(), s);
            return 0;
        }
    }

    @Command(name = "down", mixinStandardHelpOptions = true, description = "Remove everything the testbed made (processes, namespaces, links, state).")
    static final class Down implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        Name testbed = new Name();

        @Override
        public Integer call() {
            String name = testbed.name;
            List<String> removed = Testbeds.down(name);
            PrintWriter out = spec.commandLine().getOut();
            if (removed.isEmpty()) {
                out.println("testbed " + name + ": nothing to remove");
            } else {
                out.println("testbed " + name + " removed: " + String.join(", ", removed));
            }
            return 0;
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true, description = "List the testbeds that are up, with their nodes and addresses.")
    static final class Status implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            List<Testbeds.Status> all = Testbeds.status();
            if (all.isEmpty()) {
                out.println("no testbed is up");
            }
            int bad = 0;
            for (Testbeds.Status st : all) {
                describe(out, st.state());
                if (!st.healthy()) {
                    out.println("  BROKEN, missing: " + String.join(", ", st.missing()) + " (scalecast testbed down --name " + st.state().name() + ")");
                    bad++;
                }
            }
            return bad == 0 ? 0 : 1;
        }
    }

    @Command(name = "run", mixinStandardHelpOptions = true,
            description = {"Run a command in node 0's namespace; {mpirun} in it becomes mpirun across the nodes",
                    "(TCP only, testbed subnet, yield when idle, generated hostfile). Also {hostfile}, {nodes};",
                    "environment: SCALECAST_MPIRUN, SCALECAST_MPIRUN_ARGS, SCALECAST_HOSTFILE, SCALECAST_NODES, SCALECAST_TESTBED.",
                    "Exit code: the command's, 124 on timeout.",
                    "Example: scalecast testbed run --ephemeral --nodes 2 --rate 1gbit -- {mpirun} -np 2 NPopenmpi"})
    static final class Run implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        Name testbed = new Name();
        @Option(names = "--ephemeral", description = "Bring the testbed up before and down after the command (also on failure or timeout).")
        boolean ephemeral;
        @Mixin
        Shape shape = new Shape();
        @Option(names = "--timeout", description = "Kill the command (and everything on the testbed) after this many seconds; 0 = never. Default ${DEFAULT-VALUE}.",
                defaultValue = "0")
        long timeoutSeconds;
        @Option(names = "--workdir", description = "Working directory of the command (default: the current one).")
        Path workDir;
        @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The command and its arguments (after --).")
        List<String> command = new ArrayList<>();

        @Override
        public Integer call() {
            if (timeoutSeconds < 0) {
                throw ScalecastException.badInput("--timeout " + timeoutSeconds + ": expected seconds >= 0");
            }
            String name = testbed.name;
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            if (!ephemeral) {
                Testbeds.requireSupported();
                return TestbedRun.run(Testbeds.require(name), command, timeoutSeconds, workDir, out, err);
            }
            TestbedSpec ts = shape.spec(name);
            // registered before up: an interrupt while the testbed comes up takes down what exists of it
            try (io.scalecast.util.Interrupts.Registration downOnInterrupt =
                         io.scalecast.util.Interrupts.onInterrupt(() -> Testbeds.down(name))) {
                try {
                    TestbedState s = Testbeds.up(ts);
                    return TestbedRun.run(s, command, timeoutSeconds, workDir, out, err);
                } finally {
                    if (!io.scalecast.util.Interrupts.interrupted()) {
                        Testbeds.down(name);
                    }
                }
            }
        }
    }

    @Command(name = "tabulate-hpcc", mixinStandardHelpOptions = true,
            description = {"Turn raw HPCC runs (folders with hpccoutf.txt, hpccinf.txt, run.txt as written by",
                    "scripts/real-runs/collect.sh) into measured.csv (HPL median per N/NB/P/Q with spread),",
                    "runs.csv (every run with the same run's StarDGEMM and ping-pong) and dgemm.csv;",
                    "with --shapes, also the shape traces of the same windows merged into dgemm-shapes.csv."})
    static final class TabulateHpcc implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Parameters(index = "0", paramLabel = "RAW_DIR", description = "Folder holding the run folders.")
        Path raw;
        @Option(names = "--out", required = true, description = "Folder to write measured.csv, runs.csv and dgemm.csv into.")
        Path out;
        @Option(names = "--nodes", defaultValue = "1", description = "Nodes the ranks ran on (1 = shared memory), default ${DEFAULT-VALUE}.")
        int nodes;
        @Option(names = "--placement", required = true, description = "How ranks were placed, for provenance.")
        String placement;
        @Option(names = "--shapes", paramLabel = "DIR", description = {"Folder of dgemm shape traces r<REP>.csv taken in the runs' windows",
                "(collect.sh SHAPES=1): tabulate only the repeats that have one, and write",
                "dgemm-shapes.csv (their median per shape) beside the tables."})
        Path shapes;

        @Override
        public Integer call() {
            if (nodes < 1) {
                throw ScalecastException.badInput("--nodes " + nodes + ": expected at least 1");
            }
            PrintWriter o = spec.commandLine().getOut();
            for (Path p : io.scalecast.testbed.HpccRuns.tabulate(raw, out, nodes, placement, io.scalecast.util.Home.dir(), shapes)) {
                o.println("wrote " + p);
            }
            return 0;
        }
    }
}
