#include <stdio.h>
#include <time.h>
#include <sys/prctl.h>
#include <sys/resource.h>
static double t(){struct timespec s;clock_gettime(CLOCK_MONOTONIC,&s);return s.tv_sec+1e-9*s.tv_nsec;}
int main(int c,char**v){prctl(PR_SET_TIMERSLACK,1000UL,0,0,0);
 long us[]={20,100,1000};
 for(int k=0;k<3;k++){struct timespec ts={0,us[k]*1000};int n=k==2?500:5000;
  struct rusage a,b;getrusage(RUSAGE_SELF,&a);double t0=t();for(int i=0;i<n;i++)nanosleep(&ts,0);double w=t()-t0;getrusage(RUSAGE_SELF,&b);
  double cpu=(b.ru_utime.tv_sec-a.ru_utime.tv_sec)+(b.ru_stime.tv_sec-a.ru_stime.tv_sec)+1e-6*((b.ru_utime.tv_usec-a.ru_utime.tv_usec)+(b.ru_stime.tv_usec-a.ru_stime.tv_usec));
  printf("sleep %ld us: actual %.1f us per sleep, cpu %.2f us per sleep\n",us[k],1e6*w/n,1e6*cpu/n);}
}
