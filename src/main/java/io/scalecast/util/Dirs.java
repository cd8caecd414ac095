package io.scalecast.util;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Scratch directories. A temporary folder is named {@code PREFIX<pid>-<random>} (e.g.
 * {@code scalecast-sim-4711-123…}) so that it says which process owns it: the owner removes it
 * when done or interrupted ({@link Interrupts}), and any later scalecast command removes those
 * whose owner is gone ({@link #removeStale()}), e.g. after a SIGKILL.
 */
public final class Dirs {
    /** Owned temp folders: {@code scalecast-<kind>-<pid>-<random>}. */
    static final Pattern OWNED = Pattern.compile("scalecast-[a-z]+-(\\d+)-\\d+");
    private static final Map<Path, Interrupts.Registration> LIVE = new ConcurrentHashMap<>();

    private Dirs() {
    }

    /**
     * A new temporary folder {@code prefix + pid + "-" + random} in {@code java.io.tmpdir}, removed
     * if this process is interrupted before {@link #deleteTree} removes it.
     *
     * @param prefix e.g. {@code "scalecast-sim-"}
     */
    public static Path createTemp(String prefix) throws IOException {
        Path dir = Files.createTempDirectory(prefix + ProcessHandle.current().pid() + "-");
        LIVE.put(dir, Interrupts.onInterrupt(() -> deleteQuietly(dir)));
        return dir;
    }

    /** Deletes {@code dir} and everything below it; null or a missing directory is a no-op. */
    public static void deleteTree(Path dir) {
        if (dir == null) {
            return;
        }
        deleteQuietly(dir);
        Interrupts.Registration r = LIVE.remove(dir);
        if (r != null) {
            r.close();
        }
    }

    /**
     * Deletes the tree, walking it again while it still exists (up to 5 times, 20 ms apart): on an interrupt the
     * command's own threads may still be writing into it while the walk runs, so one walk can leave a folder that a
     * file appeared in after the walk listed it. During an interrupt ({@link Interrupts#interrupted}) those threads
     * may go on creating files after a walk that found nothing (a worker whose child was just stopped writes its
     * step's output), so the folder must stay absent for three checks 20 ms apart, for up to 2 s.
     */
    private static void deleteQuietly(Path dir) {
        boolean stopping = Interrupts.interrupted();
        int attempts = stopping ? 100 : 5;
        int absent = 0;
        for (int attempt = 0; attempt < attempts; attempt++) {
            if (!Files.exists(dir)) {
                if (!stopping || ++absent >= 3) {
                    return;
                }
            } else {
                absent = 0;
                try (Stream<Path> s = Files.walk(dir)) {
                    s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                } catch (IOException | java.io.UncheckedIOException ignored) {
                    // scratch space only; a file that vanished under the walk is retried by the next attempt
                }
                if (!stopping && !Files.exists(dir)) {
                    return;
                }
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Removes the temp folders in {@code java.io.tmpdir} whose owning process no longer exists
     * (a scalecast command killed with SIGKILL, a machine crash). Folders of live processes, and
     * folders not named by {@link #createTemp}, are left alone.
     *
     * @return how many were removed
     */
    public static int removeStale() {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        int removed = 0;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(tmp, "scalecast-*")) {
            for (Path p : ds) {
                Matcher m = OWNED.matcher(p.getFileName().toString());
                if (!m.matches() || !Files.isDirectory(p)) {
                    continue;
                }
                long pid;
                try {
                    pid = Long.parseLong(m.group(1));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).isEmpty()) {
                    deleteQuietly(p);
                    removed++;
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // best effort: a temp folder we cannot list is not ours to clean
        }
        return removed;
    }
}
