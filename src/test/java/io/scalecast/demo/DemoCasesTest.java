package io.scalecast.demo;

import io.scalecast.util.Home;
import io.scalecast.util.ScalecastException;
import io.scalecast.validate.ValidationCase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** validation/demo-cases.txt: the demo's declared subset reads, names committed cases, and shows each kind of evidence. */
class DemoCasesTest {
    @TempDir
    Path tmp;

    @Test
    void theCommittedListNamesCommittedCasesOfEveryKind() {
        List<DemoCases.Entry> e = DemoCases.read(Home.dir());
        assertTrue(e.size() >= 5 && e.size() <= 10, "a handful of cases: " + e);
        List<String> names = e.stream().map(x -> ValidationCase.read(x.dir()).name()).toList();
        for (String kind : List.of("hpl-gbe", "hpl-testbed", "treecode-", "beff-", "pingpong-")) {
            assertTrue(names.stream().anyMatch(n -> n.startsWith(kind)), kind + " in " + names);
        }
        assertTrue(e.stream().allMatch(x -> !x.reason().isBlank()), "every case says why it is in");
    }

    @Test
    void aLineNamingNoCaseIsBadInputWithItsLine() throws Exception {
        Files.createDirectories(tmp.resolve("validation/a"));
        Files.writeString(tmp.resolve("validation/a/case.json"), "{}");
        Files.writeString(tmp.resolve(DemoCases.FILE), "# comment\na   first\nnope  second\n");
        ScalecastException x = assertThrows(ScalecastException.class, () -> DemoCases.read(tmp));
        assertEquals(2, x.exitCode());
        assertTrue(x.getMessage().contains("demo-cases.txt:3: no validation case nope"), x.getMessage());
        Files.writeString(tmp.resolve(DemoCases.FILE), "a\na # again\n");
        assertTrue(assertThrows(ScalecastException.class, () -> DemoCases.read(tmp)).getMessage().contains(":2: case a is listed twice"));
        Files.writeString(tmp.resolve(DemoCases.FILE), "# only comments\n");
        assertEquals(2, assertThrows(ScalecastException.class, () -> DemoCases.read(tmp)).exitCode());
    }
}
