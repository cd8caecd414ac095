package io.scalecast.exec.slurm;

import io.scalecast.exec.LocalExecutor;
import io.scalecast.exec.TaskResult;
import io.scalecast.util.Json;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * What one Slurm array task runs: reads a task file, runs the task exactly as the local
 * executor does ({@link LocalExecutor#runOne}), writes its {@link TaskResult} (temp + move, so
 * the submitting side never reads half a file). Exit code 0 whenever a result was written.
 */
public final class SlurmTaskMain {
    private SlurmTaskMain() {
    }

    public static void main(String[] args) throws Exception {
        TaskResult r = LocalExecutor.runOne(TaskFile.read(Path.of(args[0])));
        Path out = Path.of(args[1]);
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        Files.writeString(tmp, Json.gson().toJson(r), StandardCharsets.UTF_8);
        Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE);
        if (!r.ok()) {
            System.err.println("scalecast: error: task " + r.id() + ": " + r.message());
        }
        System.exit(0);
    }
}
