package io.scalecast.trace.ti;

import io.scalecast.util.AtomicFiles;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code scalecast trace pack}: gzip-compresses a trace folder's rank files and their {@code .bursts} sidecars in
 * place and rewrites {@code traces.list} to name the {@code .gz} files ({@code trace.json} stays plain). The
 * compressed files and the new list are written as temporary files and moved into place together
 * ({@link AtomicFiles.Outputs}); only then are the plain files removed, so a failure or an interrupt before that leaves
 * the folder as it was. The output depends on the input bytes only ({@link TiFiles#gzip}).
 */
public final class TracePack {
    /** The sidecars packed with each rank file. */
    static final List<String> SIDECARS = List.of("bursts");

    /**
     * @param dir         the folder
     * @param packed      files compressed now
     * @param compressed  files that already were (rank files and sidecars)
     * @param bytesBefore the packed files' size before, plain
     * @param bytesAfter  their size now, compressed
     */
    public record Result(Path dir, int packed, int compressed, long bytesBefore, long bytesAfter) {
    }

    private TracePack() {
    }

    public static Result pack(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw ScalecastException.badInput(dir + ": expected a trace folder (traces.list, rank files, trace.json)");
        }
        Path folder = dir.toAbsolutePath().normalize();
        Path list = folder.resolve(TiTrace.LIST);
        if (!Files.isRegularFile(folder.resolve(TraceMeta.FILE))) {
            throw ScalecastException.badInput(dir + ": no " + TraceMeta.FILE + "; expected a trace folder (traces.list, rank"
                    + " files, trace.json)");
        }
        List<Path> rankFiles = TiTrace.readList(list);
        Map<Path, Path> plainToGz = new LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        int compressed = 0;
        for (Path f : rankFiles) {
            Path abs = f.toAbsolutePath().normalize();
            if (!folder.equals(abs.getParent())) {
                throw ScalecastException.badInput(list + ": expected rank files inside " + dir + ", got " + f
                        + " (pack compresses the folder's own files)");
            }
            Path rankGz = add(abs, plainToGz);
            compressed += rankGz == abs ? 1 : 0;
            names.add(rankGz.getFileName().toString());
            for (String kind : SIDECARS) {
                Path side = TiFiles.sidecar(abs, kind);
                if (Files.isRegularFile(side)) {
                    compressed += add(side, plainToGz) == side ? 1 : 0;
                }
            }
        }
        if (plainToGz.isEmpty()) {
            return new Result(dir, 0, compressed, 0, 0);
        }
        long before = 0;
        try (AtomicFiles.Outputs out = new AtomicFiles.Outputs()) {
            for (Map.Entry<Path, Path> e : plainToGz.entrySet()) {
                before += size(e.getKey());
                out.file(e.getValue(), tmp -> TiFiles.gzip(e.getKey(), tmp));
            }
            out.string(list, String.join("\n", names) + "\n");
            out.commit();
        }
        long after = 0;
        for (Map.Entry<Path, Path> e : plainToGz.entrySet()) {
            after += size(e.getValue());
            try {
                Files.deleteIfExists(e.getKey());
            } catch (IOException ex) {
                throw ScalecastException.failure("packed " + dir + ", but cannot remove " + e.getKey() + " (the list names "
                        + e.getValue().getFileName() + "; remove it by hand): " + ex.getMessage(), ex);
            }
        }
        return new Result(dir, plainToGz.size(), compressed, before, after);
    }

    /** The file {@code f} is once packed: itself if it is gzip already, else {@code f.gz} (queued in {@code plainToGz}). */
    private static Path add(Path f, Map<Path, Path> plainToGz) {
        try {
            if (TiFiles.compressed(f)) {
                return f;
            }
        } catch (IOException e) {
            throw ScalecastException.badInput(f + ": cannot read: " + e.getMessage());
        }
        Path gz = f.resolveSibling(f.getFileName() + TiFiles.GZ);
        plainToGz.put(f, gz);
        return gz;
    }

    private static long size(Path f) {
        try {
            return Files.size(f);
        } catch (IOException e) {
            throw ScalecastException.badInput(f + ": cannot read: " + e.getMessage());
        }
    }
}
