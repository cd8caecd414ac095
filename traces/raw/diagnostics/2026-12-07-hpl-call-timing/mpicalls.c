#include <mpi.h>
#include <stdint.h>
#include <time.h>
extern void sc_blas_add(int op,int ta,int tb,int side,int m,int n,int k,int lda,int ldb,int ldc,int64_t t0,int64_t dt);
static int64_t now2(void){ struct timespec ts; clock_gettime(CLOCK_MONOTONIC,&ts); return (int64_t)ts.tv_sec*1000000000LL+ts.tv_nsec; }
static int bytes(int c, MPI_Datatype t){ int s=0; PMPI_Type_size(t,&s); return c*s; }
int MPI_Send(const void*b,int c,MPI_Datatype t,int d,int tag,MPI_Comm cm){ int64_t t0=now2(); int r=PMPI_Send(b,c,t,d,tag,cm); sc_blas_add(9,0,0,0,bytes(c,t),d,tag,0,0,0,t0,now2()-t0); return r;}
int MPI_Ssend(const void*b,int c,MPI_Datatype t,int d,int tag,MPI_Comm cm){ int64_t t0=now2(); int r=PMPI_Ssend(b,c,t,d,tag,cm); sc_blas_add(9,1,0,0,bytes(c,t),d,tag,0,0,0,t0,now2()-t0); return r;}
int MPI_Recv(void*b,int c,MPI_Datatype t,int s,int tag,MPI_Comm cm,MPI_Status*st){ int64_t t0=now2(); int r=PMPI_Recv(b,c,t,s,tag,cm,st); sc_blas_add(10,0,0,0,bytes(c,t),s,tag,0,0,0,t0,now2()-t0); return r;}
int MPI_Iprobe(int s,int tag,MPI_Comm cm,int*f,MPI_Status*st){ int64_t t0=now2(); int r=PMPI_Iprobe(s,tag,cm,f,st); sc_blas_add(11,*f,0,0,0,s,tag,0,0,0,t0,now2()-t0); return r;}
int MPI_Isend(const void*b,int c,MPI_Datatype t,int d,int tag,MPI_Comm cm,MPI_Request*q){ int64_t t0=now2(); int r=PMPI_Isend(b,c,t,d,tag,cm,q); sc_blas_add(12,0,0,0,bytes(c,t),d,tag,0,0,0,t0,now2()-t0); return r;}
int MPI_Irecv(void*b,int c,MPI_Datatype t,int s,int tag,MPI_Comm cm,MPI_Request*q){ int64_t t0=now2(); int r=PMPI_Irecv(b,c,t,s,tag,cm,q); sc_blas_add(13,0,0,0,bytes(c,t),s,tag,0,0,0,t0,now2()-t0); return r;}
int MPI_Wait(MPI_Request*q,MPI_Status*st){ int64_t t0=now2(); int r=PMPI_Wait(q,st); sc_blas_add(14,0,0,0,0,0,0,0,0,0,t0,now2()-t0); return r;}
int MPI_Test(MPI_Request*q,int*f,MPI_Status*st){ int64_t t0=now2(); int r=PMPI_Test(q,f,st); sc_blas_add(15,*f,0,0,0,0,0,0,0,0,t0,now2()-t0); return r;}
