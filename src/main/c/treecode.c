#define _GNU_SOURCE /* RUSAGE_THREAD (--poll-probe) */
/*
 * sc_treecode: a PKDGRAV-like parallel Barnes-Hut tree code (C + MPI), written for scalecast
 * as the real application its tree-code skeleton is validated against.
 *
 * Algorithm (docs/treecode.md; io.scalecast.app.treecode implements exactly the same steps, so
 * that its interaction counts and cache traffic equal this program's):
 *  - ORB decomposition as PKDGRAV does it: a set of P ranks splits into ceil(P/2) lower and
 *    floor(P/2) upper ranks, along the longest axis of the set's bounding box, at the coordinate
 *    where (weight below)/nLower = (weight above)/nUpper, found by bisection (one integer
 *    allreduce per iteration). Weights are the particle's interaction flops in the previous step
 *    (1 in the first step), integers so that sums are exact and independent of order.
 *  - local binary tree (midpoint split of the longest axis of the squeezed bounds) with buckets
 *    of at most 8 particles; monopole + quadrupole moments; a top tree over the ORB domains,
 *    replicated on every rank.
 *  - per-bucket walk with PKDGRAV's opening radius r_open = max(B_max, 2/sqrt(3) B_max / theta)
 *    against the bucket's bounding box; cells with fewer than 4 particles are always opened.
 *  - remote cells and particles through a software cache of 8-element lines, filled on a miss by
 *    a request to the owner, which replies with the line (MPI point-to-point); owners serve
 *    requests while they walk (polled between buckets and while waiting), as MDL does. The cache
 *    keeps every line for the whole step (PKDGRAV's 128 MB cache does not overflow at these
 *    sizes), so misses = distinct lines touched.
 *  - flops per interaction as PKDGRAV counts them: particle-particle 38, softened cell 82,
 *    Newtonian cell 35 + 41 (quadrupole).
 *
 * Usage: sc_treecode PARTICLES.bin [--theta 0.8] [--steps 1] [--eps E] [--dt 0.001] [--cache request|rma]
 *                    [--wait block|spin|yield] [--spin-us 50] [--poll-visits 64] [--poll-pp 1] [--poll-probe R]
 * Output (stdout, rank 0): CSV records, see print_header(). Errors: one line on stderr, exit 2.
 */
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <time.h>

#define BUCKET 8
#define LINE_BITS 3
#define LINE 8
#define ORB_ITERS 48
#define FLOP_PP 38
#define FLOP_SOFT 82
#define FLOP_NEWT 76 /* 35 + QEVAL[2] = 35 + 41 */
#define TAG_REQ 101
#define TAG_REP 102
#define TAG_DONE 103

typedef struct {
    double x[3];
    double m;
    double v[3];
    double a[3];
    int64_t id;
    int64_t w; /* weight for the next decomposition: interaction flops of this particle */
} Part;

typedef struct { /* what a remote rank gets for one particle (a line holds 8 of them) */
    double x[3];
    double m;
    int64_t id;
} WirePart;

typedef struct {
    double com[3];
    double mass;
    double bmax;
    double q[6]; /* xx yy zz xy xz yz of sum m (3 d_i d_j - d^2 delta_ij), about com */
    double lo[3], hi[3];
    int32_t n, first, child, depth; /* child: lower child index (upper = child + 1), -1 for a bucket */
} Cell;

static int me, np;
static double theta = 0.8, eps = -1, dt = 0.001;
static int nsteps = 1;
/* --cache rma: lines fetched with passive-target MPI_Get (the owner's CPU is not involved; the
 * issue allows it and it keeps measurements meaningful when ranks share cores with other work);
 * default: MDL-style request/reply served by the owner's polling. Counts are the same. */
static int use_rma = 0;
static MPI_Win win_cells, win_parts;
static WirePart *wire;      /* my particles as remote ranks read them (rma) */
static int64_t *ncells_of, *nparts_of;

static void die(const char *msg) {
    if (me == 0) {
        fprintf(stderr, "sc_treecode: error: %s\n", msg);
    }
    MPI_Finalize();
    exit(2);
}

static double now(void) {
    return MPI_Wtime();
}

/* The calling thread's CPU time (s). */
static double thread_cpu(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* How a rank waits for a message or a collective (--wait). This is a property of the host, not of
 * the algorithm: with a core per rank, polling without pause answers a cache request within
 * microseconds; when ranks outnumber cores (or share them with other work), a polling rank holds a
 * core the owner it waits for needs, and sched_yield() only helps a task on the same run queue
 * (and hands the core to any other task there, background work included).
 *   spin:  poll MPI without pause (Open MPI's default for blocking calls);
 *   yield (default): sched_yield() after every empty poll (cheap when nothing else waits for the core);
 *   block: poll for --spin-us microseconds, then sleep --sleep-us between polls, so a
 *          waiting rank leaves its core to the ranks that compute or must answer it.
 * Collectives are started non-blocking and waited for the same way. Output: "# wait:". */
enum { WAIT_SPIN, WAIT_YIELD, WAIT_BLOCK };
static int wait_mode = WAIT_YIELD;
static double spin_s = 50e-6, sleep_s = 1e-3;
/* Where the walk polls for cache requests (request mode): every poll_mask + 1 node visits (a power of two,
 * --poll-visits, default 64), after each bucket and, unless --poll-pp 0, after each particle's particle-particle forces. The defaults
 * are the code's own; other values only exist to measure what the wait for an owner's next poll costs. */
static int64_t poll_mask = 63;
static int poll_pp = 1;
static int poll_probe_repeats; /* --poll-probe R (0: a normal run) */
static const char *wait_names[] = {"spin", "yield", "block"};

/* Called after a poll found nothing; *since = -1 before the first empty poll of a wait. */
static void idle(double *since) {
    if (wait_mode == WAIT_SPIN) return;
    if (wait_mode == WAIT_YIELD) {
        sched_yield();
        return;
    }
    double t = now();
    if (*since < 0) {
        *since = t;
    } else if (t - *since > spin_s) {
        struct timespec ts = {0, (long)(sleep_s * 1e9)};
        nanosleep(&ts, NULL);
    }
}

static int serve_one(void);

/* Waits for a request; with serve != 0 answers cache requests meanwhile. */
static void wait_status(MPI_Request *r, int serve, MPI_Status *st) {
    double since = -1;
    for (;;) {
        int done = 0;
        MPI_Test(r, &done, st);
        if (done) return;
        if (serve && serve_one()) {
            since = -1;
            continue;
        }
        idle(&since);
    }
}

static void wait_for(MPI_Request *r, int serve) {
    wait_status(r, serve, MPI_STATUS_IGNORE);
}

static void allreduce(const void *in, void *out, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c) {
    MPI_Request r;
    MPI_Iallreduce(in, out, n, t, op, c, &r);
    wait_for(&r, 0);
}

/* ---------------------------------------------------------------- input */

static Part *read_particles(const char *path, int64_t *nTotal, int *nLocal) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        char b[512];
        snprintf(b, sizeof b, "%s: cannot open particle file", path);
        die(b);
    }
    unsigned char h[32];
    if (fread(h, 1, 32, f) != 32 || memcmp(h, "SCPART1", 8) != 0) {
        char b[512];
        snprintf(b, sizeof b, "%s: not a scalecast particle file (expected magic SCPART1 and a 32-byte header)", path);
        die(b);
    }
    uint64_t n = 0;
    for (int i = 7; i >= 0; i--) {
        n = (n << 8) | h[8 + i];
    }
    int64_t lo = (int64_t)((__int128)me * (int64_t)n / np);
    int64_t hi = (int64_t)((__int128)(me + 1) * (int64_t)n / np);
    int cnt = (int)(hi - lo);
    Part *p = calloc((size_t)cnt + 1, sizeof(Part));
    double *buf = malloc(((size_t)cnt + 1) * 4 * sizeof(double));
    if (fseek(f, 32 + lo * 32, SEEK_SET) != 0 || fread(buf, 32, (size_t)cnt, f) != (size_t)cnt) {
        char b[512];
        snprintf(b, sizeof b, "%s: truncated (header says %llu particles)", path, (unsigned long long)n);
        die(b);
    }
    fclose(f);
    for (int i = 0; i < cnt; i++) {
        p[i].x[0] = buf[4 * i];
        p[i].x[1] = buf[4 * i + 1];
        p[i].x[2] = buf[4 * i + 2];
        p[i].m = buf[4 * i + 3];
        p[i].id = lo + i;
        p[i].w = 1;
    }
    free(buf);
    *nTotal = (int64_t)n;
    *nLocal = cnt;
    return p;
}

/* ---------------------------------------------------------------- ORB decomposition */

static int longest_axis(const double lo[3], const double hi[3]) {
    int d = 0;
    if (hi[1] - lo[1] > hi[d] - lo[d]) d = 1;
    if (hi[2] - lo[2] > hi[d] - lo[d]) d = 2;
    return d;
}

static int cmp_id(const void *a, const void *b) {
    int64_t x = ((const Part *)a)->id, y = ((const Part *)b)->id;
    return x < y ? -1 : x > y;
}

/* Returns the number of bisection iterations done (for the report). */
static int orb(Part **pp, int *pn, int *pcap) {
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    int P = np, iters = 0;
    while (P > 1) {
        int cr;
        MPI_Comm_rank(comm, &cr);
        int nL = (P + 1) / 2, nU = P / 2;
        Part *p = *pp;
        int n = *pn;
        double b[6] = {INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY}, g[6];
        int64_t wl = 0, W;
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                if (p[i].x[k] < b[k]) b[k] = p[i].x[k];
                if (-p[i].x[k] < b[3 + k]) b[3 + k] = -p[i].x[k];
            }
            wl += p[i].w;
        }
        allreduce(b, g, 6, MPI_DOUBLE, MPI_MIN, comm);
        allreduce(&wl, &W, 1, MPI_INT64_T, MPI_SUM, comm);
        double blo[3] = {g[0], g[1], g[2]}, bhi[3] = {-g[3], -g[4], -g[5]};
        int d = longest_axis(blo, bhi);
        double lo = blo[d], hi = bhi[d];
        for (int it = 0; it < ORB_ITERS; it++) {
            double mid = 0.5 * (lo + hi);
            if (!(mid > lo && mid < hi)) break;
            int64_t fl = 0, FL;
            for (int i = 0; i < n; i++) {
                if (p[i].x[d] < mid) fl += p[i].w;
            }
            allreduce(&fl, &FL, 1, MPI_INT64_T, MPI_SUM, comm);
            iters++;
            int64_t FH = W - FL;
            if (FL * nU < FH * nL) lo = mid; else hi = mid;
        }
        double split = hi;
        int lower = cr < nL;
        /* keep my side first, the other side after: a stable two-way split */
        Part *tmp = malloc(((size_t)n + 1) * sizeof(Part));
        int k = 0;
        for (int i = 0; i < n; i++) if ((p[i].x[d] < split) == lower) tmp[k++] = p[i];
        int keep = k;
        for (int i = 0; i < n; i++) if ((p[i].x[d] < split) != lower) tmp[k++] = p[i];
        int dest = lower ? nL + (cr % nU) : (cr - nL) % nL;
        int *sc = calloc((size_t)P, sizeof(int)), *rc = calloc((size_t)P, sizeof(int));
        int *sd = calloc((size_t)P, sizeof(int)), *rd = calloc((size_t)P, sizeof(int));
        sc[dest] = (n - keep) * (int)sizeof(Part);
        sd[dest] = keep * (int)sizeof(Part);
        MPI_Request rq;
        MPI_Ialltoall(sc, 1, MPI_INT, rc, 1, MPI_INT, comm, &rq);
        wait_for(&rq, 0);
        int total = 0;
        for (int r = 0; r < P; r++) {
            rd[r] = total;
            total += rc[r];
        }
        int nin = total / (int)sizeof(Part);
        int nn = keep + nin;
        if (nn + 1 > *pcap) {
            *pcap = nn + nn / 4 + 16;
        }
        Part *q = malloc((size_t)(*pcap) * sizeof(Part));
        memcpy(q, tmp, (size_t)keep * sizeof(Part));
        for (int r = 0; r < P; r++) rd[r] += keep * (int)sizeof(Part);
        MPI_Ialltoallv(tmp, sc, sd, MPI_BYTE, q, rc, rd, MPI_BYTE, comm, &rq);
        wait_for(&rq, 0);
        free(tmp);
        free(sc);
        free(rc);
        free(sd);
        free(rd);
        free(p);
        *pp = q;
        *pn = nn;
        MPI_Comm sub;
        MPI_Comm_split(comm, lower ? 0 : 1, cr, &sub);
        MPI_Comm_free(&comm);
        comm = sub;
        P = lower ? nL : nU;
    }
    MPI_Comm_free(&comm);
    qsort(*pp, (size_t)*pn, sizeof(Part), cmp_id);
    return iters;
}

/* ---------------------------------------------------------------- trees */

static void moments(Cell *c, const Part *p) {
    double m = 0, s[3] = {0, 0, 0};
    for (int k = 0; k < 3; k++) {
        c->lo[k] = INFINITY;
        c->hi[k] = -INFINITY;
    }
    for (int i = c->first; i < c->first + c->n; i++) {
        m += p[i].m;
        for (int k = 0; k < 3; k++) {
            s[k] += p[i].m * p[i].x[k];
            if (p[i].x[k] < c->lo[k]) c->lo[k] = p[i].x[k];
            if (p[i].x[k] > c->hi[k]) c->hi[k] = p[i].x[k];
        }
    }
    c->mass = m;
    for (int k = 0; k < 3; k++) c->com[k] = s[k] / m;
    double q[6] = {0, 0, 0, 0, 0, 0}, b2 = 0;
    for (int i = c->first; i < c->first + c->n; i++) {
        double dx = p[i].x[0] - c->com[0], dy = p[i].x[1] - c->com[1], dz = p[i].x[2] - c->com[2];
        double r2 = dx * dx + dy * dy + dz * dz;
        double mi = p[i].m;
        q[0] += mi * (3 * dx * dx - r2);
        q[1] += mi * (3 * dy * dy - r2);
        q[2] += mi * (3 * dz * dz - r2);
        q[3] += mi * (3 * dx * dy);
        q[4] += mi * (3 * dx * dz);
        q[5] += mi * (3 * dy * dz);
        if (r2 > b2) b2 = r2;
    }
    memcpy(c->q, q, sizeof q);
    c->bmax = sqrt(b2);
}

typedef struct {
    Cell *c;
    int n, cap;
    int64_t passes; /* sum over particles of the number of partition passes they went through */
} Tree;

static int new_cell(Tree *t) {
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 1024;
        t->c = realloc(t->c, (size_t)t->cap * sizeof(Cell));
    }
    return t->n++;
}

static void build(Tree *t, int ci, Part *p) {
    Cell *c = &t->c[ci];
    moments(c, p);
    c->child = -1;
    if (c->n <= BUCKET) return;
    int d = longest_axis(c->lo, c->hi);
    double split = 0.5 * (c->lo[d] + c->hi[d]);
    if (!(split > c->lo[d])) return; /* degenerate (coincident) particles: one big bucket */
    int i = c->first, j = c->first + c->n - 1;
    while (i <= j) {
        if (p[i].x[d] < split) {
            i++;
        } else {
            Part s = p[i];
            p[i] = p[j];
            p[j] = s;
            j--;
        }
    }
    int nlow = i - c->first, first = c->first, n = c->n, depth = c->depth;
    t->passes += n;
    if (nlow == 0 || nlow == n) return;
    int a = new_cell(t);
    int b = new_cell(t);
    c = &t->c[ci];
    c->child = a;
    t->c[a].first = first;
    t->c[a].n = nlow;
    t->c[a].depth = depth + 1;
    t->c[b].first = first + nlow;
    t->c[b].n = n - nlow;
    t->c[b].depth = depth + 1;
    build(t, a, p);
    build(t, b, p);
}

/* Combines two cells into their parent (top tree): parallel-axis shift of the quadrupoles. */
static void combine(Cell *out, const Cell *a, const Cell *b) {
    double m = a->mass + b->mass;
    for (int k = 0; k < 3; k++) {
        out->com[k] = (a->mass * a->com[k] + b->mass * b->com[k]) / m;
        out->lo[k] = a->lo[k] < b->lo[k] ? a->lo[k] : b->lo[k];
        out->hi[k] = a->hi[k] > b->hi[k] ? a->hi[k] : b->hi[k];
    }
    out->mass = m;
    double q[6] = {0, 0, 0, 0, 0, 0}, bm = 0;
    const Cell *ch[2] = {a, b};
    for (int s = 0; s < 2; s++) {
        const Cell *c = ch[s];
        double dx = c->com[0] - out->com[0], dy = c->com[1] - out->com[1], dz = c->com[2] - out->com[2];
        double r2 = dx * dx + dy * dy + dz * dz;
        double mc = c->mass;
        q[0] += c->q[0] + mc * (3 * dx * dx - r2);
        q[1] += c->q[1] + mc * (3 * dy * dy - r2);
        q[2] += c->q[2] + mc * (3 * dz * dz - r2);
        q[3] += c->q[3] + mc * (3 * dx * dy);
        q[4] += c->q[4] + mc * (3 * dx * dz);
        q[5] += c->q[5] + mc * (3 * dy * dz);
        double r = sqrt(r2) + c->bmax;
        if (r > bm) bm = r;
    }
    memcpy(out->q, q, sizeof q);
    out->bmax = bm;
    out->n = a->n + b->n;
    out->first = 0;
}

/* Top tree over ORB domains [r0, r0+P): nodes in pre-order; a leaf's child = -(rank+2). */
static int build_top(Cell *top, int *nTop, const Cell *roots, int r0, int P) {
    int id = (*nTop)++;
    if (P == 1) {
        top[id] = roots[r0];
        top[id].first = roots[r0].child;
        top[id].child = -(r0 + 2);
        return id;
    }
    int nL = (P + 1) / 2;
    int a = build_top(top, nTop, roots, r0, nL);
    int b = build_top(top, nTop, roots, r0 + nL, P - nL);
    combine(&top[id], &top[a], &top[b]);
    /* children are not adjacent in pre-order: store both (lower in child, upper in first) */
    top[id].child = a;
    top[id].first = b;
    return id;
}

/* ---------------------------------------------------------------- software cache */

typedef struct {
    int64_t key; /* (owner << 40) | (kind << 39) | line; -1 = empty */
    void *data;
} Slot;

static Slot *ctab;
static int64_t ccap, cused;
static int64_t acc_cell, acc_part, miss_cell, miss_part, served;
static int64_t *lines_from; /* per owner: lines fetched (misses) */
static int64_t reply_bytes; /* bytes of the replies received (MPI_Get_count of each; rma: the bytes got) */
static double t_wait, t_serve;
/* Phase C of --poll-probe: the CPU time of each cache miss (request, wait, reply; the serving done inside its wait left
 * out) and of each served request (receive, pack, reply). */
static int probe_exchange;
static double cpu_wait, cpu_serve;
static int64_t n_wait;
static Tree lt;          /* my local tree */
static Part *lp;         /* my particles (tree order) */
static int ln;
static MPI_Request rep_req;

static void cache_clear(void) {
    for (int64_t i = 0; i < ccap; i++) {
        if (ctab[i].key >= 0) free(ctab[i].data);
        ctab[i].key = -1;
    }
    cused = 0;
}

static void cache_grow(void) {
    int64_t oc = ccap;
    Slot *old = ctab;
    ccap = ccap ? 2 * ccap : 1 << 16;
    ctab = malloc((size_t)ccap * sizeof(Slot));
    for (int64_t i = 0; i < ccap; i++) ctab[i].key = -1;
    for (int64_t i = 0; i < oc; i++) {
        if (old[i].key < 0) continue;
        uint64_t h = ((uint64_t)old[i].key * 0x9E3779B97F4A7C15ull) >> 20;
        int64_t s = (int64_t)(h & (uint64_t)(ccap - 1));
        while (ctab[s].key >= 0) s = (s + 1) & (ccap - 1);
        ctab[s] = old[i];
    }
    free(old);
}

/* Serves one pending request, if any: replies with a whole line of cells or particles. */
static int64_t npolls; /* MPI_Iprobe calls of serve_one (--poll-probe counts the walk's polls with it) */

static int serve_one(void) {
    int flag;
    MPI_Status st;
    npolls++;
    MPI_Iprobe(MPI_ANY_SOURCE, TAG_REQ, MPI_COMM_WORLD, &flag, &st);
    if (!flag) return 0;
    double t0 = now(), c0 = probe_exchange ? thread_cpu() : 0;
    int64_t req[2];
    MPI_Recv(req, 2, MPI_INT64_T, st.MPI_SOURCE, TAG_REQ, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int64_t first = req[1] << LINE_BITS;
    if (req[0] == 0) {
        int cnt = (int)(lt.n - first < LINE ? lt.n - first : LINE);
        MPI_Send(&lt.c[first], cnt * (int)sizeof(Cell), MPI_BYTE, st.MPI_SOURCE, TAG_REP, MPI_COMM_WORLD);
    } else {
        WirePart w[LINE];
        int cnt = (int)(ln - first < LINE ? ln - first : LINE);
        for (int i = 0; i < cnt; i++) {
            memcpy(w[i].x, lp[first + i].x, sizeof w[i].x);
            w[i].m = lp[first + i].m;
            w[i].id = lp[first + i].id;
        }
        MPI_Send(w, cnt * (int)sizeof(WirePart), MPI_BYTE, st.MPI_SOURCE, TAG_REP, MPI_COMM_WORLD);
    }
    served++;
    t_serve += now() - t0;
    if (probe_exchange) cpu_serve += thread_cpu() - c0;
    return 1;
}

static void serve_all(void) {
    while (serve_one()) {
    }
}

/* Element `idx` of kind (0 = cell, 1 = particle) owned by `owner`, through the cache. */
static const void *cache_get(int owner, int kind, int64_t idx) {
    int64_t line = idx >> LINE_BITS;
    int64_t key = ((int64_t)owner << 40) | ((int64_t)kind << 39) | line;
    if (kind) acc_part++; else acc_cell++;
    if (2 * (cused + 1) > ccap) cache_grow();
    uint64_t h = ((uint64_t)key * 0x9E3779B97F4A7C15ull) >> 20;
    int64_t s = (int64_t)(h & (uint64_t)(ccap - 1));
    while (ctab[s].key >= 0 && ctab[s].key != key) s = (s + 1) & (ccap - 1);
    size_t esz = kind ? sizeof(WirePart) : sizeof(Cell);
    if (ctab[s].key != key) {
        if (kind) miss_part++; else miss_cell++;
        lines_from[owner]++;
        void *buf = malloc(LINE * esz);
        int64_t req[2] = {kind, line};
        double t0 = now();
        if (use_rma) {
            int64_t total = kind ? nparts_of[owner] : ncells_of[owner];
            int64_t first = line << LINE_BITS;
            int cnt = (int)(total - first < LINE ? total - first : LINE);
            MPI_Win w = kind ? win_parts : win_cells;
            MPI_Win_lock(MPI_LOCK_SHARED, owner, 0, w);
            MPI_Get(buf, cnt * (int)esz, MPI_BYTE, owner, (MPI_Aint)(first * (int64_t)esz), cnt * (int)esz, MPI_BYTE, w);
            MPI_Win_unlock(owner, w);
            reply_bytes += (int64_t)cnt * (int64_t)esz;
        } else {
            double c0 = probe_exchange ? thread_cpu() : 0, s0 = cpu_serve;
            MPI_Irecv(buf, (int)(LINE * esz), MPI_BYTE, owner, TAG_REP, MPI_COMM_WORLD, &rep_req);
            MPI_Send(req, 2, MPI_INT64_T, owner, TAG_REQ, MPI_COMM_WORLD);
            MPI_Status rs;
            int got = 0;
            wait_status(&rep_req, 1, &rs); /* answering others' requests meanwhile */
            MPI_Get_count(&rs, MPI_BYTE, &got);
            reply_bytes += got;
            if (probe_exchange) {
                cpu_wait += thread_cpu() - c0 - (cpu_serve - s0);
                n_wait++;
            }
        }
        t_wait += now() - t0;
        ctab[s].key = key;
        ctab[s].data = buf;
        cused++;
    }
    return (const char *)ctab[s].data + (size_t)(idx & (LINE - 1)) * esz;
}

/* ---------------------------------------------------------------- walk and forces */

typedef struct {
    double com[3], mass, q[6];
} ICell;
typedef struct {
    double x[3], m;
    int64_t id;
} IPart;
typedef struct {
    int kind; /* 0 top, 1 tree */
    int owner;
    int idx;
} Item;

static ICell *ilc;
static IPart *ilp;
static int ilcCap, ilpCap;
static Item *stack;
static int stackCap;

static double mindist2(const double c[3], const double lo[3], const double hi[3]) {
    double d2 = 0;
    for (int k = 0; k < 3; k++) {
        double d = 0;
        if (c[k] < lo[k]) d = lo[k] - c[k];
        else if (c[k] > hi[k]) d = c[k] - hi[k];
        d2 += d * d;
    }
    return d2;
}

typedef struct {
    int64_t pp, soft, newt, visit, flops;
    double t_list, t_cellf, t_ppf;
    double acc_sum; /* sum of |a| over my particles, for cross-checking with the Java walk */
} WalkStats;

static void push(int *sp, int kind, int owner, int idx) {
    if (*sp == stackCap) {
        stackCap = stackCap ? 2 * stackCap : 4096;
        stack = realloc(stack, (size_t)stackCap * sizeof(Item));
    }
    stack[*sp].kind = kind;
    stack[*sp].owner = owner;
    stack[*sp].idx = idx;
    (*sp)++;
}

static void add_cell(int *nc, const Cell *c) {
    if (*nc == ilcCap) {
        ilcCap = ilcCap ? 2 * ilcCap : 4096;
        ilc = realloc(ilc, (size_t)ilcCap * sizeof(ICell));
    }
    ICell *o = &ilc[(*nc)++];
    memcpy(o->com, c->com, sizeof o->com);
    o->mass = c->mass;
    memcpy(o->q, c->q, sizeof o->q);
}

static void add_part(int *npl, const double x[3], double m, int64_t id) {
    if (*npl == ilpCap) {
        ilpCap = ilpCap ? 2 * ilpCap : 4096;
        ilp = realloc(ilp, (size_t)ilpCap * sizeof(IPart));
    }
    IPart *o = &ilp[(*npl)++];
    memcpy(o->x, x, sizeof o->x);
    o->m = m;
    o->id = id;
}

static void walk_bucket(const Cell *B, const Cell *top, WalkStats *ws) {
    const double K = 2.0 / sqrt(3.0);
    const double soft2 = 4.0 * eps * eps;
    const double eps2 = eps * eps;
    double t0 = now();
    int sp = 0, nc = 0, npl = 0;
    int64_t nsoft = 0, nnewt = 0;
    push(&sp, 0, me, 0);
    while (sp > 0) {
        Item it = stack[--sp];
        const Cell *c;
        if (it.kind == 0) c = &top[it.idx];
        else if (it.owner == me) c = &lt.c[it.idx];
        else c = cache_get(it.owner, 0, it.idx);
        ws->visit++;
        if (!use_rma && (ws->visit & poll_mask) == 0) serve_all(); /* also on 1 rank, so the 1-rank anchor pays the polls too */
        int open;
        double d2 = mindist2(c->com, B->lo, B->hi);
        if (c->n < 4) {
            open = 1;
        } else {
            double ro = fmax(c->bmax, K * c->bmax / theta);
            open = d2 < ro * ro;
        }
        if (!open) {
            add_cell(&nc, c);
            if (d2 < soft2) nsoft++; else nnewt++;
            continue;
        }
        if (it.kind == 0) {
            if (c->child >= 0) {
                push(&sp, 0, me, c->first);
                push(&sp, 0, me, c->child);
                continue;
            }
            /* a top leaf is a copy of that rank's root; `first` holds the root's lower child */
            int owner = -(c->child + 2);
            if (c->first >= 0) {
                push(&sp, 1, owner, c->first + 1);
                push(&sp, 1, owner, c->first);
                continue;
            }
            /* the whole domain is one bucket */
            for (int i = 0; i < c->n; i++) {
                if (owner == me) {
                    add_part(&npl, lp[i].x, lp[i].m, lp[i].id);
                } else {
                    const WirePart *w = cache_get(owner, 1, i);
                    add_part(&npl, w->x, w->m, w->id);
                }
            }
            continue;
        }
        if (c->child >= 0) {
            push(&sp, 1, it.owner, c->child + 1);
            push(&sp, 1, it.owner, c->child);
            continue;
        }
        /* an opened bucket: its particles go on the particle list */
        int first = c->first;
        int n = c->n;
        for (int i = first; i < first + n; i++) {
            if (it.owner == me) {
                add_part(&npl, lp[i].x, lp[i].m, lp[i].id);
            } else {
                const WirePart *w = cache_get(it.owner, 1, i);
                add_part(&npl, w->x, w->m, w->id);
            }
        }
    }
    double t1 = now();
    for (int i = B->first; i < B->first + B->n; i++) {
        Part *pi = &lp[i];
        double ax = 0, ay = 0, az = 0;
        for (int j = 0; j < nc; j++) {
            const ICell *c = &ilc[j];
            double dx = pi->x[0] - c->com[0], dy = pi->x[1] - c->com[1], dz = pi->x[2] - c->com[2];
            double r2 = dx * dx + dy * dy + dz * dz;
            double is = 1.0 / sqrt(r2 + eps2);
            double is3 = is * is * is;
            ax -= c->mass * is3 * dx;
            ay -= c->mass * is3 * dy;
            az -= c->mass * is3 * dz;
            double ir = 1.0 / sqrt(r2);
            double ir2 = ir * ir;
            double ir5 = ir2 * ir2 * ir;
            double qx = c->q[0] * dx + c->q[3] * dy + c->q[4] * dz;
            double qy = c->q[3] * dx + c->q[1] * dy + c->q[5] * dz;
            double qz = c->q[4] * dx + c->q[5] * dy + c->q[2] * dz;
            double xqx = dx * qx + dy * qy + dz * qz;
            double f = 2.5 * xqx * ir5 * ir2;
            ax += qx * ir5 - f * dx;
            ay += qy * ir5 - f * dy;
            az += qz * ir5 - f * dz;
        }
        pi->a[0] = ax;
        pi->a[1] = ay;
        pi->a[2] = az;
    }
    double t2 = now();
    for (int i = B->first; i < B->first + B->n; i++) {
        Part *pi = &lp[i];
        double ax = pi->a[0], ay = pi->a[1], az = pi->a[2];
        for (int j = 0; j < npl; j++) {
            const IPart *q = &ilp[j];
            if (q->id == pi->id) continue;
            double dx = q->x[0] - pi->x[0], dy = q->x[1] - pi->x[1], dz = q->x[2] - pi->x[2];
            double r2 = dx * dx + dy * dy + dz * dz + eps2;
            double ir = 1.0 / sqrt(r2);
            double f = q->m * ir * ir * ir;
            ax += f * dx;
            ay += f * dy;
            az += f * dz;
        }
        pi->a[0] = ax;
        pi->a[1] = ay;
        pi->a[2] = az;
        pi->w = (int64_t)npl * FLOP_PP + nsoft * FLOP_SOFT + nnewt * FLOP_NEWT;
        ws->acc_sum += sqrt(ax * ax + ay * ay + az * az);
        if (!use_rma && poll_pp) serve_all(); /* owners answer requests while they compute (MDL polls in its loops) */
    }
    double t3 = now();
    int64_t na = B->n;
    ws->pp += na * npl;
    ws->soft += na * nsoft;
    ws->newt += na * nnewt;
    ws->flops += na * ((int64_t)npl * FLOP_PP + nsoft * FLOP_SOFT + nnewt * FLOP_NEWT);
    ws->t_list += t1 - t0;
    ws->t_cellf += t2 - t1;
    ws->t_ppf += t3 - t2;
}

/* The end of a walk: tells every other rank this one is done, then serves requests until every other rank is done. */
static void finish_walk(void) {
    for (int q = 0; q < np; q++) {
        if (q != me) MPI_Send(NULL, 0, MPI_BYTE, q, TAG_DONE, MPI_COMM_WORLD);
    }
    int done = 0;
    double since = -1;
    while (done < np - 1) {
        int flag;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (!flag) {
            idle(&since);
            continue;
        }
        since = -1;
        if (st.MPI_TAG == TAG_DONE) {
            MPI_Recv(NULL, 0, MPI_BYTE, st.MPI_SOURCE, TAG_DONE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            done++;
        } else {
            serve_one();
        }
    }
}

/* --poll-probe R: what one empty poll costs inside this code's own walk, under the launch's placement and transport, printed
 * in sc_iprobe's IPROBE records (src/main/c/iprobe.c) so that `measure iprobe --treecode-particles` reads them alike. The
 * first step runs as usual (decomposition, tree build, the walk with its cache requests, termination); then, with the
 * software cache still holding every remote line that walk needed, every rank walks all its buckets again against the
 * whole top tree, all ranks at once: phase A without a poll, phase B with serve_all() at the code's poll points (every
 * --poll-visits node visits, after each particle's pp forces, after each bucket). No line is missing, so no request is
 * sent and every poll is empty. Cost per poll = (B - A) / polls of B, in wall time and in the rank's CPU time; R pairs,
 * phases alternating. The walk's own working set (remote cells and particles included) and the co-runners on a core are
 * in the figure, which a synthetic loop, or a walk of the local tree only, cannot know. */
static long switches_now(void) {
    struct rusage ru;
    getrusage(RUSAGE_THREAD, &ru);
    return ru.ru_nvcsw + ru.ru_nivcsw;
}


static void probe_walk(const Cell *top, int polls_on) {
    WalkStats ws;
    memset(&ws, 0, sizeof ws);
    for (int c = 0; c < lt.n; c++) {
        if (lt.c[c].child >= 0) continue;
        walk_bucket(&lt.c[c], top, &ws);
        if (polls_on) serve_all();
    }
}

/* Phase C of --poll-probe: the walk with its cache requests, R times (the cache emptied before each, every rank at once, the
 * code's polls on), timing in the rank's CPU time each cache miss (MPI_Irecv of the line, the request, the wait with its polls
 * and yields, less the serving done inside it) and each served request (MPI_Recv, the line packed, MPI_Send). Printed as
 * EXCHANGE records: rank repeat waits cpu_waits_s serves cpu_serves_s cpu_walk_s t_walk_s (the walk without finish_walk). */
static void exchange_probe(const Cell *top, int repeats) {
    enum { F = 6 }; /* waits, cpu of the waits, serves, cpu of the serves, walk cpu, walk wall */
    double *mine = calloc((size_t)F * (size_t)repeats, sizeof(double));
    for (int r = 0; r < repeats; r++) {
        double *m = mine + F * r;
        cache_clear();
        MPI_Barrier(MPI_COMM_WORLD);
        int64_t s0 = served;
        cpu_wait = cpu_serve = 0;
        n_wait = 0;
        probe_exchange = 1;
        double c0 = thread_cpu(), t0 = now();
        probe_walk(top, 1);
        m[4] = thread_cpu() - c0;
        m[5] = now() - t0;
        finish_walk();
        probe_exchange = 0;
        m[0] = (double)n_wait;
        m[1] = cpu_wait;
        m[2] = (double)(served - s0);
        m[3] = cpu_serve;
    }
    double *all = me == 0 ? malloc(sizeof(double) * F * (size_t)repeats * (size_t)np) : NULL;
    MPI_Gather(mine, F * repeats, MPI_DOUBLE, all, F * repeats, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (me == 0) {
        printf("# exchange: the walk with its cache requests again, cache emptied first (EXCHANGE rank repeat waits cpu_waits_s"
               " serves cpu_serves_s cpu_walk_s t_walk_s; a wait = one cache miss: request, wait with polls, reply, less the serving"
               " inside it; a serve = receive, pack, reply)\n");
        for (int q = 0; q < np; q++)
            for (int r = 0; r < repeats; r++) {
                const double *m = all + ((size_t)q * (size_t)repeats + (size_t)r) * F;
                printf("EXCHANGE %d %d %.0f %.9e %.0f %.9e %.9e %.9e\n", q, r, m[0], m[1], m[2], m[3], m[4], m[5]);
            }
        fflush(stdout);
    }
    free(all);
    free(mine);
}

static void poll_probe(const Cell *top, int repeats) {
    int *sbuf = calloc((size_t)np, sizeof(int)), *rbuf = calloc((size_t)np, sizeof(int));
    MPI_Alltoall(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, MPI_COMM_WORLD); /* every connection open, as in a running step */
    int64_t mask = poll_mask;
    int pp = poll_pp;
    enum { F = 7 }; /* wall A, wall B, CPU A, CPU B, switches A, switches B, polls B */
    double *mine = calloc((size_t)F * (size_t)repeats, sizeof(double));
    for (int r = 0; r < repeats; r++) {
        double *m = mine + F * r;
        poll_mask = INT64_MAX; /* (visit & mask) == 0 never holds for visit >= 1 */
        poll_pp = 0;
        MPI_Barrier(MPI_COMM_WORLD);
        long w0 = switches_now();
        double c0 = thread_cpu(), t0 = now();
        probe_walk(top, 0);
        m[0] = now() - t0;
        m[2] = thread_cpu() - c0;
        m[4] = (double)(switches_now() - w0);
        poll_mask = mask;
        poll_pp = pp;
        MPI_Barrier(MPI_COMM_WORLD);
        int64_t p0 = npolls;
        w0 = switches_now();
        c0 = thread_cpu();
        t0 = now();
        probe_walk(top, 1);
        m[1] = now() - t0;
        m[3] = thread_cpu() - c0;
        m[5] = (double)(switches_now() - w0);
        m[6] = (double)(npolls - p0);
    }
    double *all = me == 0 ? malloc(sizeof(double) * F * (size_t)repeats * (size_t)np) : NULL;
    MPI_Gather(mine, F * repeats, MPI_DOUBLE, all, F * repeats, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (me == 0) {
        printf("# probe: sc_treecode --poll-probe %d (after the first step, every rank's walk again with the cache warm, without"
               " and with the code's polls; IPROBE rank repeat polls work_s t_work_s t_poll_s cpu_work_s cpu_poll_s"
               " switches_work switches_poll, work_s = CPU time of the walk without polls / polls)\n", repeats);
        for (int q = 0; q < np; q++)
            for (int r = 0; r < repeats; r++) {
                const double *m = all + ((size_t)q * (size_t)repeats + (size_t)r) * F;
                printf("IPROBE %d %d %.0f %.9e %.9e %.9e %.9e %.9e %.0f %.0f\n", q, r, m[6], m[6] > 0 ? m[2] / m[6] : 0.0, m[0],
                       m[1], m[2], m[3], m[4], m[5]);
            }
        fflush(stdout);
    }
    free(all);
    free(mine);
    free(sbuf);
    free(rbuf);
    exchange_probe(top, repeats);
}

/* ---------------------------------------------------------------- driver */

/* Output follows the probes' convention: "# key: value" info lines, then whitespace-separated
 * records whose first word names the record; the column names are given by the info lines. */
static void print_header(void) {
    printf("# probe: sc_treecode 1\n");
    printf("# cache: %s\n", use_rma ? "rma (passive-target MPI_Get per line)" : "request/reply (owner polls)");
    printf("# wait: %s", wait_names[wait_mode]);
    if (wait_mode == WAIT_BLOCK) printf(" (poll %.0f us, then sleep %.0f us between polls)", spin_s * 1e6, sleep_s * 1e6);
    printf("\n");
    if (poll_mask != 63 || !poll_pp)
        printf("# poll: every %lld node visits%s and after each bucket\n", (long long)(poll_mask + 1),
               poll_pp ? ", after each particle's pp forces" : "");
    printf("# step_columns: step ranks n theta eps t_step_s t_decomp_s t_build_s t_grav_s t_kick_s n_pp n_cell_soft "
           "n_cell_newt n_visit cache_access cache_miss flops mflops science_rate_pps orb_iterations acc_sum\n");
    printf("# rank_columns: step rank n_local n_cells n_buckets build_passes n_pp n_cell_soft n_cell_newt n_visit "
           "acc_cell acc_part miss_cell miss_part served flops t_decomp_s t_build_s t_list_s t_cellforce_s "
           "t_ppforce_s t_wait_s t_serve_s t_grav_s t_kick_s lines_from reply_bytes\n");
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0); /* short sleeps (--wait block) stay short */
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--theta") && i + 1 < argc) theta = atof(argv[++i]);
        else if (!strcmp(argv[i], "--steps") && i + 1 < argc) nsteps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--eps") && i + 1 < argc) eps = atof(argv[++i]);
        else if (!strcmp(argv[i], "--dt") && i + 1 < argc) dt = atof(argv[++i]);
        else if (!strcmp(argv[i], "--spin-us") && i + 1 < argc) spin_s = 1e-6 * atof(argv[++i]);
        else if (!strcmp(argv[i], "--sleep-us") && i + 1 < argc) sleep_s = 1e-6 * atof(argv[++i]);
        else if (!strcmp(argv[i], "--poll-visits") && i + 1 < argc) {
            long long v = atoll(argv[++i]);
            if (v < 1 || (v & (v - 1))) die("--poll-visits must be a power of two (1, 2, 4, ...)");
            poll_mask = (int64_t)v - 1;
        }
        else if (!strcmp(argv[i], "--poll-pp") && i + 1 < argc) {
            ++i;
            if (!strcmp(argv[i], "1")) poll_pp = 1;
            else if (!strcmp(argv[i], "0")) poll_pp = 0;
            else die("--poll-pp must be 0 or 1");
        }
        else if (!strcmp(argv[i], "--poll-probe") && i + 1 < argc) {
            poll_probe_repeats = atoi(argv[++i]);
            if (poll_probe_repeats < 1 || poll_probe_repeats > 1000) die("--poll-probe must be between 1 and 1000");
        }
        else if (!strcmp(argv[i], "--wait") && i + 1 < argc) {
            i++;
            if (!strcmp(argv[i], "spin")) wait_mode = WAIT_SPIN;
            else if (!strcmp(argv[i], "yield")) wait_mode = WAIT_YIELD;
            else if (!strcmp(argv[i], "block")) wait_mode = WAIT_BLOCK;
            else die("--wait must be spin, yield or block");
        }
        else if (!strcmp(argv[i], "--cache") && i + 1 < argc) {
            i++;
            if (!strcmp(argv[i], "rma")) use_rma = 1;
            else if (!strcmp(argv[i], "request")) use_rma = 0;
            else die("--cache must be request or rma");
        }
        else if (argv[i][0] != '-' && !path) path = argv[i];
        else {
            char b[256];
            snprintf(b, sizeof b, "unknown argument \"%s\" (usage: sc_treecode FILE [--theta T] [--steps S] [--eps E] [--dt DT])", argv[i]);
            die(b);
        }
    }
    if (!path) die("missing particle file (usage: sc_treecode FILE [--theta T] [--steps S] [--eps E] [--dt DT])");
    if (!(theta > 0) || nsteps < 1) die("--theta must be positive and --steps at least 1");
    int64_t N;
    int n, cap;
    Part *p = read_particles(path, &N, &n);
    cap = n + 1;
    if (eps < 0) eps = 0.05 / cbrt((double)N); /* 1/20 of the mean interparticle spacing of a unit box */
    if (N < (int64_t)np * BUCKET) die("too few particles for this many ranks");
    lines_from = calloc((size_t)np, sizeof(int64_t));
    ncells_of = calloc((size_t)np, sizeof(int64_t));
    nparts_of = calloc((size_t)np, sizeof(int64_t));
    Cell *roots = malloc((size_t)np * sizeof(Cell));
    Cell *top = malloc((size_t)(2 * np) * sizeof(Cell));
    if (me == 0 && !poll_probe_repeats) print_header();
    for (int step = 1; step <= nsteps; step++) {
        MPI_Request br;
        MPI_Ibarrier(MPI_COMM_WORLD, &br);
        wait_for(&br, 0);
        double t0 = now();
        int iters = orb(&p, &n, &cap);
        double t1 = now();
        lt.n = 0;
        lt.passes = 0;
        int r = new_cell(&lt);
        lt.c[r].first = 0;
        lt.c[r].n = n;
        lt.c[r].depth = 0;
        build(&lt, 0, p);
        lp = p;
        ln = n;
        MPI_Request ag;
        MPI_Iallgather(&lt.c[0], (int)sizeof(Cell), MPI_BYTE, roots, (int)sizeof(Cell), MPI_BYTE, MPI_COMM_WORLD, &ag);
        wait_for(&ag, 0);
        if (use_rma) {
            int64_t mine2[2] = {lt.n, n}, *all2 = malloc((size_t)np * 2 * sizeof(int64_t));
            MPI_Allgather(mine2, 2, MPI_INT64_T, all2, 2, MPI_INT64_T, MPI_COMM_WORLD);
            for (int q = 0; q < np; q++) {
                ncells_of[q] = all2[2 * q];
                nparts_of[q] = all2[2 * q + 1];
            }
            free(all2);
            wire = realloc(wire, ((size_t)n + 1) * sizeof(WirePart));
            for (int i = 0; i < n; i++) {
                memcpy(wire[i].x, p[i].x, sizeof wire[i].x);
                wire[i].m = p[i].m;
                wire[i].id = p[i].id;
            }
            MPI_Win_create(lt.c, (MPI_Aint)lt.n * (MPI_Aint)sizeof(Cell), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win_cells);
            MPI_Win_create(wire, (MPI_Aint)n * (MPI_Aint)sizeof(WirePart), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win_parts);
        }
        int nTop = 0;
        build_top(top, &nTop, roots, 0, np);
        if (poll_probe_repeats && use_rma) die("--poll-probe needs --cache request (the polls serve requests)");
        double t2 = now();
        WalkStats ws;
        memset(&ws, 0, sizeof ws);
        acc_cell = acc_part = miss_cell = miss_part = served = reply_bytes = 0;
        memset(lines_from, 0, (size_t)np * sizeof(int64_t));
        t_wait = t_serve = 0;
        int nb = 0;
        for (int c = 0; c < lt.n; c++) {
            if (lt.c[c].child >= 0) continue;
            nb++;
            walk_bucket(&lt.c[c], top, &ws);
            if (!use_rma) serve_all();
        }
        finish_walk();
        double t3 = now();
        if (poll_probe_repeats) {
            poll_probe(top, poll_probe_repeats); /* after the first step's walk: the software cache holds every line it needs */
            break;
        }
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                p[i].v[k] += p[i].a[k] * dt;
                p[i].x[k] += p[i].v[k] * dt;
            }
        }
        double t4 = now();
        cache_clear();
        if (use_rma) {
            MPI_Win_free(&win_cells);
            MPI_Win_free(&win_parts);
        }
        /* statistics: per-rank rows gathered to rank 0 */
        double mine[] = {t1 - t0, t2 - t1, ws.t_list, ws.t_cellf, ws.t_ppf, t_wait, t_serve, t3 - t2, t4 - t3, t4 - t0,
                         ws.acc_sum};
        int64_t cnt[] = {n, lt.n, nb, lt.passes, ws.pp, ws.soft, ws.newt, ws.visit, acc_cell, acc_part, miss_cell,
                         miss_part, served, ws.flops, reply_bytes}; /* reply_bytes last: printed after lines_from */
        enum { ND = sizeof mine / sizeof mine[0], NC = sizeof cnt / sizeof cnt[0] };
        double *alld = me == 0 ? malloc((size_t)np * ND * sizeof(double)) : NULL;
        int64_t *allc = me == 0 ? malloc((size_t)np * NC * sizeof(int64_t)) : NULL;
        int64_t *allf = me == 0 ? malloc((size_t)np * np * sizeof(int64_t)) : NULL;
        MPI_Gather(mine, ND, MPI_DOUBLE, alld, ND, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        MPI_Gather(cnt, NC, MPI_INT64_T, allc, NC, MPI_INT64_T, 0, MPI_COMM_WORLD);
        MPI_Gather(lines_from, np, MPI_INT64_T, allf, np, MPI_INT64_T, 0, MPI_COMM_WORLD);
        if (me == 0) {
            double tmax[ND] = {0};
            int64_t tot[NC] = {0};
            double accsum = 0;
            for (int q = 0; q < np; q++) {
                double *d = &alld[q * ND];
                int64_t *c = &allc[q * NC];
                for (int k = 0; k < ND; k++) if (d[k] > tmax[k]) tmax[k] = d[k];
                for (int k = 0; k < NC; k++) tot[k] += c[k];
                accsum += d[10];
                printf("RANK %d %d", step, q);
                for (int k = 0; k < NC - 1; k++) printf(" %lld", (long long)c[k]);
                printf(" %.6e %.6e %.6e %.6e %.6e %.6e %.6e %.6e %.6e ", d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8]);
                for (int o = 0; o < np; o++) printf("%s%lld", o ? ";" : "", (long long)allf[q * np + o]);
                printf(" %lld\n", (long long)c[NC - 1]);
            }
            double tg = tmax[7];
            printf("STEP %d %d %lld %.17g %.17g %.6e %.6e %.6e %.6e %.6e %lld %lld %lld %lld %lld %lld %lld %.6f %.6f %d %.17g\n",
                   step, np, (long long)N, theta, eps, tmax[9], tmax[0], tmax[1], tg, tmax[8], (long long)tot[4],
                   (long long)tot[5], (long long)tot[6], (long long)tot[7], (long long)(tot[8] + tot[9]),
                   (long long)(tot[10] + tot[11]), (long long)tot[13], tot[13] / tg / 1e6, (double)N / tg, iters,
                   accsum);
            fflush(stdout);
            free(alld);
            free(allc);
            free(allf);
        }
    }
    MPI_Finalize();
    return 0;
}
