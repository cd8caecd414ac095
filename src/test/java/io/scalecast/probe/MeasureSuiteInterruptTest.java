package io.scalecast.probe;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.scalecast.exec.LocalExecutor;
import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C during {@code measure suite} (real mpirun on this host): SIGINT once the first trace is in place leaves
 * every trace in the folder complete and readable, an index that says "interrupted" and lists them, no
 * {@code .partial} folder or temporary file, and no probe still running.
 */
@Tag("slow")
class MeasureSuiteInterruptTest {
    @TempDir
    Path tmp;

    @Test
    void sigintLeavesOnlyCompleteTraces() throws Exception {
        io.scalecast.testing.Signals.assumeSigintDeliverable();
        Path dir = tmp.resolve("suite");
        List<String> cmd = new ArrayList<>(LocalExecutor.javaCommand());
        cmd.addAll(List.of("measure", "suite", "--quick", "--out", dir.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("log.txt").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.exists(dir.resolve("pingpong.csv")) && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(Files.exists(dir.resolve("pingpong.csv")), "the ping-pong finished: " + Files.readString(tmp.resolve("log.txt")));
        List<ProcessHandle> children = p.descendants().toList();
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the suite stops on SIGINT");
        assertNotEquals(0, p.exitValue());
        io.scalecast.testing.Processes.awaitGone(children, 10, "a probe of the interrupted suite"); // a killed probe may take a moment
        JsonObject index = JsonParser.parseString(Files.readString(dir.resolve("suite.json"))).getAsJsonObject();
        assertEquals("interrupted", index.get("status").getAsString(), index.toString());
        List<String> complete = new ArrayList<>();
        for (var e : index.getAsJsonArray("traces")) {
            if (e.getAsJsonObject().has("status") && e.getAsJsonObject().get("status").getAsString().equals("complete")) {
                complete.add(e.getAsJsonObject().get("file").getAsString());
            }
        }
        List<String> files;
        try (var s = Files.list(dir)) {
            files = s.map(f -> f.getFileName().toString()).sorted().toList();
        }
        List<String> expected = new ArrayList<>(complete);
        expected.add("suite.json");
        expected.sort(null);
        assertEquals(expected, files, "only the complete traces and the index; log:\n" + Files.readString(tmp.resolve("log.txt")));
        for (String f : complete) {
            CsvTable t = CsvTable.read(dir.resolve(f));
            assertTrue(t.size() > 0, f + " has rows");
        }
    }
}
