#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>
#include <stddef.h>

typedef struct { uint8_t op, ta, tb, side; int32_t m, n, k, lda, ldb, ldc; int64_t t0, dt; } rec_t;
static rec_t *buf; static size_t nrec, cap;
static int64_t now(void){ struct timespec ts; clock_gettime(CLOCK_MONOTONIC,&ts); return (int64_t)ts.tv_sec*1000000000LL+ts.tv_nsec; }
void sc_blas_add(int op,int ta,int tb,int side,int m,int n,int k,int lda,int ldb,int ldc,int64_t t0,int64_t dt){
  if(nrec==cap){ cap=cap?cap*2:1<<16; buf=realloc(buf,cap*sizeof(rec_t)); if(!buf) abort(); }
  rec_t r={op,ta,tb,side,m,n,k,lda,ldb,ldc,t0,dt}; buf[nrec++]=r; }
__attribute__((destructor)) static void dump(void){
  const char *p=getenv("SC_BLAS_LOG"); if(!p||!nrec) return;
  char fn[512]; snprintf(fn,sizeof fn,"%s.%d.csv",p,(int)getpid()); FILE *f=fopen(fn,"w"); if(!f) return;
  static const char *names[]={"?","dgemm","dtrsm","dger","dgemv","dscal","idamax","dcopy","daxpy","send","recv","iprobe","isend","irecv","wait","test"};
  fprintf(f,"op,ta,tb,side,m,n,k,lda,ldb,ldc,t0_ns,dt_ns\n");
  for(size_t i=0;i<nrec;i++){ rec_t*r=&buf[i]; fprintf(f,"%s,%d,%d,%d,%d,%d,%d,%d,%d,%d,%lld,%lld\n",names[r->op],r->ta,r->tb,r->side,r->m,r->n,r->k,r->lda,r->ldb,r->ldc,(long long)r->t0,(long long)r->dt);} fclose(f); }
#define NEXT(T,name) static T fp; if(!fp) fp=(T)dlsym(RTLD_NEXT,#name)
void cblas_dgemm(int L,int TA,int TB,int M,int N,int K,double al,const double*A,int lda,const double*B,int ldb,double be,double*C,int ldc){
  typedef void(*F)(int,int,int,int,int,int,double,const double*,int,const double*,int,double,double*,int); NEXT(F,cblas_dgemm);
  int64_t t=now(); fp(L,TA,TB,M,N,K,al,A,lda,B,ldb,be,C,ldc); sc_blas_add(1,TA,TB,0,M,N,K,lda,ldb,ldc,t,now()-t);}
void cblas_dtrsm(int L,int S,int U,int TA,int D,int M,int N,double al,const double*A,int lda,double*B,int ldb){
  typedef void(*F)(int,int,int,int,int,int,int,double,const double*,int,double*,int); NEXT(F,cblas_dtrsm);
  int64_t t=now(); fp(L,S,U,TA,D,M,N,al,A,lda,B,ldb); sc_blas_add(2,TA,U,S,M,N,0,lda,ldb,0,t,now()-t);}
void cblas_dger(int L,int M,int N,double al,const double*X,int ix,const double*Y,int iy,double*A,int lda){
  typedef void(*F)(int,int,int,double,const double*,int,const double*,int,double*,int); NEXT(F,cblas_dger);
  int64_t t=now(); fp(L,M,N,al,X,ix,Y,iy,A,lda); sc_blas_add(3,0,0,0,M,N,1,lda,0,0,t,now()-t);}
void cblas_dgemv(int L,int TA,int M,int N,double al,const double*A,int lda,const double*X,int ix,double be,double*Y,int iy){
  typedef void(*F)(int,int,int,int,double,const double*,int,const double*,int,double,double*,int); NEXT(F,cblas_dgemv);
  int64_t t=now(); fp(L,TA,M,N,al,A,lda,X,ix,be,Y,iy); sc_blas_add(4,TA,0,0,M,N,1,lda,0,0,t,now()-t);}
void cblas_dscal(int N,double al,double*X,int ix){
  typedef void(*F)(int,double,double*,int); NEXT(F,cblas_dscal);
  int64_t t=now(); fp(N,al,X,ix); sc_blas_add(5,0,0,0,N,1,1,0,0,0,t,now()-t);}
size_t cblas_idamax(int N,const double*X,int ix){
  typedef size_t(*F)(int,const double*,int); NEXT(F,cblas_idamax);
  int64_t t=now(); size_t r=fp(N,X,ix); sc_blas_add(6,0,0,0,N,1,1,0,0,0,t,now()-t); return r;}
void cblas_dcopy(int N,const double*X,int ix,double*Y,int iy){
  typedef void(*F)(int,const double*,int,double*,int); NEXT(F,cblas_dcopy);
  int64_t t=now(); fp(N,X,ix,Y,iy); sc_blas_add(7,0,0,0,N,1,1,0,0,0,t,now()-t);}
void cblas_daxpy(int N,double al,const double*X,int ix,double*Y,int iy){
  typedef void(*F)(int,double,const double*,int,double*,int); NEXT(F,cblas_daxpy);
  int64_t t=now(); fp(N,al,X,ix,Y,iy); sc_blas_add(8,0,0,0,N,1,1,0,0,0,t,now()-t);}
