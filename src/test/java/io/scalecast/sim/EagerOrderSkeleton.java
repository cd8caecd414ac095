package io.scalecast.sim;

import java.util.Map;

/**
 * Test skeleton for eager delivery ({@link EagerDelivery}): rank 0 sends eager messages of 1000, 2000 and 0 bytes
 * on tags 1, 2 and 3 at time 0; rank 1 computes {@code delay-s}, then receives them in the order 2, 3, 1 and
 * records each size and the time each receive returned ({@code size<i>}, {@code t<i>}), and whether an iprobe on
 * tag 1 saw its message before the receives ({@code probed}).
 */
public final class EagerOrderSkeleton implements Skeleton {
    private double delay;
    private final SimResult out = new SimResult();

    @Override
    public int configure(Map<String, String> p, int hostCount) {
        delay = Double.parseDouble(p.getOrDefault("delay-s", "0"));
        return 2;
    }

    @Override
    public void rank(Comm c) {
        if (c.rank() == 0) {
            Request a = c.isend(1, 1000, 1);
            Request b = c.isend(1, 2000, 2);
            Request z = c.isend(1, 0, 3);
            c.wait(a);
            c.wait(b);
            c.wait(z);
            return;
        }
        c.computeSeconds(delay);
        out.put("probed", c.iprobe(0, 1) ? "yes" : "no");
        int[] order = {2, 3, 1};
        for (int i = 0; i < order.length; i++) {
            out.put("size" + i, Long.toString(c.recv(0, order[i])));
            out.put("t" + i, c.wtime());
        }
    }

    @Override
    public SimResult result(double simulatedSeconds) {
        return out;
    }
}
