package io.scalecast.exec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The local sweep runner: child JVMs, results in input order, failures reported per task. */
class LocalExecutorTest {
    @TempDir
    Path tmp;

    private static final Path PLATFORM = Path.of(System.getenv().getOrDefault("SCALECAST_HOME", "."), "platforms/examples/two-hosts.xml");

    private List<CommandTask> pingpongTasks(int n) {
        List<CommandTask> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Path out = tmp.resolve("pp-" + i + ".csv");
            tasks.add(new CommandTask("pp-" + i, List.of(List.of("simulate", "pingpong", "--platform", PLATFORM.toAbsolutePath().toString(),
                    "--sizes", Integer.toString(1000 * (i + 1)), "--out", out.toString())), tmp.toString(), tmp.resolve("logs-" + i).toString()));
        }
        return tasks;
    }

    @Test
    void resultsComeBackInInputOrderAndOutputsExist() {
        List<CommandTask> tasks = pingpongTasks(3);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Progress progress = Progress.to(new PrintStream(err, true, StandardCharsets.UTF_8), "test");
        List<TaskResult> r = new LocalExecutor(2).runAll(tasks, progress);
        assertEquals(3, r.size());
        for (int i = 0; i < 3; i++) {
            assertEquals("pp-" + i, r.get(i).id());
            assertTrue(r.get(i).ok(), r.get(i).toString());
            assertTrue(Files.exists(tmp.resolve("pp-" + i + ".csv")));
        }
        assertEquals(3, progress.done());
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("3/3 tasks done"), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aFailingStepStopsItsChainAndSaysWhy() {
        CommandTask bad = new CommandTask("bad", List.of(
                List.of("simulate", "pingpong", "--platform", tmp.resolve("missing.xml").toString(), "--out", tmp.resolve("x.csv").toString()),
                List.of("simulate", "pingpong", "--platform", PLATFORM.toAbsolutePath().toString(), "--out", tmp.resolve("never.csv").toString())),
                tmp.toString(), tmp.resolve("logs-bad").toString());
        List<TaskResult> r = new LocalExecutor(1).runAll(List.of(bad), Progress.none());
        assertEquals(2, r.get(0).exitCode());
        assertEquals(0, r.get(0).failedStep());
        assertTrue(r.get(0).message().contains("missing.xml"), r.get(0).message());
        assertFalse(Files.exists(tmp.resolve("never.csv")));
    }

    @Test
    void unknownExecutorIsBadInput() {
        assertThrows(io.scalecast.util.ScalecastException.class, () -> Executors.create("cloud", 2));
        assertThrows(io.scalecast.util.ScalecastException.class, () -> Executors.create("local", 0));
        assertEquals(3, Executors.create("local", 3).parallelism());
    }
}
