package io.scalecast.trace.ti;

import io.scalecast.probe.MachineInfo;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds the recording machine's own node rate for {@code trace record} without {@code --rate}: the newest
 * {@code measure dgemm} trace under a folder ({@code traces/local/}, searched recursively) whose {@code # host:} line
 * names this machine: the same host name, kernel release and visible core count as {@code measure} writes them
 * ({@code vm (Linux vm 6.18.44-fc-v857 x86_64, 2 cores visible)}). Only plain traces count: square orders (no
 * {@code k} column), no {@code # traffic:} line (a rate under communication is not the node's), and rows at the
 * ranks the recording loads per node (or, when the trace measured fewer, at its largest load: what
 * {@link RecordRate} reads). Newest = latest {@code # date:}; equal dates go to the first path in name order.
 */
public final class LocalDgemm {
    /** {@code NAME (SYSNAME NODENAME RELEASE MACHINE, N cores visible)}, as probe.Runs writes the host line. */
    private static final Pattern HOST = Pattern.compile("(\\S+) \\(\\S+ \\S+ (\\S+) \\S+, (\\d+) cores visible\\)");

    private LocalDgemm() {
    }

    /** What identifies a machine in a dgemm trace's host line. */
    public record Host(String name, String kernelRelease, int cores) {
        public static Host here() {
            return new Host(MachineInfo.host(), System.getProperty("os.version", "unknown"), MachineInfo.cores());
        }

        /** The host of a trace's {@code # host:} value, or null when it is not in measure's form. */
        static Host parse(String line) {
            Matcher m = line == null ? null : HOST.matcher(line.strip());
            return m != null && m.matches() ? new Host(m.group(1), m.group(2), Integer.parseInt(m.group(3))) : null;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s, kernel %s, %d cores", name, kernelRelease, cores);
        }
    }

    /**
     * @param path the trace, relative to the home folder the search started from
     * @param date its {@code # date:} provenance
     */
    public record Found(Path path, String date) {
    }

    /**
     * The newest plain dgemm trace of {@code host} under {@code home}/{@code folder} with rows for {@code loaded} ranks
     * per node, or null when there is none.
     */
    public static Found newest(Path home, Path folder, Host host, int loaded) {
        Path root = home.resolve(folder);
        if (!Files.isDirectory(root)) {
            return null;
        }
        try (Stream<Path> files = Files.walk(root)) {
            List<Path> csv = files.filter(f -> f.toString().endsWith(".csv") && Files.isRegularFile(f)).sorted().toList();
            return csv.stream().map(f -> candidate(home, f, host, loaded)).filter(c -> c != null)
                    .max(Comparator.comparing(Found::date).thenComparing(Found::path, Comparator.reverseOrder())).orElse(null);
        } catch (IOException | UncheckedIOException e) {
            throw ScalecastException.failure("cannot search " + root + " for dgemm traces: " + e.getMessage(), e);
        }
    }

    /** {@code f} as a candidate: a plain dgemm trace of {@code host} with a date; null otherwise (or unreadable). */
    private static Found candidate(Path home, Path f, Host host, int loaded) {
        String head;
        try (Stream<String> lines = Files.lines(f)) {
            head = String.join("\n", lines.limit(1).toList());
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
        if (!head.strip().equals("# kind: dgemm")) {
            return null;
        }
        DgemmTrace t;
        try {
            t = DgemmTrace.read(f);
        } catch (ScalecastException e) {
            return null; // a broken table is no rate; the search goes on
        }
        String date = t.provenance().get("date");
        boolean plain = t.provenance().get("traffic") == null && t.points().stream().allMatch(p -> p.k() == 0);
        boolean ours = host.equals(Host.parse(t.provenance().get("host")));
        int load = Math.max(1, Math.min(loaded, t.maxLoad()));
        if (!plain || !ours || date == null || t.points().stream().noneMatch(p -> p.ranksLoaded() == load && p.rateFlopsPerSecond() > 0)) {
            return null;
        }
        return new Found(home.relativize(f), date);
    }
}
