package io.scalecast.app.replay;

import io.scalecast.trace.ti.TraceMeta;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** predict trace's notes where a replay is known not to hold: ranks sharing a core, and a folded recording. */
class SharedCoreNoteTest {
    @Test
    void ranksSharingACoreGetANoteAndRanksWithACoreEachDoNot(@TempDir Path dir) throws IOException {
        TraceMeta trace = trace(dir, "shared memory: 2 ranks on this host's 2 cores");
        Path one = platform(dir.resolve("one.xml"), 1);
        Path two = platform(dir.resolve("two.xml"), 2);
        assertEquals(List.of(), SharedCoreNote.of(trace, one, 1));
        assertEquals(List.of(), SharedCoreNote.of(trace, two, 2));
        List<String> notes = SharedCoreNote.of(trace, one, 2);
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith("note: 2 ranks share each host's 1 core(s)"), notes.get(0));
        assertTrue(SharedCoreNote.of(trace, two, 4).get(0).startsWith("note: 4 ranks share each host's 2 core(s)"));
    }

    @Test
    void aFoldedRecordingGetsANoteOnAnyPlatform(@TempDir Path dir) throws IOException {
        TraceMeta trace = trace(dir, "shared memory: 4 ranks on this host's 2 cores (folded)");
        List<String> notes = SharedCoreNote.of(trace, platform(dir.resolve("p.xml"), 1), 1);
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains("folded onto fewer cores (shared memory: 4 ranks on this host's 2 cores (folded))"),
                notes.get(0));
    }

    @Test
    void aTraceWithoutAPlacementGetsNoFoldingNote(@TempDir Path dir) throws IOException {
        // an SMPI trace imported by 'scalecast import ti': its trace.json names no placement
        Path f = Files.writeString(dir.resolve("trace.json"), "{\"ranks\": 2, \"source\": \"smpi\"}\n");
        assertEquals(List.of(), SharedCoreNote.of(TraceMeta.read(f), platform(dir.resolve("p.xml"), 1), 1));
    }

    private static TraceMeta trace(Path dir, String placement) throws IOException {
        Path f = Files.writeString(dir.resolve("trace.json"), "{\"ranks\": 2, \"placement\": \"" + placement + "\"}\n");
        return TraceMeta.read(f);
    }

    private static Path platform(Path f, int cores) throws IOException {
        Files.writeString(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                + "<platform version=\"4.1\">\n  <cluster id=\"c\" prefix=\"c-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" core=\""
                + cores + "\" bw=\"125MBps\" lat=\"20us\"/>\n</platform>\n");
        return f;
    }
}
