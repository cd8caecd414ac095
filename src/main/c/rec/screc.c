/*
 * libscrec core: per-rank state, compute bursts, the line buffer, communicator and request
 * tables, MPI_Init/Finalize/Abort, and the files written at MPI_Finalize (docs/trace.md).
 * Environment: SCREC_DIR (output folder, required), SCREC_RATE (flops/s a CPU second is worth);
 * SCREC_SPAN=1: record nothing but when MPI_Init returned and MPI_Finalize was entered (rank-R.span,
 * CLOCK_MONOTONIC seconds), the measured run time of a real run (scripts/real-runs/collect-trace-apps.sh).
 */
#define _GNU_SOURCE
#include "screc.h"
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { const char *name; long n; } counter;
typedef struct { MPI_Comm c; int size; int inter; int spans; int *world; } comm_map;
typedef struct node { screc_req r; struct node *next; } node;

static struct {
    int rank, size, depth, active, written, span;
    double rate, last_cpu, last_wall, acc_cpu, acc_wall, cpu_total, wall_total, t0;
    double leak_cpu, leak_wall, leaked_cpu, leaked_wall; /* per-call clock leak (calibrate) and its sum taken off */
    char *buf; size_t len, cap;          /* line text */
    long *off; long lines, lcap;         /* line offsets (-1: reserved, not filled yet) */
    char *bursts; size_t blen, bcap;     /* "cpu_s wall_s" per compute line */
    counter counts[256]; int ncounts;
    counter unsup[256]; int nunsup;
    comm_map comms[512]; int ncomms;
    node *req[4096]; int npending_p2p;
} S;

static void now(double *cpu, double *wall) {
    struct timespec a, b;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
    clock_gettime(CLOCK_MONOTONIC, &b);
    *cpu = (double)a.tv_sec + 1e-9 * (double)a.tv_nsec;
    *wall = (double)b.tv_sec + 1e-9 * (double)b.tv_nsec;
}

static void *grow(void *p, size_t need, size_t *cap, size_t unit) {
    if (need <= *cap) return p;
    size_t c = *cap ? *cap : 4096;
    while (c < need) c *= 2;
    void *q = realloc(p, c * unit);
    if (!q) { fprintf(stderr, "libscrec: out of memory\n"); abort(); }
    *cap = c;
    return q;
}

static void bump(counter *t, int *n, const char *name) {
    for (int i = 0; i < *n; i++)
        if (t[i].name == name || strcmp(t[i].name, name) == 0) { t[i].n++; return; }
    if (*n < 256) { t[*n].name = strdup(name); t[*n].n = 1; (*n)++; }
}

/*
 * The clocks are read first thing on entry (CPU time before wall time) and last thing on exit (wall time, then
 * CPU time), so the recorder's bookkeeping lies inside the MPI call, not in the compute burst. What an empty
 * exit -> enter pair still reports (the half of each clock_gettime syscall after its sample at exit and before it
 * at enter, the calls' prologues and epilogues) was measured at MPI_Init (calibrate) and is taken off every
 * call's increment, never below zero.
 */
static inline void clocks_enter(double *cpu, double *wall) {
    struct timespec a, b;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
    clock_gettime(CLOCK_MONOTONIC, &b);
    *cpu = (double)a.tv_sec + 1e-9 * (double)a.tv_nsec;
    *wall = (double)b.tv_sec + 1e-9 * (double)b.tv_nsec;
}

static inline void clocks_exit(double *cpu, double *wall) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &b);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
    *cpu = (double)a.tv_sec + 1e-9 * (double)a.tv_nsec;
    *wall = (double)b.tv_sec + 1e-9 * (double)b.tv_nsec;
}

static double net(double d, double leak, double *taken) {
    double t = d < leak ? (d > 0 ? d : 0) : leak;
    *taken += t;
    return d - t;
}

int screc_enter(const char *name) {
    if (S.depth++ > 0 || !S.active) return 0;
    double c, w;
    clocks_enter(&c, &w);
    S.acc_cpu += net(c - S.last_cpu, S.leak_cpu, &S.leaked_cpu);
    S.acc_wall += net(w - S.last_wall, S.leak_wall, &S.leaked_wall);
    if (name) bump(S.counts, &S.ncounts, name);
    return 1;
}

void screc_exit(void) {
    if (--S.depth == 0 && S.active) clocks_exit(&S.last_cpu, &S.last_wall);
}

void screc_unsupported(const char *name) {
    if (S.depth == 1 && S.active) bump(S.unsup, &S.nunsup, name);
}

static long new_line(void) {
    size_t cap = (size_t)S.lcap;
    S.off = grow(S.off, (size_t)S.lines + 1, &cap, sizeof(long));
    S.lcap = (long)cap;
    S.off[S.lines] = -1;
    return S.lines++;
}

static void put_text(long id, const char *fmt, va_list ap) {
    char tmp[8192];
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    if (n < 0 || n >= (int)sizeof tmp) { fprintf(stderr, "libscrec: line too long\n"); abort(); }
    S.buf = grow(S.buf, S.len + (size_t)n + 1, &S.cap, 1);
    memcpy(S.buf + S.len, tmp, (size_t)n + 1);
    S.off[id] = (long)S.len;
    S.len += (size_t)n + 1;
}

static void add_line(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    put_text(new_line(), fmt, ap);
    va_end(ap);
}

/* bursts shorter than 100 ns of CPU are carried into the next one (no line, nothing lost) */
static void flush_burst(void) {
    if (S.acc_cpu < 1e-7) return;
    add_line("compute %.10g", S.acc_cpu * S.rate);
    char tmp[64];
    int n = snprintf(tmp, sizeof tmp, "%.9g %.9g\n", S.acc_cpu, S.acc_wall);
    S.bursts = grow(S.bursts, S.blen + (size_t)n + 1, &S.bcap, 1);
    memcpy(S.bursts + S.blen, tmp, (size_t)n + 1);
    S.blen += (size_t)n;
    S.cpu_total += S.acc_cpu;
    S.wall_total += S.acc_wall;
    S.acc_cpu = S.acc_wall = 0;
}

void screc_emit(const char *fmt, ...) {
    flush_burst();
    va_list ap;
    va_start(ap, fmt);
    put_text(new_line(), fmt, ap);
    va_end(ap);
}

void screc_emit_lines(const char *lines) {
    const char *p = lines;
    while (*p) {
        const char *e = strchr(p, '\n');
        int n = e ? (int)(e - p) : (int)strlen(p);
        if (n > 0) screc_emit("%.*s", n, p);
        p += n + (e ? 1 : 0);
    }
}

long screc_reserve(void) {
    flush_burst();
    return new_line();
}

void screc_fill(long id, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    put_text(id, fmt, ap);
    va_end(ap);
}

void screc_drop(long id) { S.off[id] = -2; }

int screc_world_rank(void) { return S.rank; }
int screc_world_size(void) { return S.size; }

static comm_map *lookup(MPI_Comm comm) {
    for (int i = 0; i < S.ncomms; i++) if (S.comms[i].c == comm) return &S.comms[i];
    if (S.ncomms == 512) { fprintf(stderr, "libscrec: more than 512 communicators alive\n"); abort(); }
    comm_map *m = &S.comms[S.ncomms++];
    m->c = comm;
    PMPI_Comm_test_inter(comm, &m->inter);
    PMPI_Comm_size(comm, &m->size);
    m->world = malloc(sizeof(int) * (size_t)m->size);
    int *ranks = malloc(sizeof(int) * (size_t)m->size);
    for (int i = 0; i < m->size; i++) ranks[i] = i;
    MPI_Group g, w;
    PMPI_Comm_group(comm, &g);
    PMPI_Comm_group(MPI_COMM_WORLD, &w);
    if (!m->inter) PMPI_Group_translate_ranks(g, m->size, ranks, w, m->world);
    PMPI_Group_free(&g);
    PMPI_Group_free(&w);
    free(ranks);
    m->spans = m->inter ? -1 : (m->size == S.size);
    return m;
}

int screc_to_world(MPI_Comm comm, int r) {
    if (r == MPI_PROC_NULL || r == MPI_ANY_SOURCE || comm == MPI_COMM_WORLD) return r;
    comm_map *m = lookup(comm);
    if (m->inter) return SCREC_INTER;
    return (r >= 0 && r < m->size) ? m->world[r] : r;
}

int screc_spans_world(MPI_Comm comm) { return comm == MPI_COMM_WORLD ? 1 : lookup(comm)->spans; }
int screc_comm_size(MPI_Comm comm) { return comm == MPI_COMM_WORLD ? S.size : lookup(comm)->size; }

void screc_forget_comm(MPI_Comm comm) {
    for (int i = 0; i < S.ncomms; i++)
        if (S.comms[i].c == comm) {
            free(S.comms[i].world);
            S.comms[i] = S.comms[--S.ncomms];
            return;
        }
}

long long screc_bytes(int count, MPI_Datatype t) {
    int sz = 0;
    PMPI_Type_size(t, &sz);
    return (long long)count * sz;
}

static unsigned slot(MPI_Request h) { return (unsigned)(((uintptr_t)h >> 4) * 2654435761u) % 4096u; }

void screc_req_add(const screc_req *r) {
    node *n = malloc(sizeof *n);
    n->r = *r;
    n->next = S.req[slot(r->handle)];
    S.req[slot(r->handle)] = n;
    if (r->kind == REQ_SEND || r->kind == REQ_RECV) S.npending_p2p++;
}

int screc_req_take(MPI_Request h, screc_req *out) {
    for (node **p = &S.req[slot(h)]; *p; p = &(*p)->next)
        if ((*p)->r.handle == h) {
            node *n = *p;
            *out = n->r;
            *p = n->next;
            free(n);
            if (out->kind == REQ_SEND || out->kind == REQ_RECV) S.npending_p2p--;
            return 1;
        }
    return 0;
}

int screc_req_pending_p2p(void) { return S.npending_p2p; }

static void write_files(int complete);

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* the CPU and wall time an exit -> enter pair with nothing between reports: the median of CALIB pairs made
 * through the wrappers' own screc_exit / screc_enter (uncounted), after a warm-up */
#define CALIB 2001
static void calibrate(void) {
    static double dc[CALIB], dw[CALIB];
    S.leak_cpu = S.leak_wall = 0;
    S.depth = 1;
    clocks_exit(&S.last_cpu, &S.last_wall);
    for (int i = -200; i < CALIB; i++) {
        double c = S.acc_cpu, w = S.acc_wall;
        screc_exit();
        screc_enter(NULL);
        if (i >= 0) { dc[i] = S.acc_cpu - c; dw[i] = S.acc_wall - w; }
    }
    S.depth = 0;
    qsort(dc, CALIB, sizeof(double), cmp_double);
    qsort(dw, CALIB, sizeof(double), cmp_double);
    S.leak_cpu = dc[CALIB / 2];
    S.leak_wall = dw[CALIB / 2];
    S.acc_cpu = S.acc_wall = S.leaked_cpu = S.leaked_wall = 0;
}

static void start(void) {
    PMPI_Comm_rank(MPI_COMM_WORLD, &S.rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &S.size);
    const char *rate = getenv("SCREC_RATE");
    S.rate = rate ? strtod(rate, NULL) : 1e9;
    S.active = getenv("SCREC_DIR") != NULL;
    if (S.active && getenv("SCREC_SPAN")) {
        double c;
        now(&c, &S.t0);
        S.active = 0;
        S.span = 1;
    }
    if (!S.active) return;
    calibrate();
    bump(S.counts, &S.ncounts, "MPI_Init");
    add_line("init");
    clocks_exit(&S.last_cpu, &S.last_wall);
    S.t0 = S.last_wall;
}

static void at_exit(void) {
    if (S.active && !S.written) write_files(0);
}

int MPI_Init(int *argc, char ***argv) {
    int rc = PMPI_Init(argc, argv);
    start();
    atexit(at_exit);
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
    int rc = PMPI_Init_thread(argc, argv, required, provided);
    start();
    atexit(at_exit);
    return rc;
}

static void write_span(void) {
    double c, w;
    now(&c, &w);
    char path[4096];
    snprintf(path, sizeof path, "%s/rank-%d.span", getenv("SCREC_DIR"), S.rank);
    FILE *f = fopen(path, "w");
    if (!f) return;
    fprintf(f, "%.9f %.9f\n", S.t0, w);
    fclose(f);
}

int MPI_Finalize(void) {
    if (S.span) write_span();
    if (screc_enter("MPI_Finalize")) {
        screc_emit("finalize");
        write_files(1);
    }
    int rc = PMPI_Finalize();
    S.depth--;
    S.active = 0;
    return rc;
}

int MPI_Abort(MPI_Comm comm, int code) {
    if (screc_enter("MPI_Abort")) write_files(0);
    return PMPI_Abort(comm, code);
}

static FILE *open_out(const char *ext) {
    char path[4096];
    snprintf(path, sizeof path, "%s/rank-%d.%s", getenv("SCREC_DIR"), S.rank, ext);
    FILE *f = fopen(path, "w");
    if (!f) fprintf(stderr, "libscrec: cannot write %s\n", path);
    return f;
}

static void write_meta(int complete, long pending_lines) {
    FILE *f = open_out("meta");
    if (!f) return;
    double c, w;
    now(&c, &w);
    fprintf(f, "rank %d\ncomplete %d\ncpu_s %.9g\nwall_s %.9g\nspan_s %.9g\nevents %ld\nunfilled %ld\n", S.rank,
            complete, S.cpu_total, S.wall_total, w - S.t0, S.lines, pending_lines);
    /* the per-call clock leak measured at MPI_Init and what was taken off the bursts for it */
    fprintf(f, "leak_cpu_s %.9g\nleak_wall_s %.9g\nleak_taken_cpu_s %.9g\nleak_taken_wall_s %.9g\n", S.leak_cpu, S.leak_wall,
            S.leaked_cpu, S.leaked_wall);
    for (int i = 0; i < S.ncounts; i++) fprintf(f, "count %s %ld\n", S.counts[i].name, S.counts[i].n);
    for (int i = 0; i < S.nunsup; i++) fprintf(f, "unsupported %s %ld\n", S.unsup[i].name, S.unsup[i].n);
    fclose(f);
}

static void write_files(int complete) {
    S.written = 1;
    if (!complete) flush_burst();
    long unfilled = 0;
    FILE *f = open_out("ti");
    if (f) {
        for (long i = 0; i < S.lines; i++) {
            if (S.off[i] < 0) { unfilled += S.off[i] == -1; continue; } /* an irecv never completed (-2: dropped) */
            fprintf(f, "%d %s\n", S.rank, S.buf + S.off[i]);
        }
        fclose(f);
    }
    FILE *b = open_out("bursts");
    if (b) {
        if (S.blen) fwrite(S.bursts, 1, S.blen, b);
        fclose(b);
    }
    write_meta(complete, unfilled);
}
