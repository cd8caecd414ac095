#include <stdio.h>
#include <stdlib.h>
#include <time.h>
extern void dgemm_(const char*,const char*,const int*,const int*,const int*,const double*,const double*,const int*,const double*,const int*,const double*,double*,const int*);
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
int main(int argc,char**argv){
  int k=64; int shapes[3][3]={{1800,3600,1808},{3600,1800,3600},{2546,2546,2546}};
  /* m,n,lda=ldc ; ldb = n (U^T stored n x k) */
  double *A=malloc(sizeof(double)*3600*3600), *B=malloc(sizeof(double)*3600*64), *C=malloc(sizeof(double)*3600*3600);
  for(long i=0;i<3600L*3600;i++){A[i]=1e-3*(i%7);C[i]=1.0;} for(long i=0;i<3600L*64;i++)B[i]=1e-3*(i%5);
  double one=1.0,m1=-1.0;
  for(int rep=0;rep<4;rep++) for(int s=0;s<3;s++){
    int m=shapes[s][0],n=shapes[s][1],ld=shapes[s][2],ldb=n;
    double t0=now(); dgemm_("N","T",&m,&n,&k,&m1,C,&ld,B,&ldb,&one,A,&ld); double t=now()-t0;
    printf("%s m=%d n=%d k=%d %.4f s %.3f Gflop/s\n",argv[1],m,n,k,t,2.0*m*n*k/t/1e9);
  }
  return 0;
}
