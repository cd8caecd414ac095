package io.scalecast.sim;

import java.util.Map;

/**
 * Test skeleton for {@link ProbeVisibility}: rank 0 sends a message of {@code bytes} on tag 1 at time 0 (and, with
 * {@code other=1}, 10 bytes on tag 2 right after it); rank 1 computes 10 ms (the message arrives meanwhile), with
 * {@code other=1} receives the tag-2 message, then probes tag 1 three times 1 ms apart ({@code probe0..2}: yes or no),
 * then receives it.
 */
public final class ProbeSkeleton implements Skeleton {
    private long bytes;
    private boolean other;
    private final SimResult out = new SimResult();

    @Override
    public int configure(Map<String, String> p, int hostCount) {
        bytes = Long.parseLong(p.getOrDefault("bytes", "1000"));
        other = "1".equals(p.get("other"));
        return 2;
    }

    @Override
    public void rank(Comm c) {
        if (c.rank() == 0) {
            Request a = c.isend(1, bytes, 1);
            if (other) {
                c.send(1, 10, 2);
            }
            c.wait(a);
            return;
        }
        c.computeSeconds(0.010);
        if (other) {
            c.recv(0, 2);
        }
        for (int i = 0; i < 3; i++) {
            out.put("probe" + i, c.iprobe(0, 1) ? "yes" : "no");
            c.computeSeconds(0.001);
        }
        c.recv(0, 1);
    }

    @Override
    public SimResult result(double simulatedSeconds) {
        return out;
    }
}
