package io.scalecast.app.treecode;

import io.scalecast.probe.ProbeOutput;
import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one run of {@code sc_treecode} printed: per step a STEP record (totals, times as the
 * maximum over ranks) and one RANK record per rank, as column-name → text maps.
 */
public record TreecodeRun(List<Map<String, String>> steps, List<Map<String, String>> ranks, String command,
                          String loadavg) {

    public static TreecodeRun of(ProbeOutput o) {
        String sc = o.info("step_columns", null);
        String rc = o.info("rank_columns", null);
        if (sc == null || rc == null) {
            throw ScalecastException.failure("sc_treecode output has no column lines (is target/probes/sc_treecode current?)");
        }
        String[] sCols = sc.split("\\s+"), rCols = rc.split("\\s+");
        return new TreecodeRun(rows(o.records("STEP", sCols.length), sCols), rows(o.records("RANK", rCols.length), rCols),
                o.command(), o.loadavg());
    }

    private static List<Map<String, String>> rows(List<String[]> recs, String[] cols) {
        List<Map<String, String>> out = new ArrayList<>();
        for (String[] r : recs) {
            Map<String, String> m = new LinkedHashMap<>();
            for (int i = 0; i < cols.length; i++) {
                m.put(cols[i], r[i + 1]);
            }
            out.add(m);
        }
        return out;
    }

    public Map<String, String> step(int step) {
        return steps.stream().filter(s -> Integer.parseInt(s.get("step")) == step).findFirst()
                .orElseThrow(() -> ScalecastException.failure("sc_treecode output has no step " + step));
    }

    public List<Map<String, String>> ranks(int step) {
        return ranks.stream().filter(s -> Integer.parseInt(s.get("step")) == step).toList();
    }

    /** Count columns shared by sc_treecode's RANK records and the Java model. */
    public static final List<String> RANK_COUNT_COLUMNS = List.of("n_local", "n_cells", "n_buckets", "build_passes", "n_pp",
            "n_cell_soft", "n_cell_newt", "n_visit", "acc_cell", "acc_part", "miss_cell", "miss_part", "served", "flops",
            "lines_from", "reply_bytes");

    /** The Java model's counts of one rank, under sc_treecode's RANK column names. */
    public static Map<String, String> rankCounts(RankCounts c, List<RankCounts> all) {
        long served = 0;
        for (RankCounts o : all) {
            served += o.linesFrom()[c.rank()];
        }
        Map<String, String> m = new LinkedHashMap<>();
        m.put("n_local", Long.toString(c.nLocal()));
        m.put("n_cells", Long.toString(c.cells()));
        m.put("n_buckets", Long.toString(c.buckets()));
        m.put("build_passes", Long.toString(c.passes()));
        m.put("n_pp", Long.toString(c.pp()));
        m.put("n_cell_soft", Long.toString(c.soft()));
        m.put("n_cell_newt", Long.toString(c.newt()));
        m.put("n_visit", Long.toString(c.visits()));
        m.put("acc_cell", Long.toString(c.accCell()));
        m.put("acc_part", Long.toString(c.accPart()));
        m.put("miss_cell", Long.toString(c.missCell()));
        m.put("miss_part", Long.toString(c.missPart()));
        m.put("served", Long.toString(served));
        m.put("flops", Long.toString(c.flops()));
        StringBuilder b = new StringBuilder();
        for (long v : c.linesFrom()) {
            b.append(b.length() > 0 ? ";" : "").append(v);
        }
        m.put("lines_from", b.toString());
        long bytes = 0;
        for (long v : c.replyBytesFrom()) {
            bytes += v;
        }
        m.put("reply_bytes", Long.toString(bytes));
        return m;
    }
}
