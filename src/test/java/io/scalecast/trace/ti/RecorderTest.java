package io.scalecast.trace.ti;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.scalecast.cli.Cli;
import io.scalecast.util.Home;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code scalecast trace record} on src/test/c/rec_calls.c under real mpirun (4 ranks folded on this machine's
 * cores): the events written are the ones the program makes (counts per call, ANY_SOURCE resolved to the real
 * sender, every wait linked to an earlier isend/irecv of the same key), the trace replays under smpirun, unsupported
 * calls are reported, a static binary is refused before anything runs, a failing program leaves an incomplete trace.
 */
@Tag("slow")
class RecorderTest {
    @TempDir
    static Path bin;
    @TempDir
    Path tmp;

    static Path program;

    @BeforeAll
    static void build() throws Exception {
        RecorderTestSupport.assumeRecorder();
        program = bin.resolve("rec_calls");
        RecorderTestSupport.exec(bin, "mpicc", "-O1", "-o", program.toString(), Home.dir().resolve("src/test/c/rec_calls.c").toString());
    }

    private Cli record(Path out, String... mode) {
        List<String> a = new ArrayList<>(List.of("trace", "record", "--out", out.toString(), "--np", "4", "--rate", "1Gf",
                "--timeout", "120", "--", program.toString()));
        a.addAll(List.of(mode));
        return Cli.run(a.toArray(String[]::new));
    }

    @Test
    void everySupportedCallIsWrittenAsTheProgramMadeIt() throws Exception {
        Path out = tmp.resolve("all");
        Cli c = record(out, "all");
        assertEquals(0, c.exit, c.toString());
        JsonObject meta = JsonParser.parseString(Files.readString(out.resolve("trace.json"))).getAsJsonObject();
        assertTrue(meta.get("complete").getAsBoolean());
        assertEquals(0, meta.getAsJsonObject("unsupported").size(), meta.toString());
        JsonObject counts = meta.getAsJsonObject("counts");
        Map<String, Integer> expected = Map.ofEntries(Map.entry("MPI_Send", 3 + 4), Map.entry("MPI_Recv", 3 + 4),
                Map.entry("MPI_Isend", 8 + 4), Map.entry("MPI_Irecv", 8 + 4), Map.entry("MPI_Waitall", 4), Map.entry("MPI_Waitany", 8),
                Map.entry("MPI_Wait", 8 + 4), Map.entry("MPI_Sendrecv", 8), Map.entry("MPI_Probe", 4), Map.entry("MPI_Iprobe", 4),
                Map.entry("MPI_Bcast", 8), Map.entry("MPI_Allreduce", 8), Map.entry("MPI_Iallreduce", 4),
                Map.entry("MPI_Comm_split", 4), Map.entry("MPI_Comm_dup", 4), Map.entry("MPI_Comm_free", 8),
                Map.entry("MPI_Gatherv", 4), Map.entry("MPI_Scatterv", 4), Map.entry("MPI_Reduce_scatter", 4));
        expected.forEach((k, v) -> assertEquals(v, counts.get(k).getAsInt(), k));
        assertTrue(counts.get("MPI_Test").getAsInt() >= 4, "at least one Test per rank");

        List<List<String>> ranks = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
            ranks.add(Files.readAllLines(out.resolve("rank-" + r + ".ti")));
        }
        assertEquals(List.of("rank-0.ti", "rank-1.ti", "rank-2.ti", "rank-3.ti"), Files.readAllLines(out.resolve("traces.list")));
        List<String> r0 = actions(ranks.get(0));
        // rank 0's three MPI_ANY_SOURCE receives name the real senders, each once
        List<String> anySource = r0.stream().filter(l -> l.matches("recv \\d 5 800 6")).map(l -> l.split(" ")[1]).sorted().toList();
        assertEquals(List.of("1", "2", "3"), anySource);
        // the ring's MPI_ANY_SOURCE irecv is filled in with the real sender (rank 3 sends to 0)
        assertTrue(r0.contains("irecv 3 6 40 6"), r0.toString());
        assertTrue(r0.contains("waitall 2"), r0.toString());
        for (int r = 0; r < 4; r++) {
            checkLinked(r, actions(ranks.get(r)));
            assertEquals(r + " init", ranks.get(r).get(0));
            assertEquals(r + " finalize", ranks.get(r).get(ranks.get(r).size() - 1));
        }
        // the sub-communicator allreduce ({0,2}: world 2 is member 0) is point-to-point between world ranks 0 and 2
        assertTrue(r0.containsAll(List.of("isend 2 32123 56 6", "irecv 2 32123 56 6")), r0.toString());
        // the Sendrecv with MPI_PROC_NULL as destination on rank 0 is a receive from rank 1 only
        assertTrue(r0.contains("irecv 1 4 16 6") && !r0.contains("isend -2 4 16 6"), r0.toString());
        RecorderTestSupport.replaysUnderSmpi(out, 4);
    }

    /** The TI lines without the rank and without compute. */
    static List<String> actions(List<String> lines) {
        return lines.stream().map(l -> l.substring(l.indexOf(' ') + 1)).filter(l -> !l.startsWith("compute")).toList();
    }

    /** Every wait pops a pending isend/irecv of its (src, dst, tag), as SMPI's replay pairs them; none is left over. */
    static void checkLinked(int rank, List<String> actions) {
        Map<String, Deque<String>> pending = new HashMap<>();
        int open = 0;
        for (String a : actions) {
            String[] w = a.split(" ");
            switch (w[0]) {
                case "isend" -> { pending.computeIfAbsent(rank + " " + w[1] + " " + w[2], k -> new ArrayDeque<>()).add(a); open++; }
                case "irecv" -> { pending.computeIfAbsent(w[1] + " " + rank + " " + w[2], k -> new ArrayDeque<>()).add(a); open++; }
                case "wait" -> {
                    Deque<String> q = pending.get(w[1] + " " + w[2] + " " + w[3]);
                    assertTrue(q != null && !q.isEmpty(), "rank " + rank + ": " + a + " has no isend/irecv before it");
                    q.poll();
                    open--;
                }
                case "waitall" -> {
                    assertEquals(open, Integer.parseInt(w[1]), "rank " + rank + ": waitall covers every pending request");
                    pending.clear();
                    open = 0;
                }
                default -> assertFalse(a.contains("-333") || a.contains("-1 "), "rank " + rank + ": unresolved peer in " + a);
            }
        }
        assertEquals(0, open, "rank " + rank + ": requests never waited for");
    }

    @Test
    void unsupportedCallsAreCountedAndListed() throws IOException {
        Path out = tmp.resolve("rma");
        Cli c = record(out, "unsupported");
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("unsupported: MPI_Put x4, MPI_Win_create x4, MPI_Win_fence x8, MPI_Win_free x4"), c.out);
        JsonObject u = JsonParser.parseString(Files.readString(out.resolve("trace.json"))).getAsJsonObject().getAsJsonObject("unsupported");
        assertEquals(8, u.get("MPI_Win_fence").getAsInt());
    }

    /** A ring of 8 steps whose sends are freed unwaited (LAMMPS's nemd does so); "recv" frees a receive instead. */
    static final String FREE_RING = """
            #include <mpi.h>
            #include <string.h>
            int main(int argc, char **argv) {
                MPI_Init(&argc, &argv);
                int me, n;
                char out[64], in[64];
                memset(out, 1, sizeof out);
                MPI_Comm_rank(MPI_COMM_WORLD, &me);
                MPI_Comm_size(MPI_COMM_WORLD, &n);
                MPI_Request q;
                if (argc > 1 && strcmp(argv[1], "recv") == 0) {
                    MPI_Irecv(in, 64, MPI_BYTE, (me + n - 1) % n, 9, MPI_COMM_WORLD, &q);
                    MPI_Request_free(&q);
                    MPI_Send(out, 64, MPI_BYTE, (me + 1) % n, 9, MPI_COMM_WORLD);
                } else {
                    for (int s = 0; s < 8; s++) {
                        MPI_Isend(out, 64, MPI_BYTE, (me + 1) % n, s, MPI_COMM_WORLD, &q);
                        MPI_Request_free(&q);
                        MPI_Recv(in, 64, MPI_BYTE, (me + n - 1) % n, s, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    }
                }
                MPI_Barrier(MPI_COMM_WORLD);
                MPI_Finalize();
                return 0;
            }
            """;

    private Cli recordFreeRing(Path out, String mode) throws Exception {
        Path src = tmp.resolve("free_ring.c");
        Path exe = tmp.resolve("free_ring");
        if (!Files.exists(exe)) {
            Files.writeString(src, FREE_RING);
            RecorderTestSupport.exec(tmp, "mpicc", "-O1", "-o", exe.toString(), src.toString());
        }
        return Cli.run("trace", "record", "--out", out.toString(), "--np", "4", "--rate", "1Gf", "--timeout", "120", "--",
                exe.toString(), mode);
    }

    @Test
    void freedSendRequestsAreWaitedForWhereFreedAndReplay() throws Exception {
        Path out = tmp.resolve("free");
        Cli c = recordFreeRing(out, "send");
        assertEquals(0, c.exit, c.toString());
        JsonObject meta = JsonParser.parseString(Files.readString(out.resolve("trace.json"))).getAsJsonObject();
        assertTrue(meta.get("complete").getAsBoolean());
        assertEquals(0, meta.getAsJsonObject("unsupported").size(), meta.toString());
        assertEquals(4 * 8, meta.getAsJsonObject("counts").get("MPI_Request_free").getAsInt());
        for (int r = 0; r < 4; r++) {
            List<String> a = actions(Files.readAllLines(out.resolve("rank-" + r + ".ti")));
            checkLinked(r, a);
            int isends = 0;
            for (int i = 0; i < a.size(); i++) {
                if (a.get(i).startsWith("isend ")) {
                    String[] w = a.get(i).split(" ");
                    assertEquals("wait " + r + " " + w[1] + " " + w[2], a.get(i + 1), "rank " + r + ": the free waits: " + a);
                    isends++;
                }
            }
            assertEquals(8, isends, a.toString());
        }
        Path platform = cluster(tmp.resolve("free.xml"));
        Cli p = Cli.run("predict", "trace", "--trace", out.toString(), "--platform", platform.toString());
        assertEquals(0, p.exit, p.toString());
        assertTrue(p.out.contains("predicted run time"), p.out);
        if (RecorderTestSupport.onPath("smpirun")) {
            Cli s = Cli.run("predict", "trace", "--trace", out.toString(), "--platform", platform.toString(), "--engine", "smpi");
            assertEquals(0, s.exit, s.toString());
            assertTrue(s.out.contains("predicted run time"), s.out);
        }
        RecorderTestSupport.replaysUnderSmpi(out, 4);
    }

    @Test
    void aFreedReceiveRequestIsUnsupportedAndRefusedByReplay() throws Exception {
        Path out = tmp.resolve("free-recv");
        Cli c = recordFreeRing(out, "recv");
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("MPI_Request_free(receive) x4"), c.out);
        Cli p = Cli.run("predict", "trace", "--trace", out.toString(), "--platform", cluster(tmp.resolve("free-recv.xml")).toString());
        assertEquals(2, p.exit, p.toString());
        assertTrue(p.err.contains("unsupported") && p.err.contains("MPI_Request_free(receive) x4"), p.err);
    }

    /** A 4-node cluster platform at 1 Gf, 125 MBps, 50 us. */
    private static Path cluster(Path f) throws IOException {
        Files.writeString(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                + "<platform version=\"4.1\">\n<cluster id=\"c\" prefix=\"node-\" suffix=\"\" radical=\"0-3\" speed=\"1Gf\" "
                + "bw=\"125MBps\" lat=\"50us\"/>\n</platform>\n");
        return f;
    }

    @Test
    void aFailingProgramLeavesAnIncompleteTraceAndItsExitCode() throws IOException {
        Path out = tmp.resolve("fail");
        Cli c = record(out, "fail");
        assertEquals(1, c.exit, c.toString());
        assertTrue(c.err.contains("exited with code 3") && c.err.contains("rank 1 fails on purpose"), c.err);
        JsonObject meta = JsonParser.parseString(Files.readString(out.resolve("trace.json"))).getAsJsonObject();
        assertFalse(meta.get("complete").getAsBoolean());
        assertEquals(3, meta.get("exit_code").getAsInt());
        assertTrue(Files.readString(out.resolve("rank-1.ti")).contains("1 send 0 1 4 6"), "rank 1's events up to exit are kept");
    }

    @Test
    void aStaticBinaryIsRefusedBeforeAnythingRuns() throws Exception {
        Path src = tmp.resolve("hello.c");
        Files.writeString(src, "int main(void) { return 0; }\n");
        Path exe = tmp.resolve("hello-static");
        try {
            RecorderTestSupport.exec(tmp, "gcc", "-static", "-o", exe.toString(), src.toString());
        } catch (AssertionError e) {
            Assumptions.abort("cannot link statically here (no libc.a): " + e.getMessage());
        }
        Path out = tmp.resolve("static");
        Cli c = Cli.run("trace", "record", "--out", out.toString(), "--np", "2", "--rate", "1Gf", "--", exe.toString());
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains("statically linked"), c.err);
        assertEquals(1, c.err.strip().lines().count(), c.err);
        assertFalse(Files.exists(out), "nothing written");
        try (var s = Files.list(tmp)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().contains("recording")), "no staging folder left");
        }
    }
}
