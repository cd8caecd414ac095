/*
 * libscrec: scalecast's PMPI interposition library (LD_PRELOAD). Shared declarations of the
 * recorder core (screc.c) and the wrappers (screc_p2p.c, screc_coll.c, screc_unsup.c).
 * Format and semantics: docs/trace.md.
 */
#ifndef SCREC_H
#define SCREC_H
#include <mpi.h>

/* TI datatype code of MPI_BYTE (SMPI's Datatype::encode): every size is written in bytes. */
#define SCREC_BYTE 6
/* tag of the point-to-point messages a sub-communicator collective is written as */
#define SCREC_COLL_TAG 32123

/* called on entry / exit of every wrapped call; enter() returns 0 when nested (not recorded); it reads the clocks
 * before any bookkeeping and exit() reads them last (docs/trace.md); a NULL name is not counted */
int screc_enter(const char *name);
void screc_exit(void);
/* a call counted as unsupported (also counted in counts) */
void screc_unsupported(const char *name);

/* appends one TI action line (without the rank prefix and newline), flushing the compute burst first */
void screc_emit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* reserves a line to be filled later (an irecv whose source is known at completion); returns its id */
long screc_reserve(void);
void screc_fill(long id, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* a reserved line that will never be filled and is not an irecv left incomplete (its call is counted otherwise) */
void screc_drop(long id);
/* emits several action lines separated by '\n' (a collective's plan) */
void screc_emit_lines(const char *lines);

int screc_world_rank(void);
int screc_world_size(void);
/* world rank of rank r of comm (MPI_PROC_NULL / MPI_ANY_SOURCE unchanged); SCREC_INTER for an intercommunicator */
#define SCREC_INTER (-999999)
int screc_to_world(MPI_Comm comm, int r);
/* 1 when comm spans every world rank (ranks may be permuted), 0 for a smaller one, -1 for an intercommunicator */
int screc_spans_world(MPI_Comm comm);
/* size of comm (local group) */
int screc_comm_size(MPI_Comm comm);
void screc_forget_comm(MPI_Comm comm);
long long screc_bytes(int count, MPI_Datatype t);

/* requests: kinds */
enum { REQ_SEND = 1, REQ_RECV = 2, REQ_NULLPEER = 3, REQ_COLL = 4 };
typedef struct {
    MPI_Request handle;
    int kind;
    MPI_Comm comm;   /* the communicator the request was posted on */
    int peer;        /* world rank (REQ_SEND: destination; REQ_RECV: source as posted) */
    int tag;
    long long bytes; /* posted size */
    long line;       /* REQ_RECV: reserved line of the irecv */
    char *coll;      /* REQ_COLL: the blocking action to write at completion */
} screc_req;
void screc_req_add(const screc_req *r);
/* removes and returns the entry of handle into *out; 0 if unknown */
int screc_req_take(MPI_Request handle, screc_req *out);
/* pending isend/irecv requests (the ones SMPI's waitall would wait for) */
int screc_req_pending_p2p(void);
/* writes what the completion of r (with status st) means; waited != 0: a wait, else a successful test */
void screc_complete(const screc_req *r, const MPI_Status *st, int waited);

/* a collective: kind, root (comm rank), bytes (its size where one size fits), sc / rc: bytes sent to /
 * received from each member in comm order (GATHER: sc[me] is what I send, rc what the root receives, zeros
 * elsewhere for the v-form; SCATTER symmetric), uniform: the non-v form */
enum { BARRIER, BCAST, REDUCE, ALLREDUCE, SCAN, EXSCAN, ALLTOALL, GATHER, ALLGATHER, SCATTER, REDSCAT };
typedef struct { int kind, root; long long bytes; const long long *sc, *rc; int uniform; } coll;
/* writes collective k on c now, or (q != NULL) when request *q completes */
void screc_coll(MPI_Comm c, const coll *k, const char *name, MPI_Request *q);
#endif
