package io.scalecast.trace.ti;

import com.google.gson.JsonObject;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.Json;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An SMPI-recorded trace ({@code smpirun -trace-ti}: a list file and one file per rank) as a scalecast trace folder:
 * {@code rank-<r>.ti} (a gzip-compressed one as {@code rank-<r>.ti.gz}, copied as it is), {@code traces.list} and
 * {@code trace.json} with {@code source: smpi}. Every rank file is read
 * (streamed) and must parse before anything is written; all files are committed together.
 */
public final class TiImport {
    private TiImport() {
    }

    /** SMPI 3.32's default {@code smpi/host-speed}: the rate its tracer turns measured CPU seconds into flops with. */
    public static final double SMPI_DEFAULT_HOST_SPEED = 20000;

    /**
     * @param ranks   ranks imported
     * @param actions actions per name over all ranks
     * @param events  MPI events over all ranks
     */
    public record Result(int ranks, Map<String, Long> actions, long events) {
    }

    public static Result importList(Path list, Path outDir, double rateFlopsPerSecond, String command) {
        if (Files.exists(outDir) && !Files.isDirectory(outDir)) {
            throw ScalecastException.badInput("--out " + outDir + ": expected a folder for the trace, it is a file");
        }
        List<Path> files = TiTrace.readList(list);
        Map<String, Long> actions = new TreeMap<>();
        long events = 0;
        for (int r = 0; r < files.size(); r++) {
            try (TiReader in = new TiReader(files.get(r), r, files.size())) {
                TiAction a;
                while ((a = in.next()) != null) {
                    actions.merge(a.kind().traceName(), 1L, Long::sum);
                    events += a.isMpiEvent() ? 1 : 0;
                }
            }
        }
        JsonObject meta = new JsonObject();
        meta.addProperty("ranks", files.size());
        meta.addProperty("rate_flops_per_s", rateFlopsPerSecond);
        meta.addProperty("complete", true);
        meta.add("unsupported", new JsonObject());
        JsonObject counts = new JsonObject();
        actions.forEach(counts::addProperty);
        meta.add("counts", counts);
        meta.addProperty("source", "smpi");
        meta.addProperty("imported_from", list.toAbsolutePath().toString());
        meta.addProperty("command", command);
        meta.addProperty("rate_note", "compute bursts are flops = CPU seconds x rate_flops_per_s (smpi/host-speed of the "
                + "recording run)");
        StringBuilder listText = new StringBuilder();
        try (AtomicFiles.Outputs out = new AtomicFiles.Outputs()) {
            for (int r = 0; r < files.size(); r++) {
                Path src = files.get(r);
                String name = "rank-" + r + ".ti" + (gzip(src) ? TiFiles.GZ : ""); // copied as it is, compressed or not
                listText.append(name).append('\n');
                out.file(outDir.resolve(name), tmp -> copy(src, tmp));
            }
            out.string(outDir.resolve(TiTrace.LIST), listText.toString());
            out.string(outDir.resolve(TraceMeta.FILE), Json.gson().toJson(meta) + "\n");
            out.commit();
        }
        return new Result(files.size(), actions, events);
    }

    private static boolean gzip(Path f) {
        try {
            return TiFiles.compressed(f);
        } catch (IOException e) {
            throw ScalecastException.badInput(f + ": cannot read: " + e.getMessage());
        }
    }

    private static void copy(Path src, Path tmp) throws IOException {
        Files.copy(src, tmp, StandardCopyOption.REPLACE_EXISTING);
    }
}
