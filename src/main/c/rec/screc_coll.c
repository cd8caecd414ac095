/*
 * libscrec: collectives. On a communicator spanning MPI_COMM_WORLD the call is one TI action
 * (roots and count arrays put in world rank order). TI has no communicators, so a collective on a
 * smaller one is written as the point-to-point messages of a linear algorithm between its members'
 * world ranks, tag SCREC_COLL_TAG (docs/trace.md). Non-blocking collectives are written as their
 * blocking action at the point where the program learns they completed (Wait or successful Test).
 */
#include "screc.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { char *s; size_t n, cap; } plan;

static void pl(plan *p, const char *fmt, ...) {
    char tmp[8192];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (k < 0 || k >= (int)sizeof tmp) { fprintf(stderr, "libscrec: plan line too long\n"); abort(); }
    if (p->n + (size_t)k + 2 > p->cap) {
        p->cap = (p->n + (size_t)k + 2) * 2;
        p->s = realloc(p->s, p->cap);
    }
    memcpy(p->s + p->n, tmp, (size_t)k);
    p->n += (size_t)k;
    p->s[p->n++] = '\n';
    p->s[p->n] = 0;
}

/* a list "a_0 a_1 ..." of n numbers into p (no newline) */
static void nums(char *out, size_t cap, const long long *v, int n) {
    size_t o = 0;
    for (int i = 0; i < n && o + 24 < cap; i++) o += (size_t)snprintf(out + o, cap - o, i ? " %lld" : "%lld", v[i]);
    out[o] = 0;
}

typedef struct {
    MPI_Comm c;
    int n, me, *w;        /* members' world ranks, my index */
} members;

static members get_members(MPI_Comm c) {
    members m = {c, screc_comm_size(c), 0, NULL};
    PMPI_Comm_rank(c, &m.me);
    m.w = malloc(sizeof(int) * (size_t)m.n);
    for (int i = 0; i < m.n; i++) m.w[i] = screc_to_world(c, i);
    return m;
}

/* sends[j] / recvs[j]: bytes to / from member j, -1 for no message; irecvs, isends, then the waits */
static void exchange(plan *p, const members *m, const long long *sends, const long long *recvs) {
    int me = m->w[m->me], T = SCREC_COLL_TAG;
    for (int j = 0; j < m->n; j++)
        if (j != m->me && recvs[j] >= 0) pl(p, "irecv %d %d %lld %d", m->w[j], T, recvs[j], SCREC_BYTE);
    for (int j = 0; j < m->n; j++)
        if (j != m->me && sends[j] >= 0) pl(p, "isend %d %d %lld %d", m->w[j], T, sends[j], SCREC_BYTE);
    for (int j = 0; j < m->n; j++)
        if (j != m->me && recvs[j] >= 0) pl(p, "wait %d %d %d", m->w[j], me, T);
    for (int j = 0; j < m->n; j++)
        if (j != m->me && sends[j] >= 0) pl(p, "wait %d %d %d", me, m->w[j], T);
}

/* one-to-all (root sends each[j]) or all-to-one (root receives each[j]) */
static void rooted(plan *p, const members *m, int root, const long long *each, int to_all) {
    long long *s = malloc(sizeof *s * (size_t)m->n), *r = malloc(sizeof *r * (size_t)m->n);
    for (int j = 0; j < m->n; j++) s[j] = r[j] = -1;
    for (int j = 0; j < m->n; j++) {
        if (m->me == root && j != root) (to_all ? s : r)[j] = each[j];
        if (m->me != root && j == root) (to_all ? r : s)[j] = each[m->me];
    }
    exchange(p, m, s, r);
    free(s);
    free(r);
}

static long long *fill(int n, long long v) {
    long long *a = malloc(sizeof *a * ((size_t)n + 1));
    for (int i = 0; i < n; i++) a[i] = v;
    return a;
}

static const char *NAMES[] = {"barrier", "bcast", "reduce", "allreduce", "scan", "exscan", "alltoallv",
                              "gatherv", "allgatherv", "scatterv", "reducescatter"};


static void subcomm_plan(plan *p, const members *m, const coll *k) {
    long long *b = fill(m->n, k->bytes);
    switch (k->kind) {
    case BARRIER: case ALLREDUCE: {
        long long *z = fill(m->n, k->kind == BARRIER ? 0 : k->bytes);
        rooted(p, m, 0, z, 0);
        rooted(p, m, 0, z, 1);
        free(z);
        break;
    }
    case BCAST: rooted(p, m, k->root, b, 1); break;
    case REDUCE: rooted(p, m, k->root, b, 0); break;
    case SCAN: case EXSCAN: {
        int me = m->me, T = SCREC_COLL_TAG;
        if (me > 0) pl(p, "recv %d %d %lld %d", m->w[me - 1], T, k->bytes, SCREC_BYTE);
        if (me < m->n - 1) pl(p, "send %d %d %lld %d", m->w[me + 1], T, k->bytes, SCREC_BYTE);
        break;
    }
    case ALLTOALL: case ALLGATHER: exchange(p, m, k->sc, k->rc); break;
    case GATHER: rooted(p, m, k->root, m->me == k->root ? k->rc : k->sc, 0); break;
    case SCATTER: rooted(p, m, k->root, m->me == k->root ? k->sc : k->rc, 1); break;
    case REDSCAT: {
        long long sum = 0;
        for (int j = 0; j < m->n; j++) sum += k->rc[j];
        long long *s = fill(m->n, sum);
        rooted(p, m, 0, s, 0);
        rooted(p, m, 0, k->rc, 1);
        free(s);
        break;
    }
    }
    free(b);
}

/* the TI action on a communicator spanning the world: arrays permuted to world order */
static void world_plan(plan *p, const members *m, const coll *k) {
    int n = m->n, root = k->root >= 0 && k->root < n ? m->w[k->root] : 0, B = SCREC_BYTE;
    long long *sc = fill(n, 0), *rc = fill(n, 0), ss = 0, rs = 0;
    for (int j = 0; j < n && k->sc; j++) { sc[m->w[j]] = k->sc[j]; ss += k->sc[j]; }
    for (int j = 0; j < n && k->rc; j++) { rc[m->w[j]] = k->rc[j]; rs += k->rc[j]; }
    static char a[65536], b[65536];
    nums(a, sizeof a, sc, n);
    nums(b, sizeof b, rc, n);
    long long mine_s = k->sc ? k->sc[m->me] : 0, mine_r = k->rc ? k->rc[m->me] : 0;
    switch (k->kind) {
    case BARRIER: pl(p, "barrier"); break;
    case BCAST: pl(p, "bcast %lld %d %d", k->bytes, root, B); break;
    case REDUCE: pl(p, "reduce %lld 0 %d %d", k->bytes, root, B); break;
    case ALLREDUCE: pl(p, "allreduce %lld 0 %d", k->bytes, B); break;
    case SCAN: case EXSCAN: pl(p, "%s %lld 0 %d", NAMES[k->kind], k->bytes, B); break;
    case ALLTOALL:
        if (k->uniform) pl(p, "alltoall %lld %lld %d %d", mine_s, mine_r, B, B);
        else pl(p, "alltoallv %lld %s %lld %s %d %d", ss, a, rs, b, B, B);
        break;
    case GATHER: case ALLGATHER: {
        int g = k->kind == GATHER;
        if (k->uniform && g) pl(p, "gather %lld %lld %d %d %d", mine_s, mine_r, root, B, B);
        else if (k->uniform) pl(p, "allgather %lld %lld %d %d", mine_s, mine_r, B, B);
        else if (g) pl(p, "gatherv %lld %s %d %d %d", mine_s, b, root, B, B);
        else pl(p, "allgatherv %lld %s %d %d", mine_s, b, B, B);
        break;
    }
    case SCATTER:
        if (k->uniform) pl(p, "scatter %lld %lld %d %d %d", mine_s, mine_r, root, B, B);
        else pl(p, "scatterv %s %lld %d %d %d", a, mine_r, root, B, B);
        break;
    case REDSCAT: pl(p, "reducescatter %s 0 %d", b, B); break;
    }
    free(sc);
    free(rc);
}

/* the lines of collective k on c, or NULL (nothing to write, or unsupported: counted as name) */
static char *plan_of(MPI_Comm c, const coll *k, const char *name) {
    int spans = screc_spans_world(c);
    char un[128];
    if (spans < 0) {
        snprintf(un, sizeof un, "%s(intercomm)", name);
        screc_unsupported(un);
        return NULL;
    }
    members m = get_members(c);
    plan p = {NULL, 0, 0};
    if (m.n > 1) (spans ? world_plan : subcomm_plan)(&p, &m, k);
    free(m.w);
    return p.s;
}

void screc_coll(MPI_Comm c, const coll *k, const char *name, MPI_Request *q) {
    char *lines = plan_of(c, k, name);
    if (q) { /* non-blocking: written when it completes */
        screc_req r = {*q, REQ_COLL, c, 0, 0, 0, -1, lines ? lines : strdup("")};
        screc_req_add(&r);
        return;
    }
    if (lines) screc_emit_lines(lines);
    free(lines);
}

