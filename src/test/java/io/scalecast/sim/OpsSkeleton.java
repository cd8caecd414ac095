package io.scalecast.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Test skeleton: every rank runs the operation named by {@code op} and records when it returned
 * ({@code end<r>}); some operations record more. Parameters: {@code ranks}, {@code op},
 * {@code bytes}, {@code root}, {@code delay-s}.
 */
public final class OpsSkeleton implements Skeleton {
    private int ranks;
    private String op;
    private long bytes;
    private int root;
    private double delay;
    private double[] end;
    private final SimResult out = new SimResult();

    @Override
    public int configure(Map<String, String> p, int hostCount) {
        ranks = Integer.parseInt(p.getOrDefault("ranks", "2"));
        op = p.get("op");
        bytes = Long.parseLong(p.getOrDefault("bytes", "0"));
        root = Integer.parseInt(p.getOrDefault("root", "0"));
        delay = Double.parseDouble(p.getOrDefault("delay-s", "0"));
        end = new double[ranks];
        return ranks;
    }

    @Override
    public void rank(Comm c) {
        int r = c.rank();
        switch (op) {
            case "bcast" -> c.bcast(root, bytes);
            case "reduce" -> c.reduce(root, bytes);
            case "allreduce" -> c.allreduce(bytes);
            case "barrier" -> {
                c.computeSeconds(r == 0 ? delay : 0);
                c.barrier();
            }
            case "gather" -> c.gather(root, bytes);
            case "allgather" -> c.allgather(bytes);
            case "alltoallv-ring", "alltoallv-ring-known" -> {
                long[] s = new long[ranks];
                long[] rv = new long[ranks];
                s[(r + 1) % ranks] = bytes;
                rv[(r - 1 + ranks) % ranks] = bytes;
                if (op.endsWith("known")) {
                    c.alltoallv(s, rv);
                } else {
                    c.alltoallv(s);
                }
            }
            case "release" -> {
                // rank 0 sends one message; rank 1 posts its receive only after delay-s.
                if (r == 0) {
                    c.send(1, bytes, 0);
                } else if (r == 1) {
                    c.computeSeconds(delay);
                    out.put("received", c.recv(0, 0));
                }
            }
            case "release-nb" -> {
                // as "release" with MPI_Isend / MPI_Irecv and a wait
                if (r == 0) {
                    c.wait(c.isend(1, bytes, 0));
                } else if (r == 1) {
                    c.computeSeconds(delay);
                    Request q = c.irecv(0, 0);
                    c.wait(q);
                    out.put("received", q.bytes());
                }
            }
            case "exchange" -> {
                // ranks 0 and 1 swap one message each way with isend/irecv/waitall.
                int o = 1 - r;
                List<Request> q = new ArrayList<>();
                q.add(c.irecv(o, 0));
                q.add(c.isend(o, bytes, 0));
                c.waitall(q);
            }
            case "train" -> {
                // rank 0 sends `root` messages of `bytes` to rank 1 back to back; rank 1 receives them all
                for (int k = 0; k < Math.max(1, root); k++) {
                    if (r == 0) {
                        c.send(1, bytes, 0);
                    } else if (r == 1) {
                        c.recv(0, 0);
                    }
                }
            }
            case "paced-train" -> {
                // as "train", rank 0 waiting delay-s between its sends (a stream posted at a set pace)
                for (int k = 0; k < Math.max(1, root); k++) {
                    if (r == 0) {
                        c.send(1, bytes, 0);
                        c.computeSeconds(delay);
                    } else if (r == 1) {
                        c.recv(0, 0);
                    }
                }
            }
            case "exchanges" -> {
                // two swaps back to back, an untimed barrier, a third: when each ends (ranks 0 and 1)
                int o = 1 - r;
                for (int k = 1; k <= 3; k++) {
                    if (k == 3) {
                        c.barrierUntimed();
                    }
                    c.waitall(List.of(c.irecv(o, 0), c.isend(o, bytes, 0)));
                    if (r == 0) {
                        out.put("swap" + k, c.wtime());
                    }
                }
            }
            case "send-then-recv" -> {
                // rank 0: isend, then recv, then wait; rank 1: blocking send, then recv (legal MPI:
                // rank 1's send matches rank 0's recv, which rank 0 posts without waiting for its isend).
                int o = 1 - r;
                if (r == 0) {
                    Request s = c.isend(o, bytes, 0);
                    c.recv(o, 0);
                    c.wait(s);
                } else if (r == 1) {
                    c.send(o, bytes, 0);
                    c.recv(o, 0);
                }
            }
            case "two-same-way" -> {
                // rank 0 sends two messages to rank 1 at once (different tags).
                if (r == 0) {
                    c.waitall(List.of(c.isend(1, bytes, 0), c.isend(1, bytes, 1)));
                } else if (r == 1) {
                    c.waitall(List.of(c.irecv(0, 0), c.irecv(0, 1)));
                }
            }
            case "two-pairs" -> {
                // rank 0 sends to 1 and 2 at once (one link shared); 3 idle.
                if (r == 0) {
                    c.waitall(List.of(c.isend(1, bytes, 0), c.isend(2, bytes, 0)));
                } else if (r == 1 || r == 2) {
                    c.recv(0, 0);
                }
            }
            case "sub-isolation" -> {
                // Same source, destination and tag on the world and on a sub-communicator:
                // the receive on the sub-communicator must get the sub-communicator's message.
                Comm s = c.sub(new int[] {1, 0});
                if (r == 0) {
                    c.send(1, 1000, 7);
                    s.send(0, 2000, 7);
                } else {
                    out.put("sub-rank-of-1", s.rank());
                    out.put("sub-received", s.recv(1, 7));
                    out.put("world-received", c.recv(0, 7));
                }
            }
            case "sub-ids" -> {
                Comm a = c.sub(new int[] {0, 1});
                Comm b = c.sub(new int[] {0, 1});
                // Two successive subs with the same members must not share traffic either.
                if (r == 0) {
                    a.send(1, 10, 0);
                    b.send(1, 20, 0);
                } else {
                    out.put("b-received", b.recv(0, 0));
                    out.put("a-received", a.recv(0, 0));
                }
            }
            case "probe-then-recv" -> {
                // rank 0 sends at 0.5 s; rank 1 probes at 0, computes delay-s, probes, receives, probes again
                if (r == 0) {
                    c.computeSeconds(0.5);
                    c.send(1, bytes, 0);
                } else if (r == 1) {
                    out.put("probe-before", c.iprobe(0, 0) ? 1 : 0);
                    c.computeSeconds(delay);
                    out.put("probe-after", c.iprobe(0, 0) ? 1 : 0);
                    out.put("received", c.recv(0, 0));
                    out.put("probe-next", c.iprobe(0, 0) ? 1 : 0);
                }
            }
            case "deadlock" -> c.recv(1 - r, 0);
            case "bad-rank" -> c.send(ranks + 3, 8, 0);
            case "test-poll" -> {
                if (r == 0) {
                    c.send(1, bytes, 0);
                } else {
                    Request q = c.irecv(0, 0);
                    boolean early = q.done();
                    c.computeSeconds(delay);
                    out.put("done-at-start", early ? 1 : 0);
                    out.put("done-after-delay", q.done() ? 1 : 0);
                    c.wait(q);
                }
            }
            default -> throw new IllegalArgumentException("unknown op " + op);
        }
        end[r] = c.wtime();
    }

    @Override
    public SimResult result(double simulatedSeconds) {
        double max = 0;
        for (int r = 0; r < ranks; r++) {
            out.put("end" + r, end[r]);
            max = Math.max(max, end[r]);
        }
        out.put("max", max);
        return out;
    }
}
