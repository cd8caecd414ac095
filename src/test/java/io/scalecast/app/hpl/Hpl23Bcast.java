package io.scalecast.app.hpl;

import java.util.ArrayList;
import java.util.List;

/**
 * The messages of HPL 2.3's panel broadcasts (src/comm/HPL_1ring.c, HPL_1rinM.c, HPL_2ring.c,
 * HPL_2rinM.c, HPL_blong.c, HPL_blonM.c), transcribed statement by statement with HPL's own
 * variable names (MModAdd / MModSub are additions modulo {@code size}), so that
 * {@link PanelBroadcast} is checked against HPL and not against itself. Each process's calls in
 * order: {@code send D B} (MPI_Send / MPI_Ssend of B bytes to column D), {@code recv S}, and
 * {@code exchange D B} (the roll's MPI_Issend of B bytes to D, MPI_Recv from D, MPI_Wait). Every
 * receive that HPL_bcast guards with MPI_Iprobe is taken as if the probe had succeeded (the
 * order of calls does not depend on when it does). {@code COUNT} is PANEL->len in doubles.
 */
final class Hpl23Bcast {
    private final int size;
    private final int root;
    private final int rank;
    private final long COUNT;
    private final List<String> calls = new ArrayList<>();

    private Hpl23Bcast(int size, int root, int rank, long count) {
        this.size = size;
        this.root = root;
        this.rank = rank;
        this.COUNT = count;
    }

    /** The calls of process column {@code rank} in a row of {@code size}, for BCAST {@code code}. */
    static List<String> calls(int code, int size, int root, int rank, long count) {
        Hpl23Bcast h = new Hpl23Bcast(size, root, rank, count);
        if (size > 1) {
            switch (code) {
                case 0 -> h.ring1();
                case 1 -> h.ring1M();
                case 2 -> h.ring2();
                case 3 -> h.ring2M();
                case 4 -> h.blong();
                case 5 -> h.blonM();
                default -> throw new IllegalArgumentException("BCAST " + code);
            }
        }
        return h.calls;
    }

    private int add(int a, int b) {
        return Math.floorMod(a + b, size);
    }

    private int sub(int a, int b) {
        return Math.floorMod(a - b, size);
    }

    private void send(int to, long doubles) {
        calls.add("send " + to + " " + 8 * doubles);
    }

    private void recv(int from) {
        calls.add("recv " + from);
    }

    private void ring1() {
        int next = add(rank, 1);
        if (rank == root) {
            send(next, COUNT);
        } else {
            int partner = sub(rank, 1);
            recv(partner);
            if (next != root) {
                send(next, COUNT);
            }
        }
    }

    private void ring1M() {
        int next = add(rank, 1);
        if (rank == root) {
            send(next, COUNT);
            if (size > 2) {
                send(add(next, 1), COUNT);
            }
        } else {
            int prev = sub(rank, 1);
            int partner = (size > 2 && sub(prev, 1) == root) ? root : prev;
            recv(partner);
            if (prev != root && next != root) {
                send(next, COUNT);
            }
        }
    }

    private void ring2() {
        int next = add(rank, 1);
        int roo2 = add(root, (size + 1) >> 1);
        if (rank == root) {
            send(next, COUNT);
            if (size > 2) {
                send(roo2, COUNT);
            }
        } else {
            int partner = sub(rank, 1);
            if (partner == root || rank == roo2) {
                partner = root;
            }
            recv(partner);
            if (next != roo2 && next != root) {
                send(next, COUNT);
            }
        }
    }

    private void ring2M() {
        int next = add(rank, 1);
        int roo2 = add(root, (size + 1) >> 1);
        if (rank == root) {
            send(next, COUNT);
            if (size > 2) {
                if (add(next, 1) != roo2) {
                    send(add(next, 1), COUNT);
                }
                send(roo2, COUNT);
            }
        } else {
            int prev = sub(rank, 1);
            int partner = (prev == root || rank == roo2 || sub(prev, 1) == root) ? root : prev;
            recv(partner);
            if (prev != root && next != roo2 && next != root) {
                send(next, COUNT);
            }
        }
    }

    /** HPL_bcast_blong: spread over all {@code size} processes, then roll. */
    private void blong() {
        int mydist = sub(rank, root);
        long count = Math.max(COUNT / size, 1);
        spread(size, mydist, count, d -> add(root, d));
        roll(size, mydist, count, sub(rank, 1), add(rank, 1));
    }

    /** HPL_bcast_blonM: the whole panel to root+1, then spread and roll over the other size−1. */
    private void blonM() {
        int prev = sub(rank, 1);
        if (rank == root) {
            send(add(rank, 1), COUNT);
        } else if (prev == root) {
            recv(root);
        }
        if (prev == root || size == 2) {
            return;
        }
        int npm1 = size - 1;
        int mydist = rank == root ? 0 : sub(rank, root) - 1;
        long count = Math.max(COUNT / npm1, 1);
        spread(npm1, mydist, count, d -> d == 0 ? root : add(add(root, d), 1));
        int p = sub(rank, 1);
        if (sub(p, 1) == root) {
            p = root;
        }
        int next = add(rank, 1);
        if (rank == root) {
            next = add(next, 1);
        }
        roll(npm1, mydist, count, p, next);
    }

    /**
     * The spread loop of both: {@code n} processes numbered by distance, ip2 = largest power of
     * two ≤ n−1, mask = 2·ip2−1 (HPL_grid_init's col_ip2m1 and col_mask, or blonM's loop).
     */
    private void spread(int n, int mydist, long count, java.util.function.IntUnaryOperator column) {
        int ip2 = 1;
        int mask = 1;
        int k = n - 1;
        while (k > 1) {
            k >>= 1;
            ip2 <<= 1;
            mask <<= 1;
            mask++;
        }
        int mydist2 = mydist;
        int indx = ip2;
        do {
            mask ^= ip2;
            if ((mydist & mask) == 0) {
                long ibuf = indx * count;
                long lbuf = COUNT - ibuf;
                if (indx + ip2 < n) {
                    lbuf = Math.min(lbuf, ip2 * count);
                }
                int partner = mydist ^ ip2;
                if ((mydist & ip2) != 0) {
                    recv(column.applyAsInt(partner));
                } else if (partner < n) {
                    send(column.applyAsInt(partner), Math.max(lbuf, 0));
                }
            }
            if (mydist2 < ip2) {
                ip2 >>= 1;
                indx -= ip2;
            } else {
                mydist2 -= ip2;
                ip2 >>= 1;
                indx += ip2;
            }
        } while (ip2 > 0);
    }

    /** The roll loop of both, over {@code n} processes with the given neighbours. */
    private void roll(int n, int mydist, long count, int prev, int next) {
        int npm1 = n - 1;
        for (int k = 0; k < npm1; k++) {
            int l = k >> 1;
            int indx;
            int partner;
            if (((mydist + k) & 1) != 0) {
                indx = Math.floorMod(mydist + l, n);
                partner = prev;
            } else {
                indx = Math.floorMod(mydist - l, n);
                partner = next;
            }
            long ibufS = indx * count;
            long lbufS = indx == npm1 ? COUNT : ibufS + count;
            lbufS = Math.max(0, Math.min(COUNT, lbufS) - ibufS);
            calls.add("exchange " + partner + " " + 8 * lbufS);
        }
    }
}
