package io.scalecast.whatif;

import java.util.ArrayList;
import java.util.List;

/**
 * The time-against-cost Pareto front of a study's rows: a row is on it when no other row is at most as slow and at most
 * as dear and better in one of the two. Rows keep their order; ties (same time and cost) are all on the front.
 */
public final class Pareto {
    private Pareto() {
    }

    public static List<WhatIf.Row> mark(List<WhatIf.Row> rows) {
        List<WhatIf.Row> out = new ArrayList<>();
        for (WhatIf.Row r : rows) {
            boolean dominated = false;
            for (WhatIf.Row q : rows) {
                if (q.timeSeconds() <= r.timeSeconds() && q.costUsd() <= r.costUsd()
                        && (q.timeSeconds() < r.timeSeconds() || q.costUsd() < r.costUsd())) {
                    dominated = true;
                    break;
                }
            }
            out.add(r.onFront(!dominated && !Double.isNaN(r.costUsd())));
        }
        return out;
    }
}
