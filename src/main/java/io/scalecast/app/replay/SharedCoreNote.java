package io.scalecast.app.replay;

import io.scalecast.platform.PlatformFile;
import io.scalecast.trace.ti.TraceMeta;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The notes {@code predict trace} prints where a replay is known not to hold (docs/trace.md, "How close a replay
 * comes"): ranks that share a core on the platform, and a trace recorded with ranks folded onto fewer cores. A trace's
 * bursts are CPU time between MPI calls; the turns ranks take on a shared core inside their MPI calls are in neither
 * the trace nor the platform. Nothing is printed where every rank has a core of its own.
 */
public final class SharedCoreNote {
    private SharedCoreNote() {
    }

    /**
     * The notes for replaying a trace whose trace.json is {@code meta} with {@code ranksPerNode} ranks per host of
     * {@code platform}; may be empty. The recording's placement is trace.json's {@code placement} (none in an imported
     * SMPI trace).
     */
    public static List<String> of(TraceMeta meta, Path platform, int ranksPerNode) {
        List<String> notes = new ArrayList<>();
        int cores = PlatformFile.coresPerHost(platform);
        if (ranksPerNode > cores) {
            notes.add(String.format(Locale.ROOT, "note: %d ranks share each host's %d core(s): the replay gives them the platform's"
                    + " shared compute rate, not the turns ranks take on a core inside MPI calls; where ranks share cores"
                    + " replays have missed real runs by far more than where each rank has a core (docs/trace.md, 'How close a"
                    + " replay comes')", ranksPerNode, cores));
        }
        String placement = meta.provenance().getOrDefault("placement", "");
        if (placement.contains("folded")) {
            notes.add("note: the trace was recorded with ranks folded onto fewer cores (" + placement + "): its bursts are"
                    + " CPU time, so a rank's compute is right, but the time the folded ranks spent taking turns is not in"
                    + " the trace (docs/trace.md, 'Folding')");
        }
        return notes;
    }
}
