package io.scalecast.trace.ti;

import io.scalecast.util.AtomicFiles;
import io.scalecast.util.ScalecastException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A trace folder: {@code traces.list} (one rank file per line, in rank order, relative to the folder or absolute),
 * the rank files, and {@code trace.json} ({@link TraceMeta}). {@link #check} reads every file once, streamed, and
 * refuses what replay cannot do, before any simulation starts.
 *
 * @param dir       the folder
 * @param list      its list file
 * @param rankFiles rank r's file at index r
 * @param meta      its metadata
 */
public record TiTrace(Path dir, Path list, List<Path> rankFiles, TraceMeta meta) {
    public static final String LIST = "traces.list";

    public TiTrace {
        rankFiles = List.copyOf(rankFiles);
    }

    public int ranks() {
        return rankFiles.size();
    }

    /** Opens {@code dir}: its list and metadata; refuses an incomplete trace or one with unsupported calls. */
    public static TiTrace open(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw ScalecastException.badInput("--trace " + dir + ": expected a trace folder (traces.list, rank files, trace.json)");
        }
        Path metaFile = dir.resolve(TraceMeta.FILE);
        if (!Files.isRegularFile(metaFile)) {
            throw ScalecastException.badInput(metaFile + ": no such file (a trace folder has traces.list, rank files and "
                    + "trace.json; 'scalecast import ti LIST --out DIR' makes one from an SMPI trace)");
        }
        TraceMeta meta = TraceMeta.read(metaFile);
        if (!meta.complete()) {
            throw ScalecastException.badInput(metaFile.toString(), 1, "expected a complete trace: \"complete\" is false (the "
                    + "recorded program failed or was stopped; its trace is partial and cannot be replayed)");
        }
        if (!meta.unsupported().isEmpty()) {
            throw ScalecastException.badInput(metaFile.toString(), 1, "expected no unsupported MPI calls; the recorder "
                    + "counted unsupported: " + meta.unsupportedList() + " (replay would leave them out)");
        }
        Path list = dir.resolve(LIST);
        List<Path> files = readList(list);
        if (files.size() != meta.ranks()) {
            throw ScalecastException.badInput(metaFile.toString(), 1, "expected \"ranks\": " + files.size()
                    + " (the number of rank files in " + list + "), got " + meta.ranks());
        }
        return new TiTrace(dir, list, files, meta);
    }

    /** The rank files a list file names, resolved against the list's folder; one per non-blank line. */
    public static List<Path> readList(Path list) {
        if (!Files.isRegularFile(list)) {
            throw ScalecastException.badInput(list + ": no such list file (one rank file per line, in rank order)");
        }
        String[] lines = AtomicFiles.read(list).split("\n", -1);
        List<Path> files = new ArrayList<>();
        Path base = list.toAbsolutePath().getParent();
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].strip();
            if (l.isEmpty()) {
                continue;
            }
            Path p = Path.of(l);
            p = p.isAbsolute() ? p : base.resolve(p);
            if (!Files.isRegularFile(p)) {
                throw ScalecastException.badInput(list.toString(), i + 1, "expected a rank file, but " + p + " does not exist");
            }
            files.add(p);
        }
        if (files.isEmpty()) {
            throw ScalecastException.badInput(list.toString(), 1, "expected one rank file per line, got an empty list");
        }
        return files;
    }

    /**
     * What {@link #check} found.
     *
     * @param eventsPerRank MPI events (every action but compute, sleep and no-ops) of each rank
     * @param actions       actions per trace name, over all ranks
     * @param flops         compute flops over all ranks
     */
    public record Summary(long[] eventsPerRank, Map<String, Long> actions, double flops) {
        public long events() {
            long n = 0;
            for (long e : eventsPerRank) {
                n += e;
            }
            return n;
        }
    }

    /**
     * Reads every rank file (streamed) and stops at the first problem: a malformed or truncated line, or an action
     * scalecast's replay cannot reproduce faithfully (a receive from any source: SMPI's tracer does not record the
     * matched source, and without it the match depends on timing the trace does not have), or ranks that do not agree
     * (a channel with more sends than receives, a collective some ranks call more often: {@link TiMatching}).
     */
    public Summary check() {
        long[] events = new long[ranks()];
        Map<String, Long> actions = new TreeMap<>();
        double flops = 0;
        TiMatching matching = new TiMatching(rankFiles);
        for (int r = 0; r < ranks(); r++) {
            try (TiReader in = new TiReader(rankFiles.get(r), r, ranks())) {
                TiAction a;
                while ((a = in.next()) != null) {
                    actions.merge(a.kind().traceName(), 1L, Long::sum);
                    if (a.isMpiEvent()) {
                        events[r]++;
                    }
                    if (a.kind() == TiAction.Kind.COMPUTE) {
                        flops += a.flops();
                    }
                    checkReplayable(a, rankFiles.get(r));
                    matching.add(r, a);
                }
            }
        }
        matching.check();
        return new Summary(events, actions, flops);
    }

    private static void checkReplayable(TiAction a, Path file) {
        if (a.kind() == TiAction.Kind.WAITANY) {
            throw ScalecastException.badInput(file.toString(), a.line(), "expected wait, waitall or test; waitAny (as SMPI's "
                    + "tracer writes MPI_Waitany) names neither the request nor the one that completed, and SMPI's replay "
                    + "refuses it too");
        }
        boolean recv = a.kind() == TiAction.Kind.RECV || a.kind() == TiAction.Kind.IRECV
                || a.kind() == TiAction.Kind.WAIT || a.kind() == TiAction.Kind.TEST;
        if (recv && a.peer() == TiAction.UNDEFINED_RANK) {
            throw ScalecastException.badInput(file.toString(), a.line(), "expected the matched source rank, got "
                    + TiAction.UNDEFINED_RANK + " (an MPI_ANY_SOURCE receive as SMPI's tracer writes it, without the source "
                    + "that matched; record with 'scalecast trace record', which writes the matched source)");
        }
    }
}
