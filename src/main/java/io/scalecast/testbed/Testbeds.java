package io.scalecast.testbed;

import io.scalecast.util.AtomicFiles;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Bringing testbeds up and down, and looking at them. Every operation here needs root. */
public final class Testbeds {
    /** Seconds a shaped link may queue before tbf drops (tc-tbf "latency"). */
    static final String TBF_LATENCY = "50ms";

    private Testbeds() {
    }

    /** Throws exit-2 "needs root / ip netns" when a testbed cannot be built on this host. */
    public static void requireSupported() {
        String why = HostCommands.missingRequirement();
        if (why != null) {
            throw ScalecastException.badInput(why);
        }
    }

    /** Null when testbeds can be built here, else the one-line reason (for test assumptions). */
    public static String unsupportedReason() {
        return HostCommands.missingRequirement();
    }

    /**
     * Builds the testbed: bridge, with groups each group's bridge and shaped uplink to it, then per
     * node a namespace, a veth pair (host end on the bridge or the node's group bridge), the node's
     * address, and tbf on both ends. On any failure everything made so far
     * is removed again (in reverse order) and the failure is rethrown.
     */
    public static TestbedState up(TestbedSpec spec) {
        requireSupported();
        if (TestbedState.load(spec.name()) != null) {
            throw ScalecastException.badInput("testbed " + spec.name() + " is already up (scalecast testbed down --name " + spec.name() + ")");
        }
        Set<Integer> taken = TestbedState.all().stream().map(TestbedState::subnetOctet).collect(Collectors.toSet());
        TestbedLayout lay = new TestbedLayout(spec.name(), spec.nodes(), TestbedLayout.allocateSubnet(spec.name(), taken));
        TestbedState state = TestbedState.of(spec, lay);
        Deque<String[]> undo = new ArrayDeque<>();
        try {
            // Write the state first: if this process dies half-way, `down` still finds the names.
            state.save();
            writeScripts(state);
            step(undo, new String[]{"ip", "link", "add", lay.bridge(), "type", "bridge"}, "ip", "link", "del", lay.bridge());
            HostCommands.check("ip", "link", "set", lay.bridge(), "up");
            for (int g = 0; spec.groups().grouped() && g < spec.groups().count(); g++) {
                addGroup(spec, lay, g, undo);
            }
            for (int k = 0; k < spec.nodes(); k++) {
                addNode(spec, lay, k, undo);
            }
            return state;
        } catch (RuntimeException e) {
            List<String> left = rollback(undo);
            deleteDir(state.dir());
            String msg = "testbed up " + spec.name() + " failed: " + e.getMessage()
                    + (left.isEmpty() ? "; rolled back" : "; rollback left " + left);
            throw ScalecastException.failure(msg, e);
        }
    }

    /**
     * Group g's bridge and its uplink to the core bridge: a veth pair with one end on each, tbf on
     * both ends at the uplink rate ({@link TestbedSpec#uplinkSpec}), so each direction of the uplink
     * carries at most that rate, whatever the group's nodes send together.
     */
    private static void addGroup(TestbedSpec spec, TestbedLayout lay, int g, Deque<String[]> undo) {
        String br = lay.groupBridge(g);
        String up = lay.uplinkGroupEnd(g);
        String core = lay.uplinkCoreEnd(g);
        step(undo, new String[]{"ip", "link", "add", br, "type", "bridge"}, "ip", "link", "del", br);
        HostCommands.check("ip", "link", "set", br, "up");
        step(undo, new String[]{"ip", "link", "add", up, "type", "veth", "peer", "name", core}, "ip", "link", "del", up);
        HostCommands.check("ip", "link", "set", up, "master", br, "up");
        HostCommands.check("ip", "link", "set", core, "master", lay.bridge(), "up");
        TestbedSpec uplink = spec.uplinkSpec();
        if (uplink.shaped()) {
            for (String dev : List.of(up, core)) {
                List<String> tc = new ArrayList<>(List.of("tc", "qdisc", "add", "dev", dev, "root"));
                tc.addAll(tbfArgs(uplink));
                HostCommands.check(tc.toArray(String[]::new));
            }
        }
    }

    /** The bridge node k's veth joins: the testbed's bridge, or its group's. */
    static String nodeBridge(TestbedSpec spec, TestbedLayout lay, int k) {
        return spec.groups().grouped() ? lay.groupBridge(spec.groups().groupOf(k, spec.nodes())) : lay.bridge();
    }

    private static void addNode(TestbedSpec spec, TestbedLayout lay, int k, Deque<String[]> undo) {
        String ns = lay.namespace(k);
        String veth = lay.hostVeth(k);
        String nif = TestbedLayout.NODE_IF;
        step(undo, new String[]{"ip", "netns", "add", ns}, "ip", "netns", "del", ns);
        // The node end is created directly inside the namespace, so it never exists on the host.
        step(undo, new String[]{"ip", "link", "add", veth, "type", "veth", "peer", "name", nif, "netns", ns},
                "ip", "link", "del", veth);
        HostCommands.check("ip", "link", "set", veth, "master", nodeBridge(spec, lay, k), "up");
        HostCommands.check("ip", "-n", ns, "addr", "add", lay.address(k) + "/24", "dev", nif);
        HostCommands.check("ip", "-n", ns, "link", "set", nif, "up");
        HostCommands.check("ip", "-n", ns, "link", "set", "lo", "up");
        if (spec.shaped()) {
            // Both directions: host end shapes traffic toward the node, node end traffic from it.
            List<String> host = new ArrayList<>(List.of("tc", "qdisc", "add", "dev", veth, "root"));
            host.addAll(tbfArgs(spec));
            HostCommands.check(host.toArray(String[]::new));
            List<String> node = new ArrayList<>(List.of("ip", "netns", "exec", ns, "tc", "qdisc", "add", "dev", nif, "root"));
            node.addAll(tbfArgs(spec));
            HostCommands.check(node.toArray(String[]::new));
        }
    }

    /**
     * The qdisc of both ends of a shaped link: {@code tbf rate R burst B latency 50ms}, and with
     * the line-rate cap {@code peakrate P mtu M}. A real NIC never sends faster than its line
     * rate; without the cap tbf lets a lone message of up to the burst through at several times
     * the rate (100mbit ping-pong: 23.5 MB/s from 4 to 96 KiB on a 12.5 MB/s link), which continuous traffic
     * never sees. The peak bucket ({@code mtu}) bounds that to M bytes
     * ({@link TestbedSpec#defaultPeakBucketBytes} for the figures).
     */
    static List<String> tbfArgs(TestbedSpec spec) {
        List<String> a = new ArrayList<>(List.of("tbf", "rate", spec.rateBitsPerSecond() + "bit",
                "burst", String.valueOf(spec.burstBytes()), "latency", TBF_LATENCY));
        if (spec.lineRateCapped()) {
            a.addAll(List.of("peakrate", spec.peakRateBitsPerSecond() + "bit", "mtu", String.valueOf(spec.peakBucketBytes())));
        }
        return a;
    }

    private static void step(Deque<String[]> undo, String[] doIt, String... undoIt) {
        HostCommands.check(doIt);
        undo.push(undoIt);
    }

    private static List<String> rollback(Deque<String[]> undo) {
        List<String> failed = new ArrayList<>();
        while (!undo.isEmpty()) {
            String[] u = undo.pop();
            HostCommands.Result r = HostCommands.exec(u);
            // A veth disappears with its namespace; "cannot find" is success for an undo.
            if (!r.ok() && !r.err().contains("Cannot find") && !r.err().contains("No such")) {
                failed.add(String.join(" ", u) + ": " + HostCommands.firstLine(r.err().strip()));
            }
        }
        return failed;
    }

    private static void writeScripts(TestbedState s) {
        for (int k = 0; k < s.nodes(); k++) {
            try {
                Files.createDirectories(s.tmpDir(k));
            } catch (IOException e) {
                throw ScalecastException.failure("cannot create " + s.tmpDir(k) + ": " + e.getMessage());
            }
        }
        AtomicFiles.writeString(s.hostfile(), MpiLaunch.hostfile(s));
        writeExecutable(s.agent(), MpiLaunch.agent(s));
        writeExecutable(s.mpirun(), MpiLaunch.mpirunWrapper(s));
    }

    private static void writeExecutable(Path p, String text) {
        AtomicFiles.writeString(p, text);
        try {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw ScalecastException.failure("cannot make " + p + " executable: " + e.getMessage());
        }
    }

    /**
     * Removes everything of testbed {@code name}: kills the processes still in its namespaces,
     * deletes the namespaces (their veth pairs go with them), the host veth ends and the bridge,
     * whether or not a state file records them, then the state folder.
     *
     * @return what was removed, for the user (empty when nothing was there)
     */
    public static List<String> down(String name) {
        requireSupported();
        new TestbedSpec(name, 1, 0, 0, 1); // validates the name
        List<String> removed = new ArrayList<>();
        int killed = killProcesses(name);
        if (killed > 0) {
            removed.add(killed + " process(es)");
        }
        for (String ns : leftoverNamespaces(name)) {
            HostCommands.check("ip", "netns", "del", ns);
            removed.add("namespace " + ns);
        }
        for (String link : leftoverLinks(name)) {
            HostCommands.Result r = HostCommands.exec("ip", "link", "del", link);
            if (r.ok()) {
                removed.add("link " + link);
            } else if (HostCommands.links().contains(link)) {
                throw ScalecastException.failure("cannot remove link " + link + ": " + HostCommands.firstLine(r.err().strip()));
            }
            // else: a veth that went away with its namespace meanwhile
        }
        if (Files.exists(TestbedState.dir(name))) {
            deleteDir(TestbedState.dir(name));
            removed.add("state " + TestbedState.dir(name));
        }
        return removed;
    }

    /**
     * Kills (SIGKILL) every process living in one of the testbed's namespaces — orted daemons and
     * ranks that outlived an mpirun — and returns how many there were.
     */
    public static int killProcesses(String name) {
        int n = 0;
        for (String ns : leftoverNamespaces(name)) {
            for (long pid : HostCommands.pidsIn(ns)) {
                if (ProcessHandle.of(pid).map(ProcessHandle::destroyForcibly).orElse(false)) {
                    n++;
                }
            }
        }
        // Give the kernel a moment to reap them before the namespaces are deleted.
        for (int i = 0; i < 50 && anyProcessIn(name); i++) {
            sleep(100);
        }
        return n;
    }

    private static boolean anyProcessIn(String name) {
        for (String ns : leftoverNamespaces(name)) {
            if (!HostCommands.pidsIn(ns).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** Namespaces on this host named like testbed {@code name}'s nodes. */
    public static List<String> leftoverNamespaces(String name) {
        String prefix = "sc-" + name + "-n";
        return HostCommands.namespaces().stream()
                .filter(n -> n.startsWith(prefix) && n.substring(prefix.length()).matches("[0-9]+"))
                .sorted().toList();
    }

    /** Host links named like testbed {@code name}'s bridge or veth ends. */
    public static List<String> leftoverLinks(String name) {
        return HostCommands.links().stream().filter(l -> isTestbedLink(name, l)).sorted().toList();
    }

    /** Whether a host link is testbed {@code name}'s: its bridge, a node's veth end, a group bridge or an uplink end. */
    static boolean isTestbedLink(String name, String link) {
        if (link.equals("scbr-" + name)) {
            return true;
        }
        for (String p : TestbedLayout.numberedLinkPrefixes(name)) {
            if (link.startsWith(p) && link.substring(p.length()).matches("[0-9]+")) {
                return true;
            }
        }
        return false;
    }

    /** Everything of testbed {@code name} still on this host (namespaces, links, state); empty = clean. */
    public static List<String> leftovers(String name) {
        List<String> l = new ArrayList<>();
        leftoverNamespaces(name).forEach(n -> l.add("namespace " + n));
        leftoverLinks(name).forEach(n -> l.add("link " + n));
        if (Files.exists(TestbedState.dir(name))) {
            l.add("state " + TestbedState.dir(name));
        }
        return l;
    }

    /** A recorded testbed and whether its namespaces and bridge are really there. */
    public record Status(TestbedState state, List<String> missing) {
        public boolean healthy() {
            return missing.isEmpty();
        }
    }

    public static List<Status> status() {
        requireSupported();
        List<String> nss = HostCommands.namespaces();
        List<String> links = HostCommands.links();
        List<Status> l = new ArrayList<>();
        for (TestbedState s : TestbedState.all()) {
            List<String> missing = new ArrayList<>();
            s.namespaces().stream().filter(n -> !nss.contains(n)).forEach(n -> missing.add("namespace " + n));
            s.bridges().stream().filter(b -> !links.contains(b)).forEach(b -> missing.add("bridge " + b));
            l.add(new Status(s, missing));
        }
        return l;
    }

    /** The state of a testbed that must be up. */
    public static TestbedState require(String name) {
        TestbedState s = TestbedState.load(name);
        if (s == null) {
            throw ScalecastException.badInput("no testbed named " + name + " is up (scalecast testbed up --name " + name + " ...)");
        }
        return s;
    }

    private static void deleteDir(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw ScalecastException.failure("cannot remove " + dir + ": " + e.getMessage());
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
