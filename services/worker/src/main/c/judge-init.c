/*
 * judge-init: process 1 of one sandbox (a bubblewrap namespace set), started ahead of time by the
 * worker's sandbox pool so that creating namespaces is off the critical path of a run.
 *
 * It reads run requests on stdin and answers each on stdout, one at a time:
 *
 *   request: NUL-terminated "key=value" strings, ended by an empty string
 *            cpu_ms data_bytes nproc fsize_bytes nofile   (0 = no such rlimit)
 *            wall_ms      the run's own clock limit: time it runs, sleeps or blocks, but not time its
 *                         tasks wait for a CPU that others hold (see "The run's own clock" below)
 *            wall_max_ms  the real clock's limit, at which a run still under wall_ms by its own clock
 *                         is stopped as starved (0 = wall_ms: every wait counts)
 *            stack_bytes stack_max_bytes  RLIMIT_STACK's soft and hard limits (0 = as inherited)
 *            disk_bytes disk_files  what the run may keep in its writable folders (/box, /tmp,
 *                                   /dev/shm) and in files it holds open but unlinked (0 = no limit)
 *            stdin stdout stderr                                    (paths inside the sandbox)
 *            stdout_first=1   open stdout before stdin: when both are FIFOs shared with another
 *                             sandbox, one side must, or each waits for the other forever
 *            fd=N:r:path, fd=N:w:path (repeated)  a further file the program finds open as descriptor
 *                             N (3..MAX_FDS+2), for reading or writing: the FIFOs to the instances of a
 *                             communication task. Opened in the order given, after the three streams,
 *                             so that the worker chooses an order in which no two sandboxes wait for each other;
 *                             a path that is the stdin (r) or stdout (w) given is that stream, duplicated
 *            arg (repeated: the command, looked up on PATH)
 *   reply:   "exit=N signal=N cpu_us=N wall_us=N maxrss_kb=N timed_out=0|1 exec_errno=N disk_exceeded=0|1
 *             cpu_wait_us=N starved=0|1 ended_ns=N\n"
 *            cpu_us: every process of the run, those killed with it included; wall_us: the real clock;
 *            ended_ns: when it was seen to end, by CLOCK_MONOTONIC (one clock for every sandbox of the
 *            machine: which of two runs that talked ended first, which their wall_us cannot tell);
 *            cpu_wait_us: what the run's own clock did not count; timed_out: its own clock ran out;
 *            starved: the real clock ran out first
 *
 *   or the request "reset=1": removes the System V IPC objects runs created (the worker wipes the
 *   writable folders itself), so that the sandbox can serve another submission; reply "reset\n".
 *
 * After every run it kills every other process in the namespace, so nothing a program leaves
 * behind survives into the next run, and the worker can read what the run wrote knowing that no
 * process of the run is left to swap a file under it. While a run lasts it measures, every
 * WATCH_MS and at the end, what the run keeps on disk, and kills it past its disk limit: a
 * file size limit alone lets a program fill the worker's volume with many files under it. Its one
 * argument is the niceness it and every program it starts run at (within the sandbox's own session,
 * and so, where the kernel has autogroups, relative to the run's own processes only). When stdin
 * closes it exits, and the kernel kills whatever is left in the namespace with it.
 *
 * The run's own clock: a machine busy with other work makes a program wait for a CPU, and that wait
 * must not become its TIME_LIMIT_EXCEEDED. Every WATCH_MS it reads each task's CPU time and run-queue
 * delay (/proc/<pid>/task/<tid>/schedstat: the kernel's time spent runnable but not running) and
 * counts as the run's own time the real time less that delay, never less than the CPU time the run
 * used (its own threads queueing behind each other cannot make it faster than that). Sleeping and
 * blocking count. The real clock bounds what a run can gain this way at wall_max_ms.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_REQUEST 65536
#define MAX_ARGS 256
/* Variables a language's commands need (PATH, HOME...), set over the sandbox's own. */
#define MAX_ENV 64
/* How often a run's clock and disk are looked at. */
#define WATCH_MS 50
/* Descriptors a run may be given beyond its three streams (two for each instance it talks to). */
#define MAX_FDS 64
/* Tasks whose CPU time and waits are followed at once (a run has at most its pids limit alive). */
#define MAX_TASKS 1024

struct request {
    int reset, stdout_first;
    long cpu_ms, wall_ms, wall_max_ms, data_bytes, stack_bytes, stack_max_bytes, nproc, fsize_bytes, nofile, disk_bytes, disk_files;
    const char *in, *out, *err;
    char *argv[MAX_ARGS + 1];
    int argc;
    char *env[MAX_ENV];
    int envc;
    struct { int fd, write; const char *path; } fds[MAX_FDS];
    int fdc;
};

static char buffer[MAX_REQUEST];

/* Reads one request; returns 0 at end of input, -1 on a malformed one. */
static int read_request(struct request *r) {
    size_t used = 0;
    memset(r, 0, sizeof *r);
    for (;;) {
        int c = getchar();
        if (c == EOF) return used == 0 ? 0 : -1;
        if (used == sizeof buffer) return -1;
        buffer[used++] = (char) c;
        if (c == '\0' && (used == 1 || buffer[used - 2] == '\0')) break;
    }
    for (char *field = buffer; *field; field += strlen(field) + 1) {
        char *value = strchr(field, '=');
        if (!value) return -1;
        *value++ = '\0';
        if (!strcmp(field, "reset")) r->reset = 1;
        else if (!strcmp(field, "cpu_ms")) r->cpu_ms = atol(value);
        else if (!strcmp(field, "wall_ms")) r->wall_ms = atol(value);
        else if (!strcmp(field, "wall_max_ms")) r->wall_max_ms = atol(value);
        else if (!strcmp(field, "data_bytes")) r->data_bytes = atol(value);
        else if (!strcmp(field, "stack_bytes")) r->stack_bytes = atol(value);
        else if (!strcmp(field, "stack_max_bytes")) r->stack_max_bytes = atol(value);
        else if (!strcmp(field, "nproc")) r->nproc = atol(value);
        else if (!strcmp(field, "fsize_bytes")) r->fsize_bytes = atol(value);
        else if (!strcmp(field, "nofile")) r->nofile = atol(value);
        else if (!strcmp(field, "disk_bytes")) r->disk_bytes = atol(value);
        else if (!strcmp(field, "disk_files")) r->disk_files = atol(value);
        else if (!strcmp(field, "stdin")) r->in = value;
        else if (!strcmp(field, "stdout")) r->out = value;
        else if (!strcmp(field, "stderr")) r->err = value;
        else if (!strcmp(field, "stdout_first")) r->stdout_first = atoi(value);
        else if (!strcmp(field, "arg") && r->argc < MAX_ARGS) r->argv[r->argc++] = value;
        else if (!strcmp(field, "env") && r->envc < MAX_ENV && strchr(value, '=')) r->env[r->envc++] = value;
        else if (!strcmp(field, "fd") && r->fdc < MAX_FDS) {
            char *mode = strchr(value, ':');
            int fd = atoi(value);
            if (!mode || fd < 3 || fd >= 3 + MAX_FDS || (mode[1] != 'r' && mode[1] != 'w') || mode[2] != ':') return -1;
            r->fds[r->fdc].fd = fd;
            r->fds[r->fdc].write = mode[1] == 'w';
            r->fds[r->fdc].path = mode + 3;
            r->fdc++;
        }
        else return -1;
        value[-1] = '=';  /* keep the buffer walkable */
    }
    if (r->reset) return 2;
    if (r->wall_max_ms < r->wall_ms) r->wall_max_ms = r->wall_ms;
    return r->argc > 0 && r->in && r->out && r->err && r->wall_ms > 0 ? 1 : -1;
}

static void limit(int resource, long value) {
    if (value <= 0) return;
    struct rlimit rl = { (rlim_t) value, (rlim_t) value };
    if (setrlimit(resource, &rl) != 0) _exit(126);
}

/* Never through a link: a program may have left one where a stream's file was. */
static void redirect(const char *path, int fd, int flags) {
    int opened = open(path, flags | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (opened < 0) _exit(126);
    if (opened == fd) {  /* already where it goes: only the close-on-exec flag must go */
        if (fcntl(fd, F_SETFD, 0) < 0) _exit(126);
        return;
    }
    if (dup2(opened, fd) < 0) _exit(126);
    close(opened);
}

/*
 * Ends of the run's FIFOs that we hold ourselves until we have seen the run end, as problemtools'
 * interactive runner does with its pipes: the program on the other side then reads end-of-file, or
 * dies writing, only once this run's end is stamped, never before, so that which of two runs that
 * talked ended first is what their ended_ns say. The same end as the run's (a writer on what it
 * writes, a reader on what it reads), taken once the run has opened its own and before it starts
 * (a FIFO's open waits for the other side's: a held end taken sooner would stand in for the
 * program's, and a peer could find this run over before it had opened anything); closed on exec,
 * so no program ever holds one.
 */
static int held[3 + MAX_FDS];
static int held_count;

static void hold(const char *path, int write) {
    int at = open(path, O_PATH | O_NOFOLLOW | O_CLOEXEC);
    if (at < 0) return;  /* the run's own open reports it */
    struct stat seen;
    char self[64];
    if (fstat(at, &seen) == 0 && S_ISFIFO(seen.st_mode) && held_count < (int) (sizeof held / sizeof *held)) {
        /* Read-write never waits for a peer; the end we keep is then opened beside it, and it closed. */
        snprintf(self, sizeof self, "/proc/self/fd/%d", at);
        int both = open(self, O_RDWR | O_NONBLOCK | O_CLOEXEC);
        if (both >= 0) {
            snprintf(self, sizeof self, "/proc/self/fd/%d", both);
            int end = open(self, (write ? O_WRONLY : O_RDONLY) | O_NONBLOCK | O_CLOEXEC);
            if (end >= 0) held[held_count++] = end;
            close(both);
        }
    }
    close(at);
}

static int is_fifo(const char *path) {
    struct stat seen;
    return lstat(path, &seen) == 0 && S_ISFIFO(seen.st_mode);
}

static int has_fifos(const struct request *r) {
    int any = is_fifo(r->in) || is_fifo(r->out);
    for (int i = 0; i < r->fdc; i++) any = any || is_fifo(r->fds[i].path);
    return any;
}

static void hold_fifos(const struct request *r) {
    hold(r->in, 0);
    hold(r->out, 1);
    for (int i = 0; i < r->fdc; i++) hold(r->fds[i].path, r->fds[i].write);
}

static void release_fifos(void) {
    while (held_count > 0) close(held[--held_count]);
}

/* A descriptor of ours moved above every descriptor a run may be given, so that none lands on it. */
static int above_the_run(int fd) {
    if (fd < 0) return fd;
    int high = fcntl(fd, F_DUPFD_CLOEXEC, 3 + MAX_FDS);
    if (high < 0) _exit(126);
    close(fd);
    return high;
}

/*
 * The kernel's keyrings outlive every process of a run: a key a program adds to its user keyring is
 * still there for the next submission this sandbox serves (its user namespace lives on), and no reset
 * can list another uid's keys to remove them. No judged program needs a keyring, so the three calls
 * that reach one (add_key, request_key, keyctl) fail with EPERM, by a seccomp filter installed just
 * before exec (inherited by every process of the run, and not removable: no_new_privs is set). Calls of
 * another architecture's ABI (x32, i386 through int 0x80), where these calls have other numbers, fail
 * the same way.
 */
#if defined(__x86_64__)
#define NATIVE_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define NATIVE_AUDIT_ARCH AUDIT_ARCH_AARCH64
#else
#error "judge-init's keyring filter knows x86_64 and aarch64"
#endif
static int refuse_keyrings(void) {
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NATIVE_AUDIT_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#if defined(__x86_64__)
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000 /* __X32_SYSCALL_BIT */, 3, 0),
#else
        BPF_JUMP(BPF_JMP | BPF_JA, 0, 0, 0),
#endif
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_add_key, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_request_key, 1, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_keyctl, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = { .len = sizeof filter / sizeof filter[0], .filter = filter };
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program);
}

/*
 * In the child: limits, files, then the program. Reports a failed exec through report_fd. Where the
 * run talks through FIFOs, says on opened_fd that it has opened them and waits on go_fd (-1: neither).
 */
static void start_program(const struct request *r, int report_fd, int opened_fd, int go_fd) {
    signal(SIGPIPE, SIG_DFL);
    /* Opening a FIFO blocks until its other end is opened; the wall clock already runs. */
    if (r->stdout_first) redirect(r->out, STDOUT_FILENO, O_WRONLY | O_CREAT | O_TRUNC);
    redirect(r->in, STDIN_FILENO, O_RDONLY);
    if (!r->stdout_first) redirect(r->out, STDOUT_FILENO, O_WRONLY | O_CREAT | O_TRUNC);
    redirect(r->err, STDERR_FILENO, O_WRONLY | O_CREAT | O_TRUNC);
    report_fd = above_the_run(report_fd);
    opened_fd = above_the_run(opened_fd);
    go_fd = above_the_run(go_fd);
    for (int i = 0; i < r->fdc; i++) {
        int write = r->fds[i].write;
        /* A stream's own FIFO is that stream again: opened a second time, it would wait for a peer
           that may have ended already (a program that exits at once), and the run with it. */
        if (!strcmp(r->fds[i].path, write ? r->out : r->in)) {
            if (dup2(write ? STDOUT_FILENO : STDIN_FILENO, r->fds[i].fd) < 0) _exit(126);
        } else {
            redirect(r->fds[i].path, r->fds[i].fd, write ? O_WRONLY : O_RDONLY);
        }
    }
    if (opened_fd >= 0) {
        char byte = 1;
        if (write(opened_fd, &byte, 1) != 1 || read(go_fd, &byte, 1) != 1) _exit(126);
        close(opened_fd);
        close(go_fd);
    }
    /* CPU: SIGXCPU one second past the limit (rounded up), SIGKILL a second later; the worker
       compares the measured CPU time with the exact limit. */
    if (r->cpu_ms > 0) {
        struct rlimit rl = { (rlim_t) (r->cpu_ms + 999) / 1000 + 1, (rlim_t) (r->cpu_ms + 999) / 1000 + 2 };
        if (setrlimit(RLIMIT_CPU, &rl) != 0) _exit(126);
    }
    limit(RLIMIT_DATA, r->data_bytes);
    /* The stack is not in RLIMIT_DATA, and a program may raise its soft limit up to the hard one.
       A hard limit can only be lowered here: never above the one inherited. */
    struct rlimit stack;
    if (r->stack_bytes > 0 && r->stack_max_bytes >= r->stack_bytes && getrlimit(RLIMIT_STACK, &stack) == 0) {
        if (stack.rlim_max == RLIM_INFINITY || (rlim_t) r->stack_max_bytes < stack.rlim_max)
            stack.rlim_max = (rlim_t) r->stack_max_bytes;
        stack.rlim_cur = (rlim_t) r->stack_bytes < stack.rlim_max ? (rlim_t) r->stack_bytes : stack.rlim_max;
        if (setrlimit(RLIMIT_STACK, &stack) != 0) _exit(126);
    }
    limit(RLIMIT_NPROC, r->nproc);
    limit(RLIMIT_FSIZE, r->fsize_bytes);
    limit(RLIMIT_NOFILE, r->nofile);
    struct rlimit none = { 0, 0 };
    setrlimit(RLIMIT_CORE, &none);
    /* POSIX message queues would outlive the run in this IPC namespace, unseen by the reset. */
    setrlimit(RLIMIT_MSGQUEUE, &none);
    /* Nothing of ours stays open in the program but its descriptors and the exec report pipe (closed on exec). */
    int given[3 + MAX_FDS] = { 0 };
    for (int i = 0; i < r->fdc; i++) given[r->fds[i].fd] = 1;
    for (int fd = 3; fd < 3 + MAX_FDS; fd++)
        if (!given[fd]) close(fd);
    if (report_fd > 3 + MAX_FDS) syscall(SYS_close_range, 3 + MAX_FDS, report_fd - 1, 0);
    syscall(SYS_close_range, report_fd + 1, ~0U, 0);
    /* Before execvp, which looks the program up in this PATH. */
    for (int i = 0; i < r->envc; i++)
        if (putenv(r->env[i]) != 0) _exit(126);
    if (refuse_keyrings() != 0) _exit(126);
    execvp(r->argv[0], r->argv);
    int error = errno;
    if (write(report_fd, &error, sizeof error) < 0) { /* nothing more to do */ }
    _exit(127);
}

static long long elapsed_ns(const struct timespec *from) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - from->tv_sec) * 1000000000LL + (now.tv_nsec - from->tv_nsec);
}

/* The run's tasks as last seen: CPU time and run-queue delay (ns), and those of tasks gone since. */
static struct task_seen { long tid; long long cpu_ns, wait_ns; int seen; } tasks[MAX_TASKS];
static int task_count;
static long long gone_cpu_ns, gone_wait_ns;

static void forget_tasks(void) {
    task_count = 0;
    gone_cpu_ns = gone_wait_ns = 0;
}

static void note_task(long tid, long long cpu_ns, long long wait_ns) {
    for (int i = 0; i < task_count; i++) {
        if (tasks[i].tid != tid) continue;
        tasks[i].cpu_ns = cpu_ns;
        tasks[i].wait_ns = wait_ns;
        tasks[i].seen = 1;
        return;
    }
    if (task_count < MAX_TASKS) tasks[task_count++] = (struct task_seen) { tid, cpu_ns, wait_ns, 1 };
}

/* Reads every task's schedstat; sets the run's CPU time and wait so far, ended tasks included. */
static void sample_tasks(long long *cpu_ns, long long *wait_ns) {
    for (int i = 0; i < task_count; i++) tasks[i].seen = 0;
    DIR *proc = opendir("/proc");
    struct dirent *process;
    while (proc && (process = readdir(proc))) {
        if (process->d_name[0] < '1' || process->d_name[0] > '9' || !strcmp(process->d_name, "1")) continue;
        char path[300];
        snprintf(path, sizeof path, "/proc/%s/task", process->d_name);
        DIR *threads = opendir(path);
        struct dirent *thread;
        while (threads && (thread = readdir(threads))) {
            if (thread->d_name[0] < '1' || thread->d_name[0] > '9') continue;
            snprintf(path, sizeof path, "%s/schedstat", thread->d_name);
            int fd = openat(dirfd(threads), path, O_RDONLY | O_CLOEXEC);
            if (fd < 0) continue;
            char text[128];
            ssize_t length = read(fd, text, sizeof text - 1);
            close(fd);
            long long cpu, wait;
            if (length <= 0) continue;
            text[length] = '\0';
            if (sscanf(text, "%lld %lld", &cpu, &wait) == 2) note_task(atol(thread->d_name), cpu, wait);
        }
        if (threads) closedir(threads);
    }
    if (proc) closedir(proc);
    *cpu_ns = *wait_ns = 0;
    for (int i = 0; i < task_count; i++) {
        if (!tasks[i].seen) {  /* ended: what it had stays counted */
            gone_cpu_ns += tasks[i].cpu_ns;
            gone_wait_ns += tasks[i].wait_ns;
            tasks[i--] = tasks[--task_count];
            continue;
        }
        *cpu_ns += tasks[i].cpu_ns;
        *wait_ns += tasks[i].wait_ns;
    }
    *cpu_ns += gone_cpu_ns;
    *wait_ns += gone_wait_ns;
}

/* How much of `elapsed` the run's own clock leaves out: its tasks' waits for a CPU, but never so
   much that its own clock shows less than the CPU time it used. */
static long long cpu_wait_ns(long long elapsed) {
    long long cpu, wait;
    sample_tasks(&cpu, &wait);
    long long most = elapsed - cpu;
    return wait < most ? (wait > 0 ? wait : 0) : (most > 0 ? most : 0);
}

static long children_cpu_us(void) {
    struct rusage children;
    getrusage(RUSAGE_CHILDREN, &children);
    return children.ru_utime.tv_sec * 1000000L + children.ru_utime.tv_usec
         + children.ru_stime.tv_sec * 1000000L + children.ru_stime.tv_usec;
}

/* Kills everything in the namespace except us, and reaps it. */
static void kill_the_rest(void) {
    kill(-1, SIGKILL);
    while (waitpid(-1, NULL, __WALL) > 0 || errno == EINTR) { }
}

/* Removes every System V IPC object listed in /proc/sysvipc/<kind> (id in the second column). */
static void remove_ipc(const char *kind, int (*remove)(int id)) {
    char path[64], line[512];
    snprintf(path, sizeof path, "/proc/sysvipc/%s", kind);
    FILE *list = fopen(path, "r");
    if (!list) return;
    if (fgets(line, sizeof line, list)) {          /* header */
        while (fgets(line, sizeof line, list)) {
            long key, id;
            if (sscanf(line, "%ld %ld", &key, &id) == 2) remove((int) id);
        }
    }
    fclose(list);
}

static int remove_shm(int id) { return shmctl(id, IPC_RMID, NULL); }
static int remove_sem(int id) { return semctl(id, 0, IPC_RMID); }
static int remove_msg(int id) { return msgctl(id, IPC_RMID, NULL); }

/* What a run keeps on disk, as measured by disk_usage: bytes allocated and names (files, folders, links). */
static long disk_bytes_seen, disk_names_seen, disk_names_limit;

static int count_name(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
    (void) path; (void) flag;
    if (ftw->level == 0) return 0;             /* the writable folder itself */
    disk_bytes_seen += (long) st->st_blocks * 512;
    /* Past the limit there is no need to walk a million more names. */
    return disk_names_limit > 0 && ++disk_names_seen > disk_names_limit;
}

/* Files the run's processes hold open after unlinking them take space no folder shows. */
static void count_unlinked_open_files(void) {
    DIR *proc = opendir("/proc");
    if (!proc) return;
    struct dirent *process;
    while ((process = readdir(proc))) {
        if (process->d_name[0] < '1' || process->d_name[0] > '9' || !strcmp(process->d_name, "1")) continue;
        char fds_path[300];
        snprintf(fds_path, sizeof fds_path, "/proc/%s/fd", process->d_name);
        DIR *fds = opendir(fds_path);
        if (!fds) continue;
        struct dirent *fd;
        while ((fd = readdir(fds))) {
            struct stat st;
            if (fd->d_name[0] != '.' && fstatat(dirfd(fds), fd->d_name, &st, 0) == 0
                    && S_ISREG(st.st_mode) && st.st_nlink == 0) {
                disk_bytes_seen += (long) st.st_blocks * 512;
            }
        }
        closedir(fds);
    }
    closedir(proc);
}

/* Whether the run keeps more on disk than its request allows. */
static int over_disk_limit(const struct request *r) {
    if (r->disk_bytes <= 0 && r->disk_files <= 0) return 0;
    static const char *const writable[] = { "/box", "/tmp", "/dev/shm" };
    disk_bytes_seen = disk_names_seen = 0;
    disk_names_limit = r->disk_files;
    for (size_t i = 0; i < sizeof writable / sizeof *writable; i++) {
        if (nftw(writable[i], count_name, 16, FTW_PHYS | FTW_MOUNT) > 0) return 1;
    }
    count_unlinked_open_files();
    return r->disk_bytes > 0 && disk_bytes_seen > r->disk_bytes;
}

int main(int argc, char **argv) {
    if (argc > 1 && setpriority(PRIO_PROCESS, 0, atoi(argv[1])) != 0) return 4;
    /* Programs run as our uid: not dumpable, we cannot be traced or have our memory read by them. */
    if (prctl(PR_SET_DUMPABLE, 0) != 0) return 4;
    signal(SIGPIPE, SIG_IGN);
    setvbuf(stdout, NULL, _IOFBF, 4096);
    printf("ready\n");
    fflush(stdout);

    struct request r;
    int status;
    while ((status = read_request(&r)) != 0) {
        if (status < 0) {
            printf("error=malformed-request\n");
            fflush(stdout);
            return 2;
        }
        if (status == 2) {
            kill_the_rest();
            remove_ipc("shm", remove_shm);
            remove_ipc("sem", remove_sem);
            remove_ipc("msg", remove_msg);
            printf("reset\n");
            fflush(stdout);
            continue;
        }
        int report[2];
        if (pipe2(report, O_CLOEXEC) != 0) return 3;

        forget_tasks();
        int fifos = has_fifos(&r), opened[2] = { -1, -1 }, go[2] = { -1, -1 };
        if (fifos && (pipe2(opened, O_CLOEXEC) != 0 || pipe2(go, O_CLOEXEC) != 0)) return 3;
        long cpu_before_us = children_cpu_us();
        struct timespec started;
        clock_gettime(CLOCK_MONOTONIC, &started);
        pid_t pid = fork();
        if (pid < 0) return 3;
        if (pid == 0) start_program(&r, report[1], opened[1], go[0]);
        close(report[1]);
        if (fifos) {
            close(opened[1]);
            close(go[0]);
            /* Until the run has opened its FIFOs (each open waits for the other side's), or its
               real clock has run out: the loop below then stops it. */
            struct pollfd wait_opened = { opened[0], POLLIN, 0 };
            long long left_ms = r.wall_max_ms - elapsed_ns(&started) / 1000000;
            char byte;
            while (left_ms > 0 && poll(&wait_opened, 1, (int) left_ms) < 0 && errno == EINTR)
                left_ms = r.wall_max_ms - elapsed_ns(&started) / 1000000;
            if (left_ms > 0 && (wait_opened.revents & POLLIN) && read(opened[0], &byte, 1) == 1) hold_fifos(&r);
            byte = 1;
            if (write(go[1], &byte, 1) != 1) { /* the run ended already: the loop below sees it */ }
            close(opened[0]);
            close(go[1]);
        }

        int timed_out = 0, starved = 0, disk_exceeded = 0;
        int watch_disk = r.disk_bytes > 0 || r.disk_files > 0;
        long long wall_ns = r.wall_ms * 1000000LL, wall_max_ns = r.wall_max_ms * 1000000LL, waited_ns = 0;
        int pidfd = (int) syscall(SYS_pidfd_open, pid, 0);
        struct pollfd wait_for = { pidfd, POLLIN, 0 };
        for (;;) {
            /* Its own clock moves no faster than the real one: until the next look, at most this
               much of either limit can run out. */
            long long elapsed = elapsed_ns(&started);
            long long own_left = wall_ns - (elapsed - waited_ns), real_left = wall_max_ns - elapsed;
            long long left = own_left < real_left ? own_left : real_left;
            int slice = left <= 0 ? 0 : left >= WATCH_MS * 1000000LL ? WATCH_MS : (int) ((left + 999999) / 1000000);
            int ready = poll(&wait_for, 1, slice);
            if (ready > 0) break;
            if (ready < 0) {
                if (errno != EINTR) return 3;
                continue;
            }
            elapsed = elapsed_ns(&started);
            if (wall_max_ns > wall_ns) waited_ns = cpu_wait_ns(elapsed);
            if (elapsed - waited_ns >= wall_ns) { timed_out = 1; kill(-1, SIGKILL); break; }
            if (elapsed >= wall_max_ns) { starved = 1; kill(-1, SIGKILL); break; }
            if (watch_disk && over_disk_limit(&r)) { disk_exceeded = 1; kill(-1, SIGKILL); break; }
        }
        /* The last look at its clock, while its tasks can still be read (an ended program is a zombie
           until it is waited for). */
        long long real_ns = elapsed_ns(&started);
        long long ended_ns = (long long) started.tv_sec * 1000000000LL + started.tv_nsec + real_ns;
        release_fifos();
        if (!timed_out && !starved && wall_max_ns > wall_ns) waited_ns = cpu_wait_ns(real_ns);
        int wait_status = 0;
        struct rusage usage;
        while (wait4(pid, &wait_status, __WALL, &usage) < 0 && errno == EINTR) { }
        close(pidfd);
        /* What it left behind counts too (a last burst of writes between two looks). */
        if (!disk_exceeded && watch_disk && over_disk_limit(&r)) disk_exceeded = 1;
        kill_the_rest();

        int exec_errno = 0;
        if (read(report[0], &exec_errno, sizeof exec_errno) != sizeof exec_errno) exec_errno = 0;
        close(report[0]);

        /* Every process of the run has been waited for by now, by us or by its parent. */
        long cpu_us = children_cpu_us() - cpu_before_us;
        printf("exit=%d signal=%d cpu_us=%ld wall_us=%lld maxrss_kb=%ld timed_out=%d exec_errno=%d disk_exceeded=%d"
               " cpu_wait_us=%lld starved=%d ended_ns=%lld\n",
               WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1,
               WIFSIGNALED(wait_status) ? WTERMSIG(wait_status) : 0,
               cpu_us, real_ns / 1000, usage.ru_maxrss, timed_out, exec_errno, disk_exceeded,
               waited_ns / 1000, starved, ended_ns);
        fflush(stdout);
    }
    return 0;
}
