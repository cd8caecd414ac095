#include <mpi.h>
#include <stdio.h>
int main(int argc,char**argv){MPI_Init(&argc,&argv);int r,n;MPI_Comm_rank(MPI_COMM_WORLD,&r);MPI_Comm_size(MPI_COMM_WORLD,&n);
static char buf[100000];static double x[1000];MPI_Request rq[4];MPI_Status st;
for(volatile int i=0,j=0;i<1000000;i++)j+=i;
if(r==0){MPI_Send(buf,1000,MPI_CHAR,1,7,MPI_COMM_WORLD);MPI_Recv(buf,50000,MPI_CHAR,MPI_ANY_SOURCE,8,MPI_COMM_WORLD,&st);}
else if(r==1){MPI_Recv(buf,1000,MPI_CHAR,0,7,MPI_COMM_WORLD,&st);MPI_Send(buf,50000,MPI_CHAR,0,8,MPI_COMM_WORLD);}
MPI_Isend(buf,10,MPI_DOUBLE,(r+1)%n,3,MPI_COMM_WORLD,&rq[0]);MPI_Irecv(buf+1000,10,MPI_DOUBLE,(r+n-1)%n,3,MPI_COMM_WORLD,&rq[1]);
MPI_Waitall(2,rq,MPI_STATUSES_IGNORE);
MPI_Isend(buf,10,MPI_INT,(r+1)%n,5,MPI_COMM_WORLD,&rq[0]);MPI_Irecv(buf+1000,10,MPI_INT,(r+n-1)%n,5,MPI_COMM_WORLD,&rq[1]);
MPI_Wait(&rq[0],&st);int idx;MPI_Waitany(1,&rq[1],&idx,&st);
MPI_Barrier(MPI_COMM_WORLD);MPI_Bcast(x,100,MPI_DOUBLE,0,MPI_COMM_WORLD);
MPI_Reduce(x,x+100,10,MPI_DOUBLE,MPI_SUM,1,MPI_COMM_WORLD);MPI_Allreduce(x,x+100,10,MPI_DOUBLE,MPI_SUM,MPI_COMM_WORLD);
MPI_Alltoall(x,5,MPI_DOUBLE,x+100,5,MPI_DOUBLE,MPI_COMM_WORLD);
int sc[4]={1,2,3,4},sd[4]={0,1,3,6};int a2[4]={2,2,2,2},ad[4]={0,2,4,6};MPI_Alltoallv(x,a2,ad,MPI_DOUBLE,x+100,a2,ad,MPI_DOUBLE,MPI_COMM_WORLD);
MPI_Allgather(x,5,MPI_DOUBLE,x+100,5,MPI_DOUBLE,MPI_COMM_WORLD);
MPI_Allgatherv(x,r+1,MPI_DOUBLE,x+100,sc,sd,MPI_DOUBLE,MPI_COMM_WORLD);
MPI_Gather(x,5,MPI_DOUBLE,x+100,5,MPI_DOUBLE,2,MPI_COMM_WORLD);
MPI_Gatherv(x,r+1,MPI_DOUBLE,x+100,sc,sd,MPI_DOUBLE,0,MPI_COMM_WORLD);
MPI_Scatter(x,5,MPI_DOUBLE,x+100,5,MPI_DOUBLE,0,MPI_COMM_WORLD);
MPI_Scatterv(x,sc,sd,MPI_DOUBLE,x+100,r+1,MPI_DOUBLE,0,MPI_COMM_WORLD);
MPI_Reduce_scatter(x,x+100,sc,MPI_DOUBLE,MPI_SUM,MPI_COMM_WORLD);
MPI_Comm c2; MPI_Comm_split(MPI_COMM_WORLD,r%2,r,&c2); MPI_Bcast(x,3,MPI_DOUBLE,0,c2);
MPI_Comm c3; MPI_Comm_dup(MPI_COMM_WORLD,&c3); MPI_Barrier(c3);MPI_Comm_free(&c3);
int fl; MPI_Iprobe(MPI_ANY_SOURCE,MPI_ANY_TAG,MPI_COMM_WORLD,&fl,&st);
MPI_Sendrecv(x,4,MPI_DOUBLE,(r+1)%n,9,x+100,4,MPI_DOUBLE,(r+n-1)%n,9,MPI_COMM_WORLD,&st);
MPI_Isend(buf,10,MPI_INT,(r+1)%n,4,MPI_COMM_WORLD,&rq[0]);MPI_Irecv(buf+1000,10,MPI_INT,(r+n-1)%n,4,MPI_COMM_WORLD,&rq[1]);
MPI_Test(&rq[1],&fl,&st); MPI_Waitall(2,rq,MPI_STATUSES_IGNORE);
MPI_Finalize();}
