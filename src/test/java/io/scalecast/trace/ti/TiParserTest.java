package io.scalecast.trace.ti;

import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The TI grammar on a trace SMPI 3.32 itself wrote ({@code src/test/resources/ti/all-actions}, from all-actions.c). */
class TiParserTest {
    static final Path ALL = Path.of("src/test/resources/ti/all-actions");

    static List<TiAction> read(Path file, int rank, int size) {
        List<TiAction> out = new ArrayList<>();
        try (TiReader in = new TiReader(file, rank, size)) {
            TiAction a;
            while ((a = in.next()) != null) {
                out.add(a);
            }
        }
        return out;
    }

    static TiAction first(List<TiAction> as, TiAction.Kind k) {
        return as.stream().filter(a -> a.kind() == k).findFirst().orElseThrow();
    }

    @Test
    void countsBecomeBytesWithSmpisDatatypeSizes() {
        List<TiAction> a = read(ALL.resolve("rank-0.ti"), 0, 4);
        TiAction send = first(a, TiAction.Kind.SEND);          // 0 send 1 7 1000 2 (MPI_CHAR)
        assertEquals(1, send.peer());
        assertEquals(7, send.tag());
        assertEquals(1000, send.bytes());
        assertEquals(TiAction.UNDEFINED_RANK, first(a, TiAction.Kind.RECV).peer()); // MPI_ANY_SOURCE as SMPI writes it
        assertEquals(80, first(a, TiAction.Kind.ISEND).bytes()); // 10 MPI_DOUBLE
        TiAction v = first(a, TiAction.Kind.ALLTOALLV);        // 8 2 2 2 2 8 2 2 2 2 0 0
        assertArrayEquals(new long[]{16, 16, 16, 16}, v.sendCounts());
        assertArrayEquals(new long[]{16, 16, 16, 16}, v.recvCounts());
        assertArrayEquals(new long[]{8, 16, 24, 32}, first(a, TiAction.Kind.GATHERV).recvCounts());
        assertArrayEquals(new long[]{8, 16, 24, 32}, first(a, TiAction.Kind.REDUCESCATTER).recvCounts());
        TiAction red = first(a, TiAction.Kind.REDUCE);          // 10 0 1 0: root 1
        assertEquals(1, red.root());
        assertEquals(80, red.bytes());
        TiAction sr = first(a, TiAction.Kind.SENDRECV);         // 4 1 4 3 0 0
        assertEquals(1, sr.peer());
        assertEquals(3, sr.peer2());
        assertEquals(32, sr.recvBytes());
        TiAction w = first(a, TiAction.Kind.WAIT);              // 0 1 5
        assertEquals(0, w.peer());
        assertEquals(1, w.peer2());
        assertEquals(5, w.tag());
        assertEquals(TiAction.Kind.FINALIZE, a.get(a.size() - 1).kind());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0 send 1 7 abc 2|expected a count (a number), got \"abc\"",
        "0 send 9 7 10 2|expected the destination rank in 0-3, got 9",
        "0 send 1 7 -5 2|expected a count (a finite number >= 0)",
        "0 send 1 7 10 99|expected a predefined SMPI datatype id 0-59, got 99",
        "0 send 1 7|expected a count after",
        "0 sned 1 7 10|expected a TI action",
        "1 barrier|expected rank 0 (this file's rank in the list file), got 1",
        "0 compute NaN|expected flops (a finite number >= 0)",
        "0 alltoallv 8 2 2 2|expected send counts (4 of them, one per rank)",
        "0 barrier 5|expected nothing more after",
        "0 wait 0 1|expected a tag after"})
    void aBadLineIsFileLineAndWhatWasExpected(String line, String expected) {
        ScalecastException e = assertThrows(ScalecastException.class, () -> new TiParser("r.ti", 0, 4).parse(line, 17));
        assertTrue(e.getMessage().startsWith("r.ti:17: "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void aFileCutInALineIsTruncated(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("rank-0.ti");
        Files.writeString(f, "0 init\n0 send 1 7 10");
        ScalecastException e = assertThrows(ScalecastException.class, () -> read(f, 0, 2));
        assertTrue(e.getMessage().contains("rank-0.ti:2: expected a complete line ending in a newline (the file is truncated)"),
                e.getMessage());
    }

    @Test
    void aFileWithoutFinalizeIsTruncated(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("rank-0.ti");
        Files.writeString(f, "0 init\n0 send 1 7 10\n");
        ScalecastException e = assertThrows(ScalecastException.class, () -> read(f, 0, 2));
        assertTrue(e.getMessage().contains("rank-0.ti:2: expected finalize as the last action, got send"), e.getMessage());
    }

    @Test
    void commentsAndBlankLinesAreSkippedAsSmpiDoes(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("rank-0.ti");
        Files.writeString(f, "# recorded here\n0 init\n\n0 compute 5e3\n0 finalize\n");
        List<TiAction> a = read(f, 0, 1);
        assertEquals(3, a.size());
        assertEquals(5000, a.get(1).flops());
        assertEquals(4, a.get(1).line());
    }
}
