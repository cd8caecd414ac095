/* Shared helpers of the scalecast C+MPI probes (header only: each probe is one program).
 * Output protocol, read by io.scalecast.probe: rank 0 writes "# key: value" info lines and
 * whitespace-separated record lines whose first word names the record kind. Errors go to
 * stderr as one line "sc_<probe>: error: ..." and the probe exits through MPI_Abort. */
#ifndef SC_COMMON_H
#define SC_COMMON_H

#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

static const char *sc_prog = "sc_probe";

static inline void sc_die(const char *msg, const char *arg) {
    fprintf(stderr, "%s: error: %s%s%s\n", sc_prog, msg, arg ? " " : "", arg ? arg : "");
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 2);
    exit(2);
}

/* Strict integer option value: the whole string must be a number >= min. */
static inline long sc_long(const char *s, long min) {
    char *end = NULL;
    long v = strtol(s, &end, 10);
    if (s[0] == '\0' || *end != '\0' || v < min) sc_die("bad integer option value", s);
    return v;
}

static inline double sc_double(const char *s, double min) {
    char *end = NULL;
    double v = strtod(s, &end);
    if (s[0] == '\0' || *end != '\0' || !(v >= min)) sc_die("bad numeric option value", s);
    return v;
}

/* Option parsing: "--name value" pairs only. */
static inline const char *sc_opt_value(int argc, char **argv, int *i) {
    if (*i + 1 >= argc) sc_die("missing value after", argv[*i]);
    *i += 1;
    return argv[*i];
}

static inline int sc_cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of a sorted array. */
static inline double sc_median_sorted(const double *v, int n) {
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Makes first-use costs of a message buffer untimed: the program writes every page (first touch), then the kernel
 * writes every page once (a read of /dev/zero). On some VMs the first kernel copy into a page, a socket receive or
 * Open MPI's copy between ranks, is several times slower than later ones even after the program wrote the page
 * (docs/measure.md, "Ping-pong buffers"). Leaves the buffer zeroed. */
static inline void sc_touch_pages(void *p, size_t bytes) {
    memset(p, 1, bytes);
    int fd = open("/dev/zero", O_RDONLY);
    for (size_t done = 0; fd >= 0 && done < bytes;) {
        size_t want = bytes - done < ((size_t)1 << 20) ? bytes - done : ((size_t)1 << 20);
        ssize_t got = read(fd, (char *)p + done, want);
        if (got <= 0) break;
        done += (size_t)got;
    }
    if (fd >= 0) close(fd);
}

/* A message buffer aligned to `align` (a power of two, at least sizeof(void *)), its pages prepared by sc_touch_pages. */
static inline void *sc_alloc_aligned(size_t bytes, size_t align) {
    void *p = NULL;
    if (bytes == 0) bytes = 64;
    if (posix_memalign(&p, align, bytes) != 0 || p == NULL) sc_die("cannot allocate buffer", NULL);
    sc_touch_pages(p, bytes);
    return p;
}

static inline void *sc_alloc(size_t bytes) { return sc_alloc_aligned(bytes, 4096); }

/* Info lines every probe prints: library version, processes, host names of ranks 0 and 1. */
static inline void sc_print_info(MPI_Comm comm) {
    int rank, size, len;
    char host[MPI_MAX_PROCESSOR_NAME];
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    MPI_Get_processor_name(host, &len);
    char *all = NULL;
    if (rank == 0) all = malloc((size_t)size * MPI_MAX_PROCESSOR_NAME);
    MPI_Gather(host, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0, comm);
    if (rank == 0) {
        char lib[MPI_MAX_LIBRARY_VERSION_STRING];
        int ll;
        MPI_Get_library_version(lib, &ll);
        char *nl = strchr(lib, '\n');
        if (nl) *nl = '\0';
        char *comma = strchr(lib, ',');
        if (comma) *comma = '\0';
        struct utsname u;
        uname(&u);
        printf("# mpi_library: %s\n", lib);
        printf("# procs: %d\n", size);
        printf("# uname: %s %s %s %s\n", u.sysname, u.nodename, u.release, u.machine);
        printf("# placement:");
        for (int r = 0; r < size; r++) printf(" %d@%s", r, all + (size_t)r * MPI_MAX_PROCESSOR_NAME);
        printf("\n");
        free(all);
    }
}

/* The calling thread's CPU time (user + system), seconds. */
static inline double sc_thread_cpu(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#endif
