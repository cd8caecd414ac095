#define _DEFAULT_SOURCE /* erand48 */
/* sc_beff: the b_eff effective-bandwidth benchmark (Rabenseifner, HLRS), as specified in
 * notes/benchmarks.md section 1: 21 message lengths (1 B ... 4 KiB in powers of two, then 8
 * lengths 4096*a^k up to L_max, a = (L_max/4096)^(1/8)); 6 ring patterns and --random random
 * rings; methods MPI_Sendrecv, MPI_Alltoallv and Irecv/Isend/Waitall; --reps repetitions.
 * Per loop iteration each process sends L bytes to its right neighbour and L bytes to its left
 * one (on 2-rings the partner is the same process and the second message is dropped). The loop
 * length is time driven: a 10-loop pre-pass at 1 B, then looplen(L_k) = max(1,
 * looplen(L_{k-1}) / (L_k/L_{k-1}) * max(1, T/t_prev)), t_prev = summed loop time of all patterns
 * at the previous length for that method, T = --time-per-loop.
 * Buffers are used cyclically through 3*(L_max+16) bytes per direction to defeat caches.
 *
 * Output (rank 0): "BEFF pattern_index pattern_name method length_bytes looplength repetition
 * messages max_time_s"; messages = messages sent by all processes per loop iteration, so the
 * accumulated bandwidth is length*messages*looplength/max_time (computed in Java).
 */
#include "sc_common.h"
#include <math.h>

#define NLEN 21
#define NRING 6
static const char *MNAME[] = {"Sendrecv", "Alltoallv", "Isend-Irecv"};

typedef struct { int left, right; char name[64]; } pattern_t;

static int P, me;
static char *sbuf, *rbuf;
static long region; /* bytes per direction buffer */
static int *scnt, *sdsp, *rcnt, *rdsp;

static void ring_pattern(int nominal, pattern_t *p) {
    int s = nominal > P ? P : nominal;
    int nr = (int)((double)P / s + 0.4);
    if (nr > P / 2) nr = P / 2;
    if (nr < 1) nr = 1;
    int base = P / nr, rem = P % nr, start = 0, sz = 0;
    for (int r = 0; r < nr; r++) {
        sz = base + (r < rem ? 1 : 0);
        if (me < start + sz) break;
        start += sz;
    }
    int pos = me - start;
    p->right = start + (pos + 1) % sz;
    p->left = start + (pos - 1 + sz) % sz;
    snprintf(p->name, sizeof p->name, "ring-%d*%d%s", nr, base, rem == 0 ? "fix" : "&+1");
}

static void random_pattern(int idx, long seed, pattern_t *p) {
    int *perm = malloc(sizeof(int) * (size_t)P);
    if (me == 0) {
        unsigned short xs[3] = {(unsigned short)(seed & 0xffff), (unsigned short)((seed >> 16) & 0xffff),
                                (unsigned short)(idx + 1)};
        for (int i = 0; i < P; i++) perm[i] = i;
        for (int i = P - 1; i > 0; i--) {
            int j = (int)(erand48(xs) * (i + 1));
            if (j > i) j = i;
            int t = perm[i]; perm[i] = perm[j]; perm[j] = t;
        }
    }
    MPI_Bcast(perm, P, MPI_INT, 0, MPI_COMM_WORLD);
    int pos = 0;
    while (perm[pos] != me) pos++;
    p->right = perm[(pos + 1) % P];
    p->left = perm[(pos - 1 + P) % P];
    snprintf(p->name, sizeof p->name, "random-%02d", idx + 1);
    free(perm);
}

/* One timed loop of `loops` iterations of pattern p with method m and length L; returns local time. */
static double run_loop(const pattern_t *p, int m, long L, long loops) {
    int two = p->left == p->right; /* 2-ring: one partner, one message each way */
    long step = 2 * ((L + 15) / 16 * 16 + 16);
    long off = 0;
    MPI_Request rq[4];
    if (m == 1) {
        for (int i = 0; i < P; i++) scnt[i] = rcnt[i] = sdsp[i] = rdsp[i] = 0;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (long it = 0; it < loops; it++) {
        char *s = sbuf + off, *r = rbuf + off;
        long half = step / 2;
        switch (m) {
        case 0:
            MPI_Sendrecv(s, (int)L, MPI_BYTE, p->right, 1, r, (int)L, MPI_BYTE, p->left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (!two)
                MPI_Sendrecv(s + half, (int)L, MPI_BYTE, p->left, 2, r + half, (int)L, MPI_BYTE, p->right, 2,
                             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            break;
        case 1:
            scnt[p->right] = (int)L; sdsp[p->right] = (int)off;
            rcnt[p->left] = (int)L; rdsp[p->left] = (int)off;
            if (!two) {
                scnt[p->left] = (int)L; sdsp[p->left] = (int)(off + half);
                rcnt[p->right] = (int)L; rdsp[p->right] = (int)(off + half);
            }
            MPI_Alltoallv(sbuf, scnt, sdsp, MPI_BYTE, rbuf, rcnt, rdsp, MPI_BYTE, MPI_COMM_WORLD);
            scnt[p->right] = scnt[p->left] = rcnt[p->left] = rcnt[p->right] = 0;
            break;
        case 2: {
            int n = 0;
            MPI_Irecv(r, (int)L, MPI_BYTE, p->left, 1, MPI_COMM_WORLD, &rq[n++]);
            if (!two) MPI_Irecv(r + half, (int)L, MPI_BYTE, p->right, 2, MPI_COMM_WORLD, &rq[n++]);
            MPI_Isend(s, (int)L, MPI_BYTE, p->right, 1, MPI_COMM_WORLD, &rq[n++]);
            if (!two) MPI_Isend(s + half, (int)L, MPI_BYTE, p->left, 2, MPI_COMM_WORLD, &rq[n++]);
            MPI_Waitall(n, rq, MPI_STATUSES_IGNORE);
            break;
        }
        }
        off += step;
        if (off + step > region) off = 0;
    }
    return MPI_Wtime() - t0;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    sc_prog = "sc_beff";
    MPI_Comm_size(MPI_COMM_WORLD, &P);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    long lmax = 0, nrandom = 30, reps = 3, seed = 1, mem_mb = 0;
    double tpl = 0.5;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--lmax")) lmax = sc_long(sc_opt_value(argc, argv, &i), 4096);
        else if (!strcmp(argv[i], "--memory-per-proc-mb")) mem_mb = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--random")) nrandom = sc_long(sc_opt_value(argc, argv, &i), 0);
        else if (!strcmp(argv[i], "--reps")) reps = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--seed")) seed = sc_long(sc_opt_value(argc, argv, &i), 0);
        else if (!strcmp(argv[i], "--time-per-loop")) tpl = sc_double(sc_opt_value(argc, argv, &i), 0);
        else sc_die("unknown option", argv[i]);
    }
    if (P < 2) sc_die("needs at least 2 processes", NULL);
    /* memory per process = physical memory / processes on this node (b_eff's MEMORY_PER_PROCESSOR) */
    MPI_Comm node;
    int local;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &local);
    MPI_Comm_free(&node);
    if (mem_mb == 0) {
        FILE *f = fopen("/proc/meminfo", "r");
        long kb = 0;
        if (f) { if (fscanf(f, "MemTotal: %ld kB", &kb) != 1) kb = 0; fclose(f); }
        if (kb <= 0) sc_die("cannot read MemTotal from /proc/meminfo; give --memory-per-proc-mb", NULL);
        mem_mb = kb / 1024 / local;
        MPI_Allreduce(MPI_IN_PLACE, &mem_mb, 1, MPI_LONG, MPI_MIN, MPI_COMM_WORLD);
    }
    if (lmax == 0) {
        lmax = mem_mb * 1048576L / 128;
        if (lmax > 128L * 1048576L) lmax = 128L * 1048576L; /* b_eff's cap for >= 16 GB per process */
        if (lmax < 4096) lmax = 4096;
    }
    if (lmax > (1L << 30)) sc_die("--lmax above 1 GiB", NULL);
    long lens[NLEN];
    double a = pow((double)lmax / 4096.0, 1.0 / 8.0);
    for (int k = 0; k <= 12; k++) lens[k] = 1L << k;
    for (int k = 1; k <= 8; k++) lens[12 + k] = (long)llround(4096.0 * pow(a, k));
    lens[NLEN - 1] = lmax;
    region = 3 * (lmax + 16) + 64;
    if (region < 2 * (2 * ((lmax + 15) / 16 * 16 + 16))) region = 2 * (2 * ((lmax + 15) / 16 * 16 + 16));
    sbuf = sc_alloc((size_t)region);
    rbuf = sc_alloc((size_t)region);
    scnt = calloc((size_t)P, sizeof(int)); sdsp = calloc((size_t)P, sizeof(int));
    rcnt = calloc((size_t)P, sizeof(int)); rdsp = calloc((size_t)P, sizeof(int));
    int npat = NRING + (int)nrandom;
    pattern_t *pats = malloc(sizeof(pattern_t) * (size_t)npat);
    int nominal[NRING] = {2, 4, 8, P / 4 > 16 ? P / 4 : 16, P / 2 > 32 ? P / 2 : 32, P};
    for (int i = 0; i < NRING; i++) ring_pattern(nominal[i], &pats[i]);
    for (int i = 0; i < nrandom; i++) random_pattern(i, seed, &pats[NRING + i]);
    long *msgs = malloc(sizeof(long) * (size_t)npat);
    for (int i = 0; i < npat; i++) {
        long mine = pats[i].left == pats[i].right ? 1 : 2;
        MPI_Allreduce(&mine, &msgs[i], 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    }
    sc_print_info(MPI_COMM_WORLD);
    if (me == 0) {
        printf("# probe: sc_beff lmax_bytes=%ld memory_per_proc_mb=%ld random=%ld reps=%ld seed=%ld time_per_loop_s=%g lengths=%d\n",
               lmax, mem_mb, nrandom, reps, seed, tpl, NLEN);
        printf("# memory_per_proc_mb: %ld\n", mem_mb);
        printf("# lmax_bytes: %ld\n", lmax);
        fflush(stdout);
    }
    for (int m = 0; m < 3; m++) {
        /* pre-pass: 10 loops at 1 B over all patterns sets the first loop length */
        double tpre = 0;
        for (int pi = 0; pi < npat; pi++) tpre += run_loop(&pats[pi], m, 1, 10);
        MPI_Allreduce(MPI_IN_PLACE, &tpre, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        double looplen = 10.0 * fmax(1.0, tpl / fmax(tpre, 1e-9));
        double tprev = -1;
        for (int k = 0; k < NLEN; k++) {
            long L = lens[k];
            if (k > 0) looplen = fmax(1.0, looplen / ((double)L / lens[k - 1]) * fmax(1.0, tpl / fmax(tprev, 1e-9)));
            long loops = (long)looplen;
            if (k < 18) /* b_eff's one untimed warm-up exchange for the first 18 lengths */
                for (int pi = 0; pi < npat; pi++) run_loop(&pats[pi], m, L, 1);
            double tsum0 = 0;
            for (long rep = 0; rep < reps; rep++) {
                for (int pi = 0; pi < npat; pi++) {
                    double t = run_loop(&pats[pi], m, L, loops), tmax;
                    MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
                    if (rep == 0) tsum0 += t;
                    if (me == 0) printf("BEFF %d %s %s %ld %ld %ld %ld %.9e\n", pi, pats[pi].name, MNAME[m], L, loops,
                                        rep, msgs[pi], tmax);
                }
            }
            MPI_Allreduce(&tsum0, &tprev, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
            if (me == 0) fflush(stdout);
        }
    }
    free(pats);
    free(msgs);
    MPI_Finalize();
    return 0;
}
