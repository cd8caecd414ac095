package io.scalecast.calibrate;

import io.scalecast.trace.CsvTable;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.Provenance;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * {@code calibrate --traces DIR}: the calibration inputs found in one folder of traces (what {@code measure suite}
 * writes, or any folder of scalecast traces), each file recognised by its {@code # kind:} line and, for summaries, by the
 * probe that wrote it — not by its name. Inputs named on the command line win over the folder's. Every file found, and
 * every input missing with what replaces it, becomes a line of {@link CalibrationRequest#sources()}.
 */
public final class TracesFolder {

    /** One calibration input: what it is, the builder's getter and setter. */
    private record Input(String what, String missing, Function<CalibrationRequest.Builder, Path> get,
                         java.util.function.BiConsumer<CalibrationRequest.Builder, Path> set) {
    }

    private static final Map<String, Input> INPUTS = new LinkedHashMap<>();

    static {
        INPUTS.put("pingpong", new Input("ping-pong", "required (measure pingpong, or import netpipe|imb|osu)",
                CalibrationRequest.Builder::pingpong, CalibrationRequest.Builder::pingpong));
        INPUTS.put("intra-pingpong", new Input("intra-node ping-pong (ranks of one node)", "the ping-pong's path for ranks of one node too",
                CalibrationRequest.Builder::intraPingpong, CalibrationRequest.Builder::intraPingpong));
        INPUTS.put("swap", new Input("swap (do rendezvous exchanges take turns)", "the MPI profile's mpi.rendezvous-exchange, else concurrent",
                CalibrationRequest.Builder::swapTrace, CalibrationRequest.Builder::swapTrace));
        INPUTS.put("swap-summary", new Input("swap summary (send/receive overheads)", "no separate MPI overheads: all of the latency is in the network",
                CalibrationRequest.Builder::swapSummary, CalibrationRequest.Builder::swapSummary));
        INPUTS.put("release", new Input("send release (when MPI_Send returns)", "the MPI profile's mpi.detached-send-max-bytes and"
                + " mpi.send-buffer-bytes, else a rendezvous sender waits for the whole transfer",
                CalibrationRequest.Builder::sendRelease, CalibrationRequest.Builder::sendRelease));
        INPUTS.put("iprobe", new Input("iprobe (cost of a poll, what a probe sees)",
                "the MPI profile's mpi.iprobe-overhead-s and mpi.iprobe-sees, else free and seen at once",
                CalibrationRequest.Builder::iprobe, CalibrationRequest.Builder::iprobe));
        INPUTS.put("dgemm", new Input("dgemm (node kernel model and speed)", "--node-speed, else a 1 Gflop/s placeholder (compute predictions meaningless)",
                CalibrationRequest.Builder::dgemm, CalibrationRequest.Builder::dgemm));
        INPUTS.put("dgemm-traffic", new Input("dgemm while the ranks stream to each other (node rate under communication)",
                "the tree code's kernels run at the quiet dgemm rate", CalibrationRequest.Builder::dgemmTraffic,
                CalibrationRequest.Builder::dgemmTraffic));
        INPUTS.put("beff", new Input("b_eff summary (backbone capacity)", "a non-blocking switch (FATPIPE backbone at the node-link bandwidth)",
                CalibrationRequest.Builder::beff, CalibrationRequest.Builder::beff));
        INPUTS.put("beff-lengths", new Input("b_eff per length (the time of a 1-byte exchange: the network stack's CPU per message)",
                "a message between hosts costs its ranks' CPU only within the ping-pong's one-way time",
                CalibrationRequest.Builder::beffLengths, CalibrationRequest.Builder::beffLengths));
        INPUTS.put("rowswap", new Input("rowswap (HPL's local row interchanges per element)", "HPL's row interchanges cost only their messages",
                CalibrationRequest.Builder::rowSwap, CalibrationRequest.Builder::rowSwap));
    }

    private TracesFolder() {
    }

    /** Fills every input of {@code b} not set yet from the folder; adds a source line per file and per missing input. */
    public static void fill(Path dir, CalibrationRequest.Builder b) {
        if (!Files.isDirectory(dir)) {
            throw ScalecastException.badInput("--traces " + dir + ": not a folder (expected the folder measure suite wrote)");
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".csv")).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            throw ScalecastException.badInput("--traces " + dir + ": cannot list the folder (" + e.getMessage() + ")");
        }
        Map<String, Path> found = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>();
        for (Path f : files) {
            String role = role(f);
            if (role.startsWith("-")) {
                lines.add(f.getFileName() + ": " + role.substring(1) + ", not a calibration input");
                continue;
            }
            Path before = found.putIfAbsent(role, f);
            Path square = before == null ? null : squareBesideShapes(role, before, f);
            if (square != null) {
                found.put(role, square == f ? before : f);
                lines.add(square.getFileName() + ": a square dgemm beside the n×n×k shapes of " + found.get(role).getFileName()
                        + ", not a calibration input (validate's node check reads it)");
                continue;
            }
            if (before != null) {
                throw ScalecastException.badInput("--traces " + dir + ": two " + INPUTS.get(role).what() + " traces, " + before.getFileName()
                        + " and " + f.getFileName() + " (expected one; name the one to use with --" + option(role) + ")");
            }
        }
        if (found.isEmpty()) {
            throw ScalecastException.badInput("--traces " + dir + ": no calibration trace in the folder (expected *.csv files with a"
                    + " '# kind:' line: pingpong, swap, summary of measure release, iprobe or rowswap, dgemm, beff), found " + files.size() + " CSV file(s)");
        }
        for (var e : INPUTS.entrySet()) {
            Input in = e.getValue();
            Path f = found.get(e.getKey());
            if (in.get().apply(b) != null) {
                b.source(in.what() + ": " + in.get().apply(b) + " (given on the command line)");
            } else if (f != null) {
                in.set().accept(b, f);
                b.source(in.what() + ": " + f);
            } else if (!(e.getKey().equals("swap-summary") || e.getKey().equals("intra-pingpong") || e.getKey().equals("dgemm-traffic")
                    || (e.getKey().equals("pingpong") && b.swapSummary() != null))) {
                b.source(in.what() + ": missing -> " + in.missing());
            }
        }
        lines.forEach(b::source);
    }

    /**
     * The one file of {@code role} ("dgemm", "iprobe", … as {@link #role}) in the folder, or null; {@code what} names the
     * option that reads it, for messages. Two such files: bad input.
     */
    public static Path find(Path dir, String role, String what) {
        if (!Files.isDirectory(dir)) {
            throw ScalecastException.badInput(what + " " + dir + ": not a folder (expected a folder of traces, as measure suite writes)");
        }
        Path hit = null;
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.filter(p -> p.getFileName().toString().endsWith(".csv")).sorted().toList()) {
                if (role(f).equals(role)) {
                    Path square = hit == null ? null : squareBesideShapes(role, hit, f);
                    if (square != null) {
                        hit = square == f ? hit : f;
                        continue;
                    }
                    if (hit != null) {
                        throw ScalecastException.badInput(what + " " + dir + ": two " + role + " traces, " + hit.getFileName() + " and "
                                + f.getFileName() + " (expected one)");
                    }
                    hit = f;
                }
            }
        } catch (IOException | UncheckedIOException e) {
            throw ScalecastException.badInput(what + " " + dir + ": cannot list the folder (" + e.getMessage() + ")");
        }
        return hit;
    }

    /**
     * Of two dgemm traces in one folder, the square one when the other is of n×n×k shapes (a full {@code measure suite}
     * takes both: the shapes are the node model, the square one validate's node check reads); null otherwise.
     */
    private static Path squareBesideShapes(String role, Path a, Path b) {
        if (!role.equals("dgemm")) {
            return null;
        }
        boolean sa = square(a);
        boolean sb = square(b);
        return sa == sb ? null : sa ? a : b;
    }

    private static boolean square(Path dgemm) {
        return DgemmTrace.read(dgemm).points().stream().allMatch(p -> p.k() == 0);
    }

    private static String option(String role) {
        return switch (role) {
            case "release" -> "send-release";
            case "intra-pingpong" -> "intra-pingpong";
            case "swap" -> "swap";
            case "dgemm-traffic" -> "dgemm-traffic";
            case "beff-lengths" -> "beff-lengths";
            default -> role;
        };
    }

    private static double recvDelay(String probe) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("recv_delay_s=([0-9.eE+-]+)").matcher(probe);
        try {
            return m.find() ? Double.parseDouble(m.group(1)) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** What a file is for calibration: an input role, or "-why not" for files that are none. */
    static String role(Path f) {
        Provenance p;
        try {
            p = CsvTable.read(f).provenance();
        } catch (ScalecastException e) {
            throw ScalecastException.badInput(f + ": not a readable trace (" + e.getMessage() + ")");
        }
        String kind = p.get("kind");
        if (kind == null) {
            return "-no '# kind:' line";
        }
        String source = String.valueOf(p.get("source")).toLowerCase(Locale.ROOT);
        String probe = String.valueOf(p.get("probe")) + " " + p.get("command");
        return switch (kind) {
            case "pingpong" -> probe.contains("pairs=all") || probe.contains("--all-pairs") ? "-an all-pairs ping-pong"
                    : io.scalecast.trace.PingPongTrace.intraNode(p) ? "intra-pingpong" : "pingpong";
            case "swap", "swap-summary" -> kind;
            case "dgemm" -> p.get("traffic") != null ? "dgemm-traffic" : kind;
            case "beff-summary" -> "beff";
            case "beff" -> "beff-lengths";
            case "summary" -> source.contains("sc_release") ? (recvDelay(probe) > 0
                    ? "-a delayed-receiver release trace (it checks the release model)" : "release")
                    : source.contains("sc_iprobe") || probe.contains("--poll-probe") ? "iprobe" // sc_treecode's in-walk form too
                    : source.contains(io.scalecast.probe.RowSwapProbe.PROGRAM) ? "rowswap"
                    : source.contains("sc_noise") ? "-how the node interrupts its ranks (measure noise: a diagnostic)"
                    : "-a summary of " + p.get("source");
            default -> "-kind " + kind;
        };
    }
}
