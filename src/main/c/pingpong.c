/* sc_pingpong: one-way message time between ranks 0 and 1 for sizes 1 B .. max bytes.
 *
 * Sizes are the powers of two and the points 1.5*2^k between them. Per size: untimed warm-up
 * round trips, then timed round trips that set the repetition count so that the size takes
 * about --budget seconds (clamped to [--min-reps, --max-reps]). The repetitions run as --trials
 * blocks of back-to-back round trips (a barrier, untimed, between blocks); rank 0 takes one
 * timestamp per round trip, so every round trip has its own time and every block's time is the
 * exact sum of its round trips. Two statistics come from the same samples:
 *   - min/median/max one-way time (round trip / 2) over all round trips of the size;
 *   - block: the mean one-way time of each block (elapsed / round trips / 2), the fastest block.
 *     This is what NetPIPE 3.x reports (netpipe.c: TRIALS blocks of nrepeat round trips timed
 *     as a whole, t = elapsed / nrepeat / 2, the minimum over the blocks).
 *
 * Buffers (--buffers):
 *   cycle   (default) send and receive buffers move together through a region of --cycle bytes
 *           (default 64 MiB, at least 2*max bytes), 64-byte stride, so that large messages are
 *           not served from a warm cache.
 *   netpipe NetPIPE 3.x's -I ("invalidate cache") layout, as in its netpipe.c: distinct send and
 *           receive pools of --cycle bytes each (default 10,000,000 = NetPIPE's MEMSIZE), 16 KiB
 *           aligned, refilled ('b' send, 'a' receive) and pointers reset at each size; after each
 *           round trip both pointers advance by the message size rounded up past the next 16 KiB
 *           boundary, back to the pool start when the next block would not end before the pool's
 *           end; before each block a 10,000,000-byte dummy array is read and written (NetPIPE's
 *           flushcache), untimed.
 * Other ranks (np > 2) take no part, unless --pairs all: then every pair of ranks (2i, 2i+1)
 * ping-pongs at the same time, with the same sizes, repetition counts (rank 0's) and barriers
 * between blocks, and rank 0 reports pair 0's times: one message's time while every rank of the
 * placement is communicating (what a ring or an exchange pattern meets when ranks share cores).
 *
 * Output (rank 0): "PP size_bytes repetitions t_min_s t_median_s t_max_s t_block_s trials".
 */
#include "sc_common.h"
#include <math.h>

#define NP_MEMSIZE 10000000L /* NetPIPE 3.x netpipe.h MEMSIZE: -I pool and flush array */
#define NP_ALIGN 16384L      /* NetPIPE 3.x netpipe.c bufalign */

static void round_trip(int rank, int peer, char *sbuf, char *rbuf, long n) {
    if (rank % 2 == 0) {
        MPI_Send(sbuf, (int)n, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
        MPI_Recv(rbuf, (int)n, MPI_BYTE, peer, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(rbuf, (int)n, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(sbuf, (int)n, MPI_BYTE, peer, 2, MPI_COMM_WORLD);
    }
}

/* NetPIPE's flushcache: alternately add and subtract 1 to every int of the dummy array. */
static void flush_cache(int *mem, long n) {
    static int flag = 0;
    flag = (flag + 1) % 2;
    if (flag == 0) for (long i = 0; i < n; i++) mem[i] = mem[i] + 1;
    else for (long i = 0; i < n; i++) mem[i] = mem[i] - 1;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    sc_prog = "sc_pingpong";
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long minb = 1, maxb = 4L << 20, cycle = -1, minreps = 5, maxreps = 1000, warm = 2, trials = 3;
    int netpipe = 0, allpairs = 0;
    double budget = 0.2;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--min-bytes")) minb = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--max-bytes")) maxb = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--cycle")) cycle = sc_long(sc_opt_value(argc, argv, &i), 0);
        else if (!strcmp(argv[i], "--min-reps")) minreps = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--max-reps")) maxreps = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--warmup")) warm = sc_long(sc_opt_value(argc, argv, &i), 0);
        else if (!strcmp(argv[i], "--budget")) budget = sc_double(sc_opt_value(argc, argv, &i), 0);
        else if (!strcmp(argv[i], "--trials")) trials = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--pairs")) {
            const char *v = sc_opt_value(argc, argv, &i);
            if (!strcmp(v, "first")) allpairs = 0;
            else if (!strcmp(v, "all")) allpairs = 1;
            else sc_die("--pairs: expected first or all, got", v);
        }
        else if (!strcmp(argv[i], "--buffers")) {
            const char *v = sc_opt_value(argc, argv, &i);
            if (!strcmp(v, "cycle")) netpipe = 0;
            else if (!strcmp(v, "netpipe")) netpipe = 1;
            else sc_die("--buffers: expected cycle or netpipe, got", v);
        } else sc_die("unknown option", argv[i]);
    }
    if (size < 2) sc_die("needs at least 2 processes", NULL);
    if (maxreps < minreps) maxreps = minreps;
    if (maxb > (1L << 30)) sc_die("--max-bytes above 1 GiB", NULL);
    if (cycle < 0) cycle = netpipe ? NP_MEMSIZE : 64L << 20;
    long region;
    if (netpipe) {
        region = cycle;
        if (maxb + NP_ALIGN - maxb % NP_ALIGN > region) sc_die("--buffers netpipe: --cycle (pool bytes) smaller than the largest message's block", NULL);
    } else {
        region = cycle > 2 * maxb ? cycle : 2 * maxb;
    }
    /* ranks 0 and 1 (or every rank of a complete pair with --pairs all): the barrier between blocks
     * must not wait for ranks that take no part */
    int part = allpairs ? rank < size - size % 2 : rank <= 1;
    MPI_Comm pair;
    MPI_Comm_split(MPI_COMM_WORLD, part ? 0 : MPI_UNDEFINED, rank, &pair);
    if (part) {
        size_t align = netpipe ? (size_t)NP_ALIGN : 4096;
        char *sbuf = sc_alloc_aligned((size_t)region, align), *rbuf = sc_alloc_aligned((size_t)region, align);
        int *flush = netpipe ? sc_alloc((size_t)NP_MEMSIZE) : NULL;
        if (flush) memset(flush, 0, (size_t)NP_MEMSIZE);
        long cap = maxreps + trials;
        double *t = malloc(sizeof(double) * (size_t)cap);
        if (!t) sc_die("cannot allocate sample array", NULL);
        sc_print_info(MPI_COMM_WORLD);
        if (rank == 0) {
            printf("# probe: sc_pingpong min_bytes=%ld max_bytes=%ld buffers=%s cycle_bytes=%ld budget_s=%g min_reps=%ld max_reps=%ld warmup=%ld trials=%ld pairs=%s pages=kernel-written\n",
                   minb, maxb, netpipe ? "netpipe" : "cycle", region, budget, minreps, maxreps, warm, trials,
                   allpairs ? "all (every pair 2i,2i+1 at once; times of pair 0-1)" : "first (ranks 0-1)");
            fflush(stdout);
        }
        int peer = rank ^ 1;
        long off = 0;
        for (long base = 1; base <= maxb; base *= 2) {
            long cand[2] = {base, base + base / 2};
            for (int c = 0; c < 2; c++) {
                long n = cand[c];
                if (n < minb || n > maxb || (c == 1 && base < 2)) continue;
                long stride = netpipe ? n + NP_ALIGN - n % NP_ALIGN : (n + 63) / 64 * 64;
                if (netpipe) off = 0;
                /* the offset left by the previous (smaller) size may not leave room for n bytes */
                if (off + n > region) off = 0;
#define NEXT_BUF() do { \
                    if (netpipe) off = off + 2 * stride < region ? off + stride : 0; \
                    else { off += stride; if (off + n > region) off = 0; } \
                } while (0)
                for (long w = 0; w < warm; w++) { round_trip(rank, peer, sbuf + off, rbuf + off, n); NEXT_BUF(); }
                /* the fastest of 3 round trips sets the count: one preempted trip must not */
                double probe = 1e30;
                for (int k = 0; k < 3; k++) {
                    double x = MPI_Wtime();
                    round_trip(rank, peer, sbuf + off, rbuf + off, n);
                    x = MPI_Wtime() - x;
                    if (x < probe) probe = x;
                    NEXT_BUF();
                }
                long reps = (long)(budget / (probe > 1e-9 ? probe : 1e-9));
                if (reps < minreps) reps = minreps;
                if (reps > maxreps) reps = maxreps;
                /* rank 0 decides, the others follow: every pair must run the same count */
                MPI_Bcast(&reps, 1, MPI_LONG, 0, pair);
                long per = (reps + trials - 1) / trials; /* round trips per block */
                reps = per * trials;
                if (netpipe) { /* NetPIPE's InitBufferData over the whole pools, pointers back to the start */
                    memset(rbuf, 'a', (size_t)region);
                    memset(sbuf, 'b', (size_t)region);
                    off = 0;
                }
                double best = 1e30;
                long idx = 0;
                for (long tr = 0; tr < trials; tr++) {
                    if (netpipe) flush_cache(flush, NP_MEMSIZE / (long)sizeof(int));
                    MPI_Barrier(pair);
                    double start = MPI_Wtime(), prev = start;
                    for (long r = 0; r < per; r++) {
                        round_trip(rank, peer, sbuf + off, rbuf + off, n);
                        double now = MPI_Wtime();
                        t[idx++] = (now - prev) / 2.0;
                        prev = now;
                        NEXT_BUF();
                    }
                    double block = (prev - start) / (double)per / 2.0;
                    if (block < best) best = block;
                }
                if (rank == 0) {
                    qsort(t, (size_t)reps, sizeof(double), sc_cmp_double);
                    printf("PP %ld %ld %.9e %.9e %.9e %.9e %ld\n", n, reps, t[0], sc_median_sorted(t, (int)reps), t[reps - 1],
                           best, trials);
                    fflush(stdout);
                }
            }
        }
        free(t);
        free(sbuf);
        free(rbuf);
        free(flush);
        MPI_Comm_free(&pair);
    } else {
        sc_print_info(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
