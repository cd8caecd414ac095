#include <time.h>
#include <stdlib.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
int main(int c,char**v){double busy=atof(v[1])*1e-3, idle=atof(v[2])*1e-3, total=atof(v[3]);
 double end=now()+total; volatile double x=0;
 while(now()<end){double t0=now(); while(now()-t0<busy) x+=1; struct timespec s={0,(long)(idle*1e9)}; nanosleep(&s,0);} return 0;}
