package io.scalecast.app.treecode;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * orb-search (the seed's "chess-game" decomposition): the greedy proposal is never worse by its own score
 * than PKDGRAV's ORB, and the reported decomposition is the fastest simulated of ORB and the proposals.
 */
@Tag("slow")
class OrbSearchTest {
    private static final CostModel COST = new CostModel(1.2e-8, 1.5e-8, 2.5e-8, 2e-8, 4e-9, 0, "test: fixed coefficients");
    private static final Particles P = ParticleGenerator.generate(6000, Distribution.CLUSTERED, 3);
    private static final TreecodePredictor.Config BASE = new TreecodePredictor.Config(Path.of("platforms/examples/cluster-4.xml"), P,
            List.of(3, 4), 1, 0.8, COST, Orb.PKDGRAV, TreecodePredictor.DEFAULT_SEGMENTS, Map.of());

    @Test
    void greedyProposalScoresNoWorseThanPkdgravAndChangesSomethingWhenMissesAreFree() {
        Map<Long, Integer> none = Map.of();
        for (int procs : List.of(3, 4)) {
            for (double lambda : new double[]{0, 1e-4}) {
                Map<Long, Integer> d = OrbSearch.search(BASE, procs, lambda);
                assertEquals(procs - 1, d.size(), "one decision per ORB split");
                double searched = OrbSearch.score(BASE, procs, OrbSearch.replay(d), lambda);
                double orb = OrbSearch.score(BASE, procs, OrbSearch.replay(none), lambda);
                assertTrue(searched <= orb, "P=" + procs + " λ=" + lambda + ": " + searched + " > " + orb);
            }
        }
    }

    @Test
    void reportedDecompositionIsTheFastestSimulatedAndSaysWhichWasKept() {
        StringWriter log = new StringWriter();
        TreecodeReport r = OrbSearch.compare(BASE, new PrintWriter(log));
        assertEquals(2, r.searched().size());
        for (int i = 0; i < 2; i++) {
            TreecodePredictor.Point orb = r.points().get(i), s = r.searched().get(i);
            assertEquals(orb.procs(), s.procs());
            assertTrue(s.stepSeconds() <= orb.stepSeconds(), s.stepSeconds() + " > " + orb.stepSeconds());
            String note = r.searchNotes().get(i);
            assertTrue(note.startsWith(s.stepSeconds() < orb.stepSeconds() ? "proposal with miss weight" : "orb kept"), note);
        }
        // every simulated proposal is logged with its step time (4 decimals), and none logged is faster than what was kept
        for (String line : log.toString().split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            assertTrue(line.startsWith("orb-search P="), line);
            int procs = Integer.parseInt(line.substring("orb-search P=".length(), line.indexOf(',')));
            double step = Double.parseDouble(line.replaceAll(".*step ([0-9.]+) s .*", "$1"));
            TreecodePredictor.Point kept = r.searched().get(procs == 3 ? 0 : 1);
            assertTrue(kept.stepSeconds() <= step + 5e-5, line + " beats the kept " + kept.stepSeconds());
        }
    }
}
