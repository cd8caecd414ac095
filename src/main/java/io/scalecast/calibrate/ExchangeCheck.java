package io.scalecast.calibrate;

import io.scalecast.platform.FactorStep;
import io.scalecast.platform.NetworkFactors;
import io.scalecast.platform.PlatformWriter;
import io.scalecast.sim.NetworkCpu;
import io.scalecast.trace.BeffPoint;
import io.scalecast.trace.BeffRings;
import io.scalecast.trace.BeffTrace;
import io.scalecast.trace.Provenance;
import io.scalecast.util.ScalecastException;
import io.scalecast.util.Stats;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The network stack's CPU per message between hosts ({@link NetworkCpu}), from what an exchange costs beyond a lone
 * message. A ping-pong's one-way time {@code T} hides the CPU the sender still spends after its message left; b_eff's
 * 1-byte rings, where every process sends and receives each loop, pay it: one exchange takes {@code S = P·L/b}
 * (P processes, L = 1 byte, b the ring's accumulated bandwidth; {@link BeffRings}: the median launch of the median
 * ring pattern of b_eff's best method). Where {@code S > 1.05·T}, the
 * receiver's part is {@code recv = min(S/2, T)} and the sender's tail {@code S − recv}; each ping-pong segment gives up
 * to {@code recv} of its network latency to the receiver's CPU step, so a lone message keeps its ping-pong time.
 *
 * <p>Used only where every process of the b_eff run had a node of its own (its {@code # placement:} and {@code # testbed:}
 * lines say so) and the MPI overheads do not come from a swap summary, which already splits a message's time between
 * the ranks' CPUs and the network.
 *
 * @param exchangeSeconds S, the 1-byte exchange
 * @param oneWaySeconds   T, the ping-pong's one-way time of its smallest size (as fitted)
 * @param recvSeconds     the receiver's part, at most T
 * @param tailSeconds     the sender's tail, S − recv
 * @param reason          what was measured and decided (provenance)
 */
public record ExchangeCheck(double exchangeSeconds, double oneWaySeconds, double recvSeconds, double tailSeconds, String reason) {
    /** Below this ratio S/T an exchange costs what a lone message does: nothing is charged. */
    public static final double FLOOR = 1.05;

    private static final Pattern TESTBED_NODES = Pattern.compile(":\\s*(\\d+) node\\(s\\)");
    private static final Pattern RANK_HOST = Pattern.compile("\\b\\d+@(\\S+)");

    /**
     * The check for {@code file} against the fitted ping-pong {@code fit}; {@code notUsed} receives why the trace gives
     * nothing (then null is returned). Bad input (no 1-byte rings): exit 2.
     */
    public static ExchangeCheck of(Path file, PiecewiseFit fit, int platformNodes, List<String> notUsed) {
        BeffTrace t = BeffTrace.read(file);
        Provenance p = t.provenance();
        String placement = p.get("placement");
        if (placement == null) {
            notUsed.add(file + ": no '# placement:' line, so whether its processes had a node each is unknown; not used");
            return null;
        }
        int procs = BeffRings.processes(placement);
        if (procs == 0) {
            notUsed.add(file + ": '# placement:' does not say how many processes ran; not used");
            return null;
        }
        int nodes = nodes(placement, p.get("testbed"), platformNodes);
        if (procs < 2 || procs > nodes) {
            notUsed.add(String.format(Locale.ROOT, "%s: %d process(es) on %d node(s): an exchange there is not between hosts alone;"
                    + " not used", file, procs, nodes));
            return null;
        }
        double[] perLaunch = BeffRings.exchangesByLaunch(t, procs).get(1L);
        if (perLaunch == null) {
            throw ScalecastException.badInput(file.toString(), 1, "expected ring patterns at length 1 B (measure beff writes them),"
                    + " found none");
        }
        double s = Stats.median(perLaunch);
        long ringCount = t.points().stream().filter(q -> q.lengthBytes() == 1 && q.pattern().startsWith("ring"))
                .map(BeffPoint::pattern).distinct().count();
        Segment first = fit.segments().get(0);
        long smallest = first.firstSizeBytes();
        double oneWay = first.predictSeconds(smallest);
        String measured = String.format(Locale.ROOT, "%s: a 1-byte exchange takes %.4g us (median of %d ring patterns, %d processes"
                + " on %d nodes%s) against the ping-pong's one-way %.4g us at %d B (ratio %.3f)", file, s * 1e6, ringCount, procs,
                nodes, launchText(perLaunch), oneWay * 1e6, smallest, s / oneWay);
        if (!(s > FLOOR * oneWay)) {
            notUsed.add(measured + ": within " + Math.round((FLOOR - 1) * 100) + " %, no CPU beyond the one-way time is charged");
            return null;
        }
        double recv = Math.min(s / 2, oneWay);
        return new ExchangeCheck(s, oneWay, recv, s - recv, String.format(Locale.ROOT, "%s: receiver %.4g us at its wait"
                + " (min(S/2, T)), sender %.4g us after an eager message left (S - receiver), each segment's latency less its"
                + " receive step", measured, recv * 1e6, (s - recv) * 1e6));
    }

    /** The launches' exchanges and their spread, for the provenance; empty for one launch. */
    private static String launchText(double[] perLaunch) {
        if (perLaunch.length < 2) {
            return "";
        }
        StringBuilder b = new StringBuilder("; median of " + perLaunch.length + " launches:");
        for (double v : perLaunch) {
            b.append(String.format(Locale.ROOT, " %.4g", v * 1e6));
        }
        return b.append(String.format(Locale.ROOT, " us, spread %.0f%%", 100 * Stats.relativeSpread(perLaunch))).toString();
    }

    /**
     * Nodes of a placement line: 1 on this host; the testbed's node count; the distinct hosts of its {@code ranks r@host}
     * list when there are several; else (a hostfile launch whose nodes all answer to one name, as network namespaces do)
     * the platform's node count: the suite was taken on the cluster it calibrates.
     */
    static int nodes(String placement, String testbed, int platformNodes) {
        if (placement.contains("on this host")) {
            return 1;
        }
        if (testbed != null) {
            Matcher t = TESTBED_NODES.matcher(testbed);
            if (t.find()) {
                return Integer.parseInt(t.group(1));
            }
        }
        int ranksAt = placement.indexOf("ranks ");
        java.util.Set<String> hosts = new java.util.TreeSet<>();
        Matcher h = RANK_HOST.matcher(ranksAt < 0 ? "" : placement.substring(ranksAt));
        while (h.find()) {
            hosts.add(h.group(1).replaceAll("[;,]$", ""));
        }
        return hosts.size() > 1 ? hosts.size() : platformNodes;
    }

    /**
     * {@code tr} with each factor step's latency less its receive step ({@code min(recv, its latency)}), and the two
     * {@link NetworkCpu} properties put into {@code props}.
     */
    public SmpiTranslation apply(SmpiTranslation tr, Map<String, String> props) {
        List<FactorStep> steps = tr.factors().steps();
        double route = tr.routeLatencySeconds();
        List<FactorStep> out = new ArrayList<>();
        long[] sizes = new long[steps.size()];
        double[] recv = new double[steps.size()];
        for (int i = 0; i < steps.size(); i++) {
            FactorStep f = steps.get(i);
            double lat = f.latencyFactor() * route;
            recv[i] = Math.min(recvSeconds, lat);
            sizes[i] = f.aboveBytes();
            out.add(new FactorStep(f.aboveBytes(), route > 0 ? (lat - recv[i]) / route : 0, f.bandwidthFactor()));
        }
        props.put(NetworkCpu.RECV, NetworkCpu.format(sizes, recv));
        props.put(NetworkCpu.SEND_TAIL, PlatformWriter.num(tailSeconds));
        props.put("calibration.network-cpu", reason);
        return new SmpiTranslation(route, tr.routeBandwidthBytesPerSecond(), new NetworkFactors(out), tr.clamped());
    }
}
