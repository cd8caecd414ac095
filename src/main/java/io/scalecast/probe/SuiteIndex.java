package io.scalecast.probe;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.Json;

import java.nio.file.Path;
import java.util.List;

/**
 * {@code suite.json}, the index of a {@code measure suite} folder: what was measured, the exact command, when, where
 * and with what exit status, rewritten (atomically) after every change so that an interrupted or failed suite's index
 * says how far it got.
 */
final class SuiteIndex {
    private final Path dir;
    private final JsonObject index = new JsonObject();
    private final JsonArray traces = new JsonArray();
    /** The entry of the step running now, for the interrupt: recorded as interrupted. Guarded by {@code index}. */
    private JsonObject running;

    SuiteIndex(Path dir, String command, boolean quick, JsonObject machine) {
        this.dir = dir;
        index.addProperty("kind", "measure-suite");
        index.addProperty("command", command);
        index.addProperty("quick", quick);
        index.addProperty("start_utc", MachineInfo.now());
        index.add("machine", machine);
        index.add("traces", traces);
        index.addProperty("status", "running");
    }

    /** A step starts: its entry, held as the running one until {@link #ended}. */
    JsonObject started(MeasureSuite.Step s, List<String> hosts, double estimateSeconds) {
        JsonObject e = new JsonObject();
        e.addProperty("file", s.file());
        e.addProperty("kind", s.kind());
        e.addProperty("what", s.what());
        e.addProperty("command", s.shown());
        e.addProperty("ranks", s.ranks());
        JsonArray h = new JsonArray();
        hosts.forEach(h::add);
        e.add("hosts_by_rank", h);
        e.addProperty("estimate_s", Math.round(estimateSeconds));
        e.addProperty("start_utc", MachineInfo.now());
        e.addProperty("loadavg_before", MachineInfo.loadavg());
        synchronized (index) {
            running = e;
        }
        return e;
    }

    /** The step's probe returned {@code code} after {@code wallSeconds}. */
    void ended(JsonObject e, double wallSeconds, int code) {
        e.addProperty("end_utc", MachineInfo.now());
        e.addProperty("wall_s", Math.round(wallSeconds * 10) / 10.0);
        e.addProperty("loadavg_after", MachineInfo.loadavg());
        e.addProperty("exit_status", code);
        synchronized (index) {
            running = null;
        }
    }

    /** The step failed with {@code why}: the suite stops, failed. */
    void failed(JsonObject e, String why) {
        e.addProperty("error", why);
        traces.add(e);
        index.addProperty("status", "failed");
        index.addProperty("end_utc", MachineInfo.now());
        write();
    }

    /** The step's trace is in the folder. */
    void complete(JsonObject e) {
        e.addProperty("status", "complete");
        traces.add(e);
        write();
    }

    /** Every step is complete. */
    void finished(double wallSeconds) {
        index.addProperty("status", "complete");
        index.addProperty("end_utc", MachineInfo.now());
        index.addProperty("wall_s", Math.round(wallSeconds * 10) / 10.0);
        write();
    }

    /** Ctrl-C / SIGTERM: the running step and the suite are recorded as interrupted (best effort while the JVM goes down). */
    void interrupted() {
        synchronized (index) {
            if (running != null) {
                running.addProperty("status", "interrupted");
                running.addProperty("end_utc", MachineInfo.now());
                traces.add(running);
                running = null;
            }
            index.addProperty("status", "interrupted");
            index.addProperty("end_utc", MachineInfo.now());
            try {
                write();
            } catch (RuntimeException ignored) {
                // best effort while the JVM goes down
            }
        }
    }

    void write() {
        synchronized (index) {
            AtomicFiles.writeString(dir.resolve(MeasureSuite.INDEX), Json.gson().toJson(index) + "\n");
        }
    }
}
