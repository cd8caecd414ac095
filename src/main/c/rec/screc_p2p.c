/*
 * libscrec: point-to-point, completion, probe and communicator wrappers (docs/trace.md).
 * Peers are written as MPI_COMM_WORLD ranks; an irecv's line is filled in when it completes, with
 * the source, tag and size the status reports (MPI_ANY_SOURCE / MPI_ANY_TAG resolved).
 */
#include "screc.h"
#include <stdlib.h>
#include <string.h>

#define REC(name) int rec_ = screc_enter(name)
#define DONE(rc) do { screc_exit(); return (rc); } while (0)

static int inter(int w, const char *name) {
    if (w == SCREC_INTER) screc_unsupported(name);
    return w == SCREC_INTER;
}

static void send_like(const char *name, const void *b, int n, MPI_Datatype t, int dst, int tag, MPI_Comm c) {
    (void)b;
    int w = screc_to_world(c, dst);
    if (w == MPI_PROC_NULL || inter(w, name)) return;
    screc_emit("send %d %d %lld %d", w, tag, screc_bytes(n, t), SCREC_BYTE);
}

int MPI_Send(const void *b, int n, MPI_Datatype t, int dst, int tag, MPI_Comm c) {
    REC("MPI_Send");
    int rc = PMPI_Send(b, n, t, dst, tag, c);
    if (rec_) send_like("MPI_Send(intercomm)", b, n, t, dst, tag, c);
    DONE(rc);
}

int MPI_Ssend(const void *b, int n, MPI_Datatype t, int dst, int tag, MPI_Comm c) {
    REC("MPI_Ssend");
    int rc = PMPI_Ssend(b, n, t, dst, tag, c);
    if (rec_) send_like("MPI_Ssend(intercomm)", b, n, t, dst, tag, c);
    DONE(rc);
}

int MPI_Rsend(const void *b, int n, MPI_Datatype t, int dst, int tag, MPI_Comm c) {
    REC("MPI_Rsend");
    int rc = PMPI_Rsend(b, n, t, dst, tag, c);
    if (rec_) send_like("MPI_Rsend(intercomm)", b, n, t, dst, tag, c);
    DONE(rc);
}

static void recv_done(const char *name, int src, MPI_Comm c, const MPI_Status *st) {
    if (src == MPI_PROC_NULL) return;
    int w = screc_to_world(c, st->MPI_SOURCE), n = 0;
    if (inter(w, name)) return;
    PMPI_Get_count(st, MPI_BYTE, &n);
    screc_emit("recv %d %d %d %d", w, st->MPI_TAG, n, SCREC_BYTE);
}

int MPI_Recv(void *b, int n, MPI_Datatype t, int src, int tag, MPI_Comm c, MPI_Status *status) {
    REC("MPI_Recv");
    MPI_Status st;
    int rc = PMPI_Recv(b, n, t, src, tag, c, &st);
    if (rec_) recv_done("MPI_Recv(intercomm)", src, c, &st);
    if (status != MPI_STATUS_IGNORE) *status = st;
    DONE(rc);
}

static void post(int kind, MPI_Request h, MPI_Comm c, int peer, int tag, long long bytes, const char *name) {
    screc_req r = {h, kind, c, screc_to_world(c, peer), tag, bytes, -1, NULL};
    if (inter(r.peer, name)) return;
    if (r.peer == MPI_PROC_NULL) r.kind = REQ_NULLPEER;
    else if (kind == REQ_SEND) screc_emit("isend %d %d %lld %d", r.peer, tag, bytes, SCREC_BYTE);
    else r.line = screc_reserve();
    screc_req_add(&r);
}

#define ISEND(NAME, PNAME)                                                                             \
    int NAME(const void *b, int n, MPI_Datatype t, int dst, int tag, MPI_Comm c, MPI_Request *q) {     \
        REC(#NAME);                                                                                    \
        int rc = PNAME(b, n, t, dst, tag, c, q);                                                       \
        if (rec_ && rc == MPI_SUCCESS) post(REQ_SEND, *q, c, dst, tag, screc_bytes(n, t), #NAME "(intercomm)"); \
        DONE(rc);                                                                                      \
    }
ISEND(MPI_Isend, PMPI_Isend)
ISEND(MPI_Issend, PMPI_Issend)
ISEND(MPI_Irsend, PMPI_Irsend)

int MPI_Irecv(void *b, int n, MPI_Datatype t, int src, int tag, MPI_Comm c, MPI_Request *q) {
    REC("MPI_Irecv");
    int rc = PMPI_Irecv(b, n, t, src, tag, c, q);
    if (rec_ && rc == MPI_SUCCESS) post(REQ_RECV, *q, c, src, tag, screc_bytes(n, t), "MPI_Irecv(intercomm)");
    DONE(rc);
}

void screc_complete(const screc_req *r, const MPI_Status *st, int waited) {
    (void)waited; /* a successful test is the same event as a wait: the request completed here */
    int me = screc_world_rank(), n = 0;
    if (r->kind == REQ_SEND) {
        screc_emit("wait %d %d %d", me, r->peer, r->tag);
    } else if (r->kind == REQ_RECV) {
        int src = screc_to_world(r->comm, st->MPI_SOURCE);
        PMPI_Get_count(st, MPI_BYTE, &n);
        screc_fill(r->line, "irecv %d %d %d %d", src, st->MPI_TAG, n, SCREC_BYTE);
        screc_emit("wait %d %d %d", src, me, st->MPI_TAG);
    } else if (r->kind == REQ_COLL) {
        screc_emit_lines(r->coll);
        free(r->coll);
    }
}

/* completes the recorded requests hs[i] for which done[i] (statuses st) */
static void complete_many(int n, const MPI_Request *hs, const MPI_Status *st, const int *done, int all) {
    screc_req *rs = calloc((size_t)n + 1, sizeof *rs);
    int k = 0, p2p = 0, pending = screc_req_pending_p2p();
    for (int i = 0; i < n; i++)
        if (done[i] && hs[i] != MPI_REQUEST_NULL && screc_req_take(hs[i], &rs[i])) {
            k++;
            if (rs[i].kind == REQ_SEND || rs[i].kind == REQ_RECV) p2p++;
        }
    int waitall = all && p2p == pending && p2p == k && k > 1;
    int me = screc_world_rank();
    for (int i = 0; i < n; i++) {
        if (!rs[i].kind) continue;
        if (!waitall) { screc_complete(&rs[i], &st[i], 1); continue; }
        if (rs[i].kind == REQ_RECV) { /* fill the irecv lines; SMPI's waitall then waits for all */
            int nb = 0;
            PMPI_Get_count(&st[i], MPI_BYTE, &nb);
            screc_fill(rs[i].line, "irecv %d %d %d %d", screc_to_world(rs[i].comm, st[i].MPI_SOURCE),
                       st[i].MPI_TAG, nb, SCREC_BYTE);
        }
    }
    (void)me;
    if (waitall) screc_emit("waitall %d", k);
    free(rs);
}

int MPI_Wait(MPI_Request *q, MPI_Status *status) {
    REC("MPI_Wait");
    MPI_Request h = *q;
    MPI_Status st;
    int rc = PMPI_Wait(q, &st);
    screc_req r;
    if (rec_ && h != MPI_REQUEST_NULL && screc_req_take(h, &r)) screc_complete(&r, &st, 1);
    if (status != MPI_STATUS_IGNORE) *status = st;
    DONE(rc);
}

int MPI_Test(MPI_Request *q, int *flag, MPI_Status *status) {
    REC("MPI_Test");
    MPI_Request h = *q;
    MPI_Status st;
    int rc = PMPI_Test(q, flag, &st);
    screc_req r;
    if (rec_ && *flag && h != MPI_REQUEST_NULL && screc_req_take(h, &r)) screc_complete(&r, &st, 0);
    if (status != MPI_STATUS_IGNORE) *status = st;
    DONE(rc);
}

/*
 * MPI_Request_free of a send request: TI has no free and SMPI's replay pairs every isend with a wait, so the
 * isend's wait is written here (exact for an eager send, which completes at once in a replay; a rendezvous-size
 * send waits there for its receiver). Freeing a receive or a (non-blocking) collective request leaves an event
 * that cannot be written (the irecv's source, the collective): counted as unsupported.
 */
int MPI_Request_free(MPI_Request *q) {
    REC("MPI_Request_free");
    MPI_Request h = *q;
    screc_req r;
    int rc = PMPI_Request_free(q); /* a refused free (Open MPI refuses an active collective's) leaves the request */
    if (rec_ && rc == MPI_SUCCESS && h != MPI_REQUEST_NULL && screc_req_take(h, &r)) {
        if (r.kind == REQ_SEND) screc_complete(&r, NULL, 1);
        else if (r.kind == REQ_RECV) {
            screc_unsupported("MPI_Request_free(receive)");
            screc_drop(r.line);
        } else if (r.kind == REQ_COLL) {
            screc_unsupported("MPI_Request_free(collective)");
            free(r.coll);
        }
    }
    DONE(rc);
}

static MPI_Request *copy(int n, const MPI_Request *q) {
    MPI_Request *h = malloc(sizeof *h * ((size_t)n + 1));
    memcpy(h, q, sizeof *h * (size_t)n);
    return h;
}

static void finish_all(int n, MPI_Request *h, MPI_Status *st, MPI_Status *user, int all) {
    int *done = malloc(sizeof(int) * ((size_t)n + 1));
    for (int i = 0; i < n; i++) done[i] = 1;
    complete_many(n, h, st, done, all);
    if (user != MPI_STATUSES_IGNORE) memcpy(user, st, sizeof *st * (size_t)n);
    free(done);
}

int MPI_Waitall(int n, MPI_Request q[], MPI_Status sts[]) {
    REC("MPI_Waitall");
    MPI_Request *h = copy(n, q);
    MPI_Status *st = malloc(sizeof *st * ((size_t)n + 1));
    int rc = PMPI_Waitall(n, q, st);
    if (rec_) finish_all(n, h, st, MPI_STATUSES_IGNORE, 1);
    if (sts != MPI_STATUSES_IGNORE) memcpy(sts, st, sizeof *st * (size_t)n);
    free(h);
    free(st);
    DONE(rc);
}

int MPI_Testall(int n, MPI_Request q[], int *flag, MPI_Status sts[]) {
    REC("MPI_Testall");
    MPI_Request *h = copy(n, q);
    MPI_Status *st = malloc(sizeof *st * ((size_t)n + 1));
    int rc = PMPI_Testall(n, q, flag, st);
    if (rec_ && *flag) finish_all(n, h, st, MPI_STATUSES_IGNORE, 0);
    if (sts != MPI_STATUSES_IGNORE && *flag) memcpy(sts, st, sizeof *st * (size_t)n);
    free(h);
    free(st);
    DONE(rc);
}

static void one_of(int n, MPI_Request *h, int idx, const MPI_Status *st) {
    screc_req r;
    if (idx != MPI_UNDEFINED && idx >= 0 && idx < n && screc_req_take(h[idx], &r)) screc_complete(&r, st, 1);
}

int MPI_Waitany(int n, MPI_Request q[], int *idx, MPI_Status *status) {
    REC("MPI_Waitany");
    MPI_Request *h = copy(n, q);
    MPI_Status st;
    int rc = PMPI_Waitany(n, q, idx, &st);
    if (rec_) one_of(n, h, *idx, &st);
    if (status != MPI_STATUS_IGNORE) *status = st;
    free(h);
    DONE(rc);
}

int MPI_Testany(int n, MPI_Request q[], int *idx, int *flag, MPI_Status *status) {
    REC("MPI_Testany");
    MPI_Request *h = copy(n, q);
    MPI_Status st;
    int rc = PMPI_Testany(n, q, idx, flag, &st);
    if (rec_ && *flag) one_of(n, h, *idx, &st);
    if (status != MPI_STATUS_IGNORE) *status = st;
    free(h);
    DONE(rc);
}

static int some(int (*f)(int, MPI_Request *, int *, int *, MPI_Status *), const char *name, int n, MPI_Request q[],
                int *out, int idx[], MPI_Status sts[]) {
    REC(name);
    MPI_Request *h = copy(n, q);
    MPI_Status *st = malloc(sizeof *st * ((size_t)n + 1));
    int rc = f(n, q, out, idx, st);
    if (rec_ && *out != MPI_UNDEFINED)
        for (int k = 0; k < *out; k++) one_of(n, h, idx[k], &st[k]);
    if (sts != MPI_STATUSES_IGNORE && *out != MPI_UNDEFINED) memcpy(sts, st, sizeof *st * (size_t)*out);
    free(h);
    free(st);
    DONE(rc);
}

int MPI_Waitsome(int n, MPI_Request q[], int *out, int idx[], MPI_Status sts[]) {
    return some(PMPI_Waitsome, "MPI_Waitsome", n, q, out, idx, sts);
}

int MPI_Testsome(int n, MPI_Request q[], int *out, int idx[], MPI_Status sts[]) {
    return some(PMPI_Testsome, "MPI_Testsome", n, q, out, idx, sts);
}

/*
 * MPI_Sendrecv is an irecv, an isend and the two waits (MPI 3.1 §3.10). SMPI's sendRecv action sends and
 * receives with tag 0, which only matches another sendRecv, so the recorder writes the four actions with
 * the real tags (a side with MPI_PROC_NULL is left out).
 */
static void sendrecv_done(long long sb, int dst, int stag, int src, MPI_Comm c, const MPI_Status *st) {
    int d = screc_to_world(c, dst), s = src == MPI_PROC_NULL ? MPI_PROC_NULL : screc_to_world(c, st->MPI_SOURCE);
    if (inter(d, "MPI_Sendrecv(intercomm)") || inter(s, "MPI_Sendrecv(intercomm)")) return;
    int rb = 0, me = screc_world_rank();
    if (s != MPI_PROC_NULL) {
        PMPI_Get_count(st, MPI_BYTE, &rb);
        screc_emit("irecv %d %d %d %d", s, st->MPI_TAG, rb, SCREC_BYTE);
    }
    if (d != MPI_PROC_NULL) screc_emit("isend %d %d %lld %d", d, stag, sb, SCREC_BYTE);
    if (s != MPI_PROC_NULL) screc_emit("wait %d %d %d", s, me, st->MPI_TAG);
    if (d != MPI_PROC_NULL) screc_emit("wait %d %d %d", me, d, stag);
}

int MPI_Sendrecv(const void *sb, int sn, MPI_Datatype stp, int dst, int stag, void *rb, int rn, MPI_Datatype rtp,
                 int src, int rtag, MPI_Comm c, MPI_Status *status) {
    REC("MPI_Sendrecv");
    MPI_Status st;
    int rc = PMPI_Sendrecv(sb, sn, stp, dst, stag, rb, rn, rtp, src, rtag, c, &st);
    if (rec_) sendrecv_done(screc_bytes(sn, stp), dst, stag, src, c, &st);
    if (status != MPI_STATUS_IGNORE) *status = st;
    DONE(rc);
}

int MPI_Sendrecv_replace(void *b, int n, MPI_Datatype t, int dst, int stag, int src, int rtag, MPI_Comm c,
                         MPI_Status *status) {
    REC("MPI_Sendrecv_replace");
    MPI_Status st;
    int rc = PMPI_Sendrecv_replace(b, n, t, dst, stag, src, rtag, c, &st);
    if (rec_) sendrecv_done(screc_bytes(n, t), dst, stag, src, c, &st);
    if (status != MPI_STATUS_IGNORE) *status = st;
    DONE(rc);
}

/* probes write nothing: the receive that follows is the event (docs/trace.md) */
int MPI_Probe(int src, int tag, MPI_Comm c, MPI_Status *status) {
    REC("MPI_Probe");
    (void)rec_;
    int rc = PMPI_Probe(src, tag, c, status);
    DONE(rc);
}

int MPI_Iprobe(int src, int tag, MPI_Comm c, int *flag, MPI_Status *status) {
    REC("MPI_Iprobe");
    (void)rec_;
    int rc = PMPI_Iprobe(src, tag, c, flag, status);
    DONE(rc);
}

#define NEWCOMM(NAME, ACTION, CALL, ...)                  \
    int NAME(__VA_ARGS__) {                               \
        REC(#NAME);                                       \
        int rc = CALL;                                    \
        if (rec_) screc_emit(ACTION);                     \
        DONE(rc);                                         \
    }
NEWCOMM(MPI_Comm_split, "comm_split", PMPI_Comm_split(c, color, key, out), MPI_Comm c, int color, int key,
        MPI_Comm *out)
NEWCOMM(MPI_Comm_dup, "comm_dup", PMPI_Comm_dup(c, out), MPI_Comm c, MPI_Comm *out)
NEWCOMM(MPI_Comm_create, "comm_split", PMPI_Comm_create(c, g, out), MPI_Comm c, MPI_Group g, MPI_Comm *out)
NEWCOMM(MPI_Comm_split_type, "comm_split", PMPI_Comm_split_type(c, type, key, info, out), MPI_Comm c, int type,
        int key, MPI_Info info, MPI_Comm *out)
NEWCOMM(MPI_Cart_create, "comm_split", PMPI_Cart_create(c, nd, dims, periods, reorder, out), MPI_Comm c, int nd,
        const int dims[], const int periods[], int reorder, MPI_Comm *out)
NEWCOMM(MPI_Cart_sub, "comm_split", PMPI_Cart_sub(c, remain, out), MPI_Comm c, const int remain[], MPI_Comm *out)

int MPI_Comm_free(MPI_Comm *c) {
    REC("MPI_Comm_free");
    (void)rec_;
    screc_forget_comm(*c);
    int rc = PMPI_Comm_free(c);
    DONE(rc);
}

int MPI_Comm_rank(MPI_Comm c, int *r) {
    REC("MPI_Comm_rank");
    (void)rec_;
    int rc = PMPI_Comm_rank(c, r);
    DONE(rc);
}

int MPI_Comm_size(MPI_Comm c, int *n) {
    REC("MPI_Comm_size");
    (void)rec_;
    int rc = PMPI_Comm_size(c, n);
    DONE(rc);
}
