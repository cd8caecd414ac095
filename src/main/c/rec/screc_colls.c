/*
 * libscrec: the collective wrappers, blocking and non-blocking (MPI_Ixxx is written as xxx when it
 * completes). Sizes in bytes per member in comm order; see screc_coll.c and docs/trace.md.
 */
#include "screc.h"
#include <stdlib.h>

#define REC(name) int rec_ = screc_enter(name)
#define DONE(rc) do { screc_exit(); return (rc); } while (0)
#define IP(b) ((b) == MPI_IN_PLACE)

static long long *fill(MPI_Comm c, long long v) {
    int n = screc_comm_size(c);
    long long *a = malloc(sizeof *a * ((size_t)n + 1));
    for (int i = 0; i < n; i++) a[i] = v;
    return a;
}

static long long *per(MPI_Comm c, const int *cnt, MPI_Datatype t) {
    int n = screc_comm_size(c);
    long long *a = malloc(sizeof *a * ((size_t)n + 1));
    for (int i = 0; i < n; i++) a[i] = screc_bytes(cnt[i], t);
    return a;
}

static int me_in(MPI_Comm c) {
    int r;
    PMPI_Comm_rank(c, &r);
    return r;
}

static void go(MPI_Comm c, coll *k, const char *name, MPI_Request *q, long long *sc, long long *rc) {
    k->sc = sc;
    k->rc = rc;
    screc_coll(c, k, name, q);
    free(sc);
    free(rc);
}

int MPI_Barrier(MPI_Comm c) {
    REC("MPI_Barrier");
    int rc_ = PMPI_Barrier(c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {BARRIER, 0, 0, 0, 0, 1}; go(c, &k, "MPI_Barrier", NULL, NULL, NULL);
    }
    DONE(rc_);
}

int MPI_Ibarrier(MPI_Comm c, MPI_Request *q) {
    REC("MPI_Ibarrier");
    int rc_ = PMPI_Ibarrier(c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {BARRIER, 0, 0, 0, 0, 1}; go(c, &k, "MPI_Ibarrier", q, NULL, NULL);
    }
    DONE(rc_);
}

int MPI_Bcast(void *b, int n, MPI_Datatype t, int root, MPI_Comm c) {
    REC("MPI_Bcast");
    int rc_ = PMPI_Bcast(b, n, t, root, c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {BCAST, root, screc_bytes(n, t), 0, 0, 1}; go(c, &k, "MPI_Bcast", NULL, NULL, NULL);
    }
    DONE(rc_);
}

int MPI_Ibcast(void *b, int n, MPI_Datatype t, int root, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Ibcast");
    int rc_ = PMPI_Ibcast(b, n, t, root, c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {BCAST, root, screc_bytes(n, t), 0, 0, 1}; go(c, &k, "MPI_Ibcast", q, NULL, NULL);
    }
    DONE(rc_);
}

int MPI_Reduce(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c) {
    REC("MPI_Reduce");
    int rc_ = PMPI_Reduce(sb, rb, n, t, op, root, c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {REDUCE, root, screc_bytes(n, t), 0, 0, 1}; go(c, &k, "MPI_Reduce", NULL, NULL, NULL);
    }
    DONE(rc_);
}

int MPI_Ireduce(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Ireduce");
    int rc_ = PMPI_Ireduce(sb, rb, n, t, op, root, c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {REDUCE, root, screc_bytes(n, t), 0, 0, 1}; go(c, &k, "MPI_Ireduce", q, NULL, NULL);
    }
    DONE(rc_);
}

int MPI_Allreduce(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c) {
    REC("MPI_Allreduce");
    int rc_ = PMPI_Allreduce(sb, rb, n, t, op, c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {ALLREDUCE, 0, screc_bytes(n, t), 0, 0, 1}; go(c, &k, "MPI_Allreduce", NULL, NULL, NULL);
    }
    DONE(rc_);
}

int MPI_Iallreduce(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Iallreduce");
    int rc_ = PMPI_Iallreduce(sb, rb, n, t, op, c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {ALLREDUCE, 0, screc_bytes(n, t), 0, 0, 1}; go(c, &k, "MPI_Iallreduce", q, NULL, NULL);
    }
    DONE(rc_);
}

int MPI_Scan(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c) {
    REC("MPI_Scan");
    int rc_ = PMPI_Scan(sb, rb, n, t, op, c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {SCAN, 0, screc_bytes(n, t), 0, 0, 1}; go(c, &k, "MPI_Scan", NULL, NULL, NULL);
    }
    DONE(rc_);
}

int MPI_Iscan(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Iscan");
    int rc_ = PMPI_Iscan(sb, rb, n, t, op, c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {SCAN, 0, screc_bytes(n, t), 0, 0, 1}; go(c, &k, "MPI_Iscan", q, NULL, NULL);
    }
    DONE(rc_);
}

int MPI_Exscan(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c) {
    REC("MPI_Exscan");
    int rc_ = PMPI_Exscan(sb, rb, n, t, op, c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {EXSCAN, 0, screc_bytes(n, t), 0, 0, 1}; go(c, &k, "MPI_Exscan", NULL, NULL, NULL);
    }
    DONE(rc_);
}

int MPI_Iexscan(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Iexscan");
    int rc_ = PMPI_Iexscan(sb, rb, n, t, op, c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {EXSCAN, 0, screc_bytes(n, t), 0, 0, 1}; go(c, &k, "MPI_Iexscan", q, NULL, NULL);
    }
    DONE(rc_);
}

int MPI_Alltoall(const void *sb, int sn, MPI_Datatype st, void *rb, int rn, MPI_Datatype rt, MPI_Comm c) {
    REC("MPI_Alltoall");
    int rc_ = PMPI_Alltoall(sb, sn, st, rb, rn, rt, c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    long long r = screc_bytes(rn, rt), s = IP(sb) ? r : screc_bytes(sn, st);
    coll k = {ALLTOALL, 0, s, 0, 0, 1}; go(c, &k, "MPI_Alltoall", NULL, fill(c, s), fill(c, r));
    }
    DONE(rc_);
}

int MPI_Ialltoall(const void *sb, int sn, MPI_Datatype st, void *rb, int rn, MPI_Datatype rt, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Ialltoall");
    int rc_ = PMPI_Ialltoall(sb, sn, st, rb, rn, rt, c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    long long r = screc_bytes(rn, rt), s = IP(sb) ? r : screc_bytes(sn, st);
    coll k = {ALLTOALL, 0, s, 0, 0, 1}; go(c, &k, "MPI_Ialltoall", q, fill(c, s), fill(c, r));
    }
    DONE(rc_);
}

int MPI_Alltoallv(const void *sb, const int sc[], const int sd[], MPI_Datatype st, void *rb, const int rc[], const int rd[], MPI_Datatype rt, MPI_Comm c) {
    REC("MPI_Alltoallv");
    int rc_ = PMPI_Alltoallv(sb, sc, sd, st, rb, rc, rd, rt, c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {ALLTOALL, 0, 0, 0, 0, 0};
    go(c, &k, "MPI_Alltoallv", NULL, IP(sb) ? per(c, rc, rt) : per(c, sc, st), per(c, rc, rt));
    }
    DONE(rc_);
}

int MPI_Ialltoallv(const void *sb, const int sc[], const int sd[], MPI_Datatype st, void *rb, const int rc[], const int rd[], MPI_Datatype rt, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Ialltoallv");
    int rc_ = PMPI_Ialltoallv(sb, sc, sd, st, rb, rc, rd, rt, c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {ALLTOALL, 0, 0, 0, 0, 0};
    go(c, &k, "MPI_Ialltoallv", q, IP(sb) ? per(c, rc, rt) : per(c, sc, st), per(c, rc, rt));
    }
    DONE(rc_);
}

int MPI_Gather(const void *sb, int sn, MPI_Datatype st, void *rb, int rn, MPI_Datatype rt, int root, MPI_Comm c) {
    REC("MPI_Gather");
    int rc_ = PMPI_Gather(sb, sn, st, rb, rn, rt, root, c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    int root_ = me_in(c) == root;
    long long mine = IP(sb) ? screc_bytes(rn, rt) : screc_bytes(sn, st);
    coll k = {GATHER, root, mine, 0, 0, 1}; go(c, &k, "MPI_Gather", NULL, fill(c, mine), fill(c, root_ ? screc_bytes(rn, rt) : mine));
    }
    DONE(rc_);
}

int MPI_Igather(const void *sb, int sn, MPI_Datatype st, void *rb, int rn, MPI_Datatype rt, int root, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Igather");
    int rc_ = PMPI_Igather(sb, sn, st, rb, rn, rt, root, c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    int root_ = me_in(c) == root;
    long long mine = IP(sb) ? screc_bytes(rn, rt) : screc_bytes(sn, st);
    coll k = {GATHER, root, mine, 0, 0, 1}; go(c, &k, "MPI_Igather", q, fill(c, mine), fill(c, root_ ? screc_bytes(rn, rt) : mine));
    }
    DONE(rc_);
}

int MPI_Gatherv(const void *sb, int sn, MPI_Datatype st, void *rb, const int rc[], const int rd[], MPI_Datatype rt, int root, MPI_Comm c) {
    REC("MPI_Gatherv");
    int rc_ = PMPI_Gatherv(sb, sn, st, rb, rc, rd, rt, root, c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    int me = me_in(c), root_ = me == root;
    long long mine = IP(sb) ? screc_bytes(rc[me], rt) : screc_bytes(sn, st);
    coll k = {GATHER, root, mine, 0, 0, 0}; go(c, &k, "MPI_Gatherv", NULL, fill(c, mine), root_ ? per(c, rc, rt) : fill(c, 0));
    }
    DONE(rc_);
}

int MPI_Igatherv(const void *sb, int sn, MPI_Datatype st, void *rb, const int rc[], const int rd[], MPI_Datatype rt, int root, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Igatherv");
    int rc_ = PMPI_Igatherv(sb, sn, st, rb, rc, rd, rt, root, c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    int me = me_in(c), root_ = me == root;
    long long mine = IP(sb) ? screc_bytes(rc[me], rt) : screc_bytes(sn, st);
    coll k = {GATHER, root, mine, 0, 0, 0}; go(c, &k, "MPI_Igatherv", q, fill(c, mine), root_ ? per(c, rc, rt) : fill(c, 0));
    }
    DONE(rc_);
}

int MPI_Allgather(const void *sb, int sn, MPI_Datatype st, void *rb, int rn, MPI_Datatype rt, MPI_Comm c) {
    REC("MPI_Allgather");
    int rc_ = PMPI_Allgather(sb, sn, st, rb, rn, rt, c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    long long r = screc_bytes(rn, rt), mine = IP(sb) ? r : screc_bytes(sn, st);
    coll k = {ALLGATHER, 0, mine, 0, 0, 1}; go(c, &k, "MPI_Allgather", NULL, fill(c, mine), fill(c, r));
    }
    DONE(rc_);
}

int MPI_Iallgather(const void *sb, int sn, MPI_Datatype st, void *rb, int rn, MPI_Datatype rt, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Iallgather");
    int rc_ = PMPI_Iallgather(sb, sn, st, rb, rn, rt, c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    long long r = screc_bytes(rn, rt), mine = IP(sb) ? r : screc_bytes(sn, st);
    coll k = {ALLGATHER, 0, mine, 0, 0, 1}; go(c, &k, "MPI_Iallgather", q, fill(c, mine), fill(c, r));
    }
    DONE(rc_);
}

int MPI_Allgatherv(const void *sb, int sn, MPI_Datatype st, void *rb, const int rc[], const int rd[], MPI_Datatype rt, MPI_Comm c) {
    REC("MPI_Allgatherv");
    int rc_ = PMPI_Allgatherv(sb, sn, st, rb, rc, rd, rt, c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    long long mine = IP(sb) ? screc_bytes(rc[me_in(c)], rt) : screc_bytes(sn, st);
    coll k = {ALLGATHER, 0, mine, 0, 0, 0}; go(c, &k, "MPI_Allgatherv", NULL, fill(c, mine), per(c, rc, rt));
    }
    DONE(rc_);
}

int MPI_Iallgatherv(const void *sb, int sn, MPI_Datatype st, void *rb, const int rc[], const int rd[], MPI_Datatype rt, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Iallgatherv");
    int rc_ = PMPI_Iallgatherv(sb, sn, st, rb, rc, rd, rt, c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    long long mine = IP(sb) ? screc_bytes(rc[me_in(c)], rt) : screc_bytes(sn, st);
    coll k = {ALLGATHER, 0, mine, 0, 0, 0}; go(c, &k, "MPI_Iallgatherv", q, fill(c, mine), per(c, rc, rt));
    }
    DONE(rc_);
}

int MPI_Scatter(const void *sb, int sn, MPI_Datatype st, void *rb, int rn, MPI_Datatype rt, int root, MPI_Comm c) {
    REC("MPI_Scatter");
    int rc_ = PMPI_Scatter(sb, sn, st, rb, rn, rt, root, c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    int root_ = me_in(c) == root;
    long long mine = IP(rb) ? screc_bytes(sn, st) : screc_bytes(rn, rt);
    coll k = {SCATTER, root, mine, 0, 0, 1}; go(c, &k, "MPI_Scatter", NULL, fill(c, root_ ? screc_bytes(sn, st) : mine), fill(c, mine));
    }
    DONE(rc_);
}

int MPI_Iscatter(const void *sb, int sn, MPI_Datatype st, void *rb, int rn, MPI_Datatype rt, int root, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Iscatter");
    int rc_ = PMPI_Iscatter(sb, sn, st, rb, rn, rt, root, c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    int root_ = me_in(c) == root;
    long long mine = IP(rb) ? screc_bytes(sn, st) : screc_bytes(rn, rt);
    coll k = {SCATTER, root, mine, 0, 0, 1}; go(c, &k, "MPI_Iscatter", q, fill(c, root_ ? screc_bytes(sn, st) : mine), fill(c, mine));
    }
    DONE(rc_);
}

int MPI_Scatterv(const void *sb, const int sc[], const int sd[], MPI_Datatype st, void *rb, int rn, MPI_Datatype rt, int root, MPI_Comm c) {
    REC("MPI_Scatterv");
    int rc_ = PMPI_Scatterv(sb, sc, sd, st, rb, rn, rt, root, c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    int root_ = me_in(c) == root;
    long long mine = IP(rb) ? screc_bytes(sc[root], st) : screc_bytes(rn, rt);
    coll k = {SCATTER, root, mine, 0, 0, 0}; go(c, &k, "MPI_Scatterv", NULL, root_ ? per(c, sc, st) : fill(c, 0), fill(c, mine));
    }
    DONE(rc_);
}

int MPI_Iscatterv(const void *sb, const int sc[], const int sd[], MPI_Datatype st, void *rb, int rn, MPI_Datatype rt, int root, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Iscatterv");
    int rc_ = PMPI_Iscatterv(sb, sc, sd, st, rb, rn, rt, root, c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    int root_ = me_in(c) == root;
    long long mine = IP(rb) ? screc_bytes(sc[root], st) : screc_bytes(rn, rt);
    coll k = {SCATTER, root, mine, 0, 0, 0}; go(c, &k, "MPI_Iscatterv", q, root_ ? per(c, sc, st) : fill(c, 0), fill(c, mine));
    }
    DONE(rc_);
}

int MPI_Reduce_scatter(const void *sb, void *rb, const int rc[], MPI_Datatype t, MPI_Op op, MPI_Comm c) {
    REC("MPI_Reduce_scatter");
    int rc_ = PMPI_Reduce_scatter(sb, rb, rc, t, op, c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {REDSCAT, 0, 0, 0, 0, 0}; go(c, &k, "MPI_Reduce_scatter", NULL, NULL, per(c, rc, t));
    }
    DONE(rc_);
}

int MPI_Ireduce_scatter(const void *sb, void *rb, const int rc[], MPI_Datatype t, MPI_Op op, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Ireduce_scatter");
    int rc_ = PMPI_Ireduce_scatter(sb, rb, rc, t, op, c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {REDSCAT, 0, 0, 0, 0, 0}; go(c, &k, "MPI_Ireduce_scatter", q, NULL, per(c, rc, t));
    }
    DONE(rc_);
}

int MPI_Reduce_scatter_block(const void *sb, void *rb, int rn, MPI_Datatype t, MPI_Op op, MPI_Comm c) {
    REC("MPI_Reduce_scatter_block");
    int rc_ = PMPI_Reduce_scatter_block(sb, rb, rn, t, op, c);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {REDSCAT, 0, 0, 0, 0, 0}; go(c, &k, "MPI_Reduce_scatter_block", NULL, NULL, fill(c, screc_bytes(rn, t)));
    }
    DONE(rc_);
}

int MPI_Ireduce_scatter_block(const void *sb, void *rb, int rn, MPI_Datatype t, MPI_Op op, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Ireduce_scatter_block");
    int rc_ = PMPI_Ireduce_scatter_block(sb, rb, rn, t, op, c, q);
    if (rec_ && rc_ == MPI_SUCCESS) {
    coll k = {REDSCAT, 0, 0, 0, 0, 0}; go(c, &k, "MPI_Ireduce_scatter_block", q, NULL, fill(c, screc_bytes(rn, t)));
    }
    DONE(rc_);
}
