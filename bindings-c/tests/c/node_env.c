/*
 * The process node (docs/spec §6.1) in child processes: process-global state (POLYID_NODE,
 * POLYID_NODE_REQUIRED, polyid_set_node(), the per-host claim) can only be tested in fresh
 * processes. This program runs itself (posix_spawn of /proc/self/exe) with a chosen
 * environment and checks what each child reports:
 *
 *   - without POLYID_NODE: no process node; with POLYID_NODE=5: node 5, polyid_xid_generate()
 *     carries 5 in bits 21-12 and polyid_tid_generate() clock id 37;
 *   - POLYID_NODE=abc: INVALID_CHARACTER at the first ID ("" INVALID_LENGTH, 960
 *     OUT_OF_RANGE);
 *   - POLYID_NODE_REQUIRED=1 without a node: NODE_REQUIRED (seeded generators and explicit
 *     clock ids exempt);
 *   - a second process using the node of a live first one: NODE_IN_USE (by environment and
 *     by polyid_set_node()); free again once the first has exited;
 *   - polyid_set_node()/polyid_process_node() round trip, polyid_set_node_required(), and a
 *     forked child that must set its own node.
 *
 * usage: polyid-node-env-test           (the driver; prints "node-env (LINKAGE): N passed, N failed")
 *        polyid-node-env-test child MODE (what the driver runs)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "polyid.h"

extern char **environ;

#include "check.h"

#define CODE(st) polyid_status_code(st)

/* ------------------------------------------------------------------------------------ */
/* Children: each prints one line and exits 0 (or, for `api`, its own check counts). */

/* "xid=CODE[:node bits] tid=CODE[:clock id] node=CODE[:n] required=0|1" */
static int child_report(void) {
    polyid_error err;
    polyid_xid x;
    polyid_tid t;
    int64_t n;
    char xs[64], ts[64], ns[64];
    polyid_status st = polyid_xid_generate(&x, &err);
    if (st) snprintf(xs, sizeof xs, "%s", CODE(st));
    else snprintf(xs, sizeof xs, "OK:%u", (unsigned)((x >> 12) & 0x3ff));
    st = polyid_tid_generate(&t, &err);
    if (st) snprintf(ts, sizeof ts, "%s", CODE(st));
    else snprintf(ts, sizeof ts, "OK:%u", (unsigned)polyid_tid_clock_id(t));
    st = polyid_process_node(&n, &err);
    if (st) snprintf(ns, sizeof ns, "%s", CODE(st));
    else snprintf(ns, sizeof ns, "OK:%" PRId64, n);
    printf("xid=%s tid=%s node=%s required=%d\n", xs, ts, ns, (int)polyid_node_required());
    return 0;
}

/* What POLYID_NODE_REQUIRED exempts: a seeded generator and an explicit clock id. */
static int child_exempt(void) {
    polyid_error err;
    polyid_generator_options o;
    polyid_generator_options_init(&o);
    o.has_seed = true;
    o.seed = 1;
    polyid_xid_generator *xg = NULL;
    polyid_tid_generator *tg = NULL, *cg = NULL, *dg = NULL;
    polyid_xid_generator *pg = NULL;
    polyid_status a = polyid_xid_generator_new(&o, &xg, &err);
    polyid_status b = polyid_tid_generator_new_with(NULL, 5, &cg, &err);
    polyid_status c = polyid_tid_generator_new_with(&o, -1, &tg, &err);
    polyid_status d = polyid_xid_generator_new(NULL, &pg, &err);
    polyid_status e = polyid_tid_generator_new_with(NULL, -1, &dg, &err);
    printf("seeded_xid=%s clock_id=%s seeded_tid=%s default_xid=%s default_tid=%s\n", CODE(a), CODE(b), CODE(c),
           CODE(d), CODE(e));
    polyid_xid_generator_free(xg);
    polyid_xid_generator_free(pg);
    polyid_tid_generator_free(tg);
    polyid_tid_generator_free(cg);
    polyid_tid_generator_free(dg);
    return 0;
}

/* Takes the process node (from the environment) with a first xid, says "held", and keeps
 * it until stdin closes. */
static int child_hold(void) {
    polyid_error err;
    polyid_xid x;
    polyid_status st = polyid_xid_generate(&x, &err);
    printf("%s\n", st ? CODE(st) : "held");
    fflush(stdout);
    char buf[16];
    while (read(0, buf, sizeof buf) > 0) {
    }
    return 0;
}

/* Takes the process node (from the environment) with a first xid, forks a worker that
 * outlives it, prints the worker's pid and exits: a service restarted while its old worker
 * lives. The worker never generated with the node, so it must not keep the claim either. */
static int child_fork_and_exit(void) {
    polyid_error err;
    polyid_xid x;
    polyid_status st = polyid_xid_generate(&x, &err);
    if (st) {
        printf("%s\n", CODE(st));
        return 0;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        close(0);
        close(1);
        sleep(60);
        _exit(0);
    }
    printf("worker %d\n", (int)pid);
    return 0;
}

/* polyid_set_node(N) from code, then a first xid. */
static int child_set(const char *arg) {
    polyid_error err;
    polyid_status st = polyid_set_node(strtoll(arg, NULL, 10), &err);
    polyid_xid x;
    polyid_status g = st ? st : polyid_xid_generate(&x, &err);
    printf("set=%s xid=%s\n", CODE(st), CODE(g));
    return 0;
}

/* The in-code API (no POLYID_* in the environment); `node` is one this run owns. */
static int child_api(const char *arg) {
    const int64_t N = strtoll(arg, NULL, 10);
    polyid_error err;
    int64_t n = 99;
    CHECK(polyid_process_node(&n, &err) == POLYID_OK && n == -1, "no node at start: %" PRId64, n);
    CHECK(!polyid_node_required(), "not required at start");
    /* required, from code */
    polyid_set_node_required(true);
    CHECK(polyid_node_required(), "required");
    polyid_xid_generator *xg = NULL;
    polyid_tid_generator *tg = NULL;
    CHECK(polyid_xid_generator_new(NULL, &xg, &err) == POLYID_NODE_REQUIRED && xg == NULL, "xid: %s", err.message);
    CHECK(polyid_tid_generator_new_with(NULL, -1, &tg, &err) == POLYID_NODE_REQUIRED && tg == NULL, "tid: %s",
          err.message);
    /* a TID generator without options resolves at its first TID */
    CHECK(polyid_tid_generator_new(&tg, &err) == POLYID_OK, "lazy TID generator");
    polyid_tid t;
    CHECK(polyid_tid_generator_next(tg, &t, &err) == POLYID_NODE_REQUIRED, "lazy TID: %s", CODE(err.status));
    polyid_tid_generator_free(tg);
    tg = NULL;
    polyid_set_node_required(false);
    CHECK(!polyid_node_required(), "not required");
    /* set_node: range, round trip, withdraw */
    CHECK(polyid_set_node(960, &err) == POLYID_OUT_OF_RANGE && err.min == 0 && err.max == 959, "960");
    CHECK(polyid_set_node(-2, &err) == POLYID_OUT_OF_RANGE, "-2");
    CHECK(polyid_set_node(N, &err) == POLYID_OK, "set %" PRId64 ": %s", N, err.message);
    CHECK(polyid_process_node(&n, &err) == POLYID_OK && n == N, "round trip: %" PRId64, n);
    CHECK(polyid_set_node(-1, &err) == POLYID_OK, "withdraw");
    CHECK(polyid_process_node(&n, &err) == POLYID_OK && n == -1, "withdrawn: %" PRId64, n);
    CHECK(polyid_set_node(N, &err) == POLYID_OK, "set again");
    /* generators take it */
    polyid_xid x;
    CHECK(polyid_xid_generate(&x, &err) == POLYID_OK && (int64_t)((x >> 12) & 0x3ff) == N, "xid carries the node");
    CHECK(polyid_tid_generate(&t, &err) == POLYID_OK && polyid_tid_clock_id(t) == 32 + N, "TID clock id 32 + node");
    CHECK(polyid_xid_generator_new(NULL, &xg, &err) == POLYID_OK, "xid generator");
    CHECK(polyid_xid_generator_node(xg, &n, &err) == POLYID_OK && n == N, "xid generator node %" PRId64, n);
    CHECK(polyid_tid_generator_new_with(NULL, -1, &tg, &err) == POLYID_OK, "tid generator");
    CHECK(polyid_tid_generator_node(tg, &n, &err) == POLYID_OK && n == N, "tid generator node %" PRId64, n);
    /* once taken, the node cannot change (the same value is fine) */
    CHECK(polyid_set_node(N + 1, &err) == POLYID_NODE_IN_USE, "change after use: %s", CODE(err.status));
    CHECK(strstr(err.message, "before the first ID") != NULL, "%s", err.message);
    CHECK(polyid_set_node(-1, &err) == POLYID_NODE_IN_USE, "withdraw after use");
    CHECK(polyid_set_node(N, &err) == POLYID_OK, "same value");
    /* a forked child does not inherit the node: it sets its own */
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        polyid_error e;
        int64_t m;
        polyid_xid y;
        int ok = polyid_process_node(&m, &e) == POLYID_NODE_REQUIRED && polyid_xid_generate(&y, &e) == POLYID_NODE_REQUIRED &&
                 polyid_xid_generator_next(xg, &y, &e) == POLYID_NODE_REQUIRED &&
                 polyid_set_node(N + 1, &e) == POLYID_OK && polyid_xid_generate(&y, &e) == POLYID_OK &&
                 (int64_t)((y >> 12) & 0x3ff) == N + 1 && polyid_xid_generator_next(xg, &y, &e) == POLYID_OK &&
                 (int64_t)((y >> 12) & 0x3ff) == N + 1;
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "forked child: NODE_REQUIRED, then its own node (status %d)",
          status);
    CHECK(polyid_xid_generator_next(xg, &x, &err) == POLYID_OK && (int64_t)((x >> 12) & 0x3ff) == N, "parent keeps it");
    polyid_xid_generator_free(xg);
    polyid_tid_generator_free(tg);
    printf("api: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

/* ------------------------------------------------------------------------------------ */
/* Driver */

typedef struct {
    pid_t pid;
    FILE *out;  /* the child's stdout */
    int in_fd;  /* the child's stdin (write end), -1 when not kept */
} child;

/* Starts `self child MODE [ARG]` with the driver's environment minus POLYID_*, plus
 * `extra` (NULL-terminated "NAME=value" list). */
static int spawn(const char *self, const char *mode, const char *arg, const char *const *extra, int keep_stdin,
                 child *c) {
    char *env[256];
    size_t n = 0;
    for (char **e = environ; *e && n < 200; e++)
        if (strncmp(*e, "POLYID_NODE", 11) != 0) env[n++] = *e;
    for (const char *const *e = extra; e && *e && n < 250; e++) env[n++] = (char *)*e;
    env[n] = NULL;
    int out[2], in[2];
    if (pipe(out) || pipe(in)) return -1;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_addclose(&fa, out[0]);
    posix_spawn_file_actions_addclose(&fa, out[1]);
    posix_spawn_file_actions_addclose(&fa, in[0]);
    posix_spawn_file_actions_addclose(&fa, in[1]);
    char *argv[] = {(char *)self, "child", (char *)mode, (char *)arg, NULL};
    int rc = posix_spawn(&c->pid, self, &fa, NULL, argv, env);
    posix_spawn_file_actions_destroy(&fa);
    close(out[1]);
    close(in[0]);
    if (rc) {
        close(out[0]);
        close(in[1]);
        errno = rc;
        return -1;
    }
    c->out = fdopen(out[0], "r");
    if (keep_stdin) {
        c->in_fd = in[1];
    } else {
        close(in[1]);
        c->in_fd = -1;
    }
    return 0;
}

/* Reads one line of the child's output (without the newline) into `line`. */
static void read_line(child *c, char *line, size_t cap) {
    line[0] = 0;
    if (!fgets(line, (int)cap, c->out)) return;
    line[strcspn(line, "\n")] = 0;
}

/* Waits for the child; returns its exit status (or -1). Prints the rest of its output. */
static int finish(child *c) {
    if (c->in_fd >= 0) close(c->in_fd);
    char line[512];
    while (fgets(line, sizeof line, c->out)) fputs(line, stdout);
    fclose(c->out);
    int status = 0;
    if (waitpid(c->pid, &status, 0) < 0) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/* Runs a one-line child and returns its line in `line`. */
static int run_line(const char *self, const char *mode, const char *arg, const char *const *extra, char *line,
                    size_t cap) {
    child c;
    if (spawn(self, mode, arg, extra, 0, &c)) {
        snprintf(line, cap, "spawn failed: %s", strerror(errno));
        return -1;
    }
    read_line(&c, line, cap);
    return finish(&c);
}

/* Another process on this host (another test suite) may briefly hold a node this run uses:
 * a child that reports NODE_IN_USE for it is retried for up to 5 s. */
static int run_line_retry(const char *self, const char *mode, const char *arg, const char *const *extra, char *line,
                          size_t cap) {
    int rc = 0;
    for (int attempt = 0; attempt < 50; attempt++) {
        rc = run_line(self, mode, arg, extra, line, cap);
        if (!strstr(line, "NODE_IN_USE")) break;
        nanosleep(&(struct timespec){0, 100 * 1000 * 1000}, NULL);
    }
    return rc;
}

#define EXPECT_LINE(want, rc, line) \
    CHECK((rc) == 0 && strcmp((line), (want)) == 0, "want \"%s\", got \"%s\" (exit %d)", (want), (line), (rc))

int main(int argc, char **argv) {
    if (argc >= 3 && !strcmp(argv[1], "child")) {
        const char *mode = argv[2], *arg = argc > 3 ? argv[3] : "0";
        if (!strcmp(mode, "report")) return child_report();
        if (!strcmp(mode, "exempt")) return child_exempt();
        if (!strcmp(mode, "hold")) return child_hold();
        if (!strcmp(mode, "fork-and-exit")) return child_fork_and_exit();
        if (!strcmp(mode, "set")) return child_set(arg);
        if (!strcmp(mode, "api")) return child_api(arg);
        fprintf(stderr, "unknown child mode %s\n", mode);
        return 2;
    }
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0) {
        perror("readlink /proc/self/exe");
        return 2;
    }
    self[len] = 0;
    char line[512];
    int rc;

    /* Without POLYID_NODE: no process node (a lane and a random clock id 0-31). */
    rc = run_line(self, "report", NULL, NULL, line, sizeof line);
    CHECK(rc == 0 && strstr(line, "xid=OK:") && strstr(line, "tid=OK:") && strstr(line, " node=OK:-1 required=0"),
          "no node: \"%s\"", line);
    unsigned tid_clock = 99;
    const char *p = strstr(line, "tid=OK:");
    if (p) tid_clock = (unsigned)atoi(p + 7);
    CHECK(tid_clock < 32, "random clock id %u", tid_clock);

    /* POLYID_NODE=5: node 5 in the xid's bits 21-12, TID clock id 37. */
    const char *const env5[] = {"POLYID_NODE=5", NULL};
    rc = run_line_retry(self, "report", NULL, env5, line, sizeof line);
    EXPECT_LINE("xid=OK:5 tid=OK:37 node=OK:5 required=0", rc, line);
    const char *const env5z[] = {"POLYID_NODE=005", NULL};
    rc = run_line_retry(self, "report", NULL, env5z, line, sizeof line);
    EXPECT_LINE("xid=OK:5 tid=OK:37 node=OK:5 required=0", rc, line);

    /* A POLYID_NODE that does not parse fails at the first ID, and polyid_process_node(). */
    const char *const env_abc[] = {"POLYID_NODE=abc", NULL};
    rc = run_line(self, "report", NULL, env_abc, line, sizeof line);
    EXPECT_LINE("xid=INVALID_CHARACTER tid=INVALID_CHARACTER node=INVALID_CHARACTER required=0", rc, line);
    const char *const env_empty[] = {"POLYID_NODE=", NULL};
    rc = run_line(self, "report", NULL, env_empty, line, sizeof line);
    EXPECT_LINE("xid=INVALID_LENGTH tid=INVALID_LENGTH node=INVALID_LENGTH required=0", rc, line);
    const char *const env_960[] = {"POLYID_NODE=960", NULL};
    rc = run_line(self, "report", NULL, env_960, line, sizeof line);
    EXPECT_LINE("xid=OUT_OF_RANGE tid=OUT_OF_RANGE node=OUT_OF_RANGE required=0", rc, line);

    /* POLYID_NODE_REQUIRED=1 (or true, yes) without a node. */
    const char *required[] = {"POLYID_NODE_REQUIRED=1", "POLYID_NODE_REQUIRED=true", "POLYID_NODE_REQUIRED=yes"};
    for (int k = 0; k < 3; k++) {
        const char *const env[] = {required[k], NULL};
        rc = run_line(self, "report", NULL, env, line, sizeof line);
        EXPECT_LINE("xid=NODE_REQUIRED tid=NODE_REQUIRED node=OK:-1 required=1", rc, line);
    }
    const char *const env_req[] = {"POLYID_NODE_REQUIRED=1", NULL};
    rc = run_line(self, "exempt", NULL, env_req, line, sizeof line);
    EXPECT_LINE("seeded_xid=OK clock_id=OK seeded_tid=OK default_xid=NODE_REQUIRED default_tid=NODE_REQUIRED", rc,
                line);
    const char *const env_req0[] = {"POLYID_NODE_REQUIRED=0", NULL};
    rc = run_line(self, "report", NULL, env_req0, line, sizeof line);
    CHECK(rc == 0 && strstr(line, "xid=OK:") && strstr(line, "required=0"), "REQUIRED=0: \"%s\"", line);

    /* A node held by a live process: NODE_IN_USE for a second one, free once it exits. A node
     * of this run's own (from its pid), not a common one such as 5. */
    int held = 100 + (int)(getpid() % 800);
    char node_env[64], node_arg[16];
    snprintf(node_env, sizeof node_env, "POLYID_NODE=%d", held);
    snprintf(node_arg, sizeof node_arg, "%d", held);
    const char *const env_held[] = {node_env, NULL};
    child holder;
    if (spawn(self, "hold", NULL, env_held, 1, &holder) == 0) {
        read_line(&holder, line, sizeof line);
        CHECK(strcmp(line, "held") == 0, "first process takes node %d: \"%s\"", held, line);
        rc = run_line(self, "report", NULL, env_held, line, sizeof line);
        CHECK(rc == 0 && strstr(line, "xid=NODE_IN_USE tid=NODE_IN_USE"), "second process, same POLYID_NODE: \"%s\"",
              line);
        rc = run_line(self, "set", node_arg, NULL, line, sizeof line);
        EXPECT_LINE("set=NODE_IN_USE xid=NODE_IN_USE", rc, line);
        CHECK(finish(&holder) == 0, "holder exits");
    } else {
        CHECK(0, "spawn: %s", strerror(errno));
    }
    rc = run_line_retry(self, "set", node_arg, NULL, line, sizeof line);
    EXPECT_LINE("set=OK xid=OK", rc, line);

    /* A forked worker does not keep its parent's claim: once the parent has exited, a new
     * process takes the node while the worker still lives. */
    rc = run_line_retry(self, "fork-and-exit", NULL, env_held, line, sizeof line);
    int worker = 0;
    CHECK(rc == 0 && sscanf(line, "worker %d", &worker) == 1 && worker > 0, "fork-and-exit: \"%s\"", line);
    if (worker > 0) {
        CHECK(kill(worker, 0) == 0, "the worker %d lives", worker);
        rc = run_line(self, "set", node_arg, NULL, line, sizeof line);
        EXPECT_LINE("set=OK xid=OK", rc, line);
        kill(worker, SIGKILL);
    }

    /* The in-code API in one fresh process. */
    char api_node[16];
    snprintf(api_node, sizeof api_node, "%d", 100 + (int)((getpid() + 400) % 800));
    child api;
    if (spawn(self, "api", api_node, NULL, 0, &api) == 0) {
        read_line(&api, line, sizeof line);
        rc = finish(&api);
        CHECK(rc == 0 && strstr(line, ", 0 failed"), "api child: \"%s\" (exit %d)", line, rc);
    } else {
        CHECK(0, "spawn: %s", strerror(errno));
    }

    const char *linkage = getenv("POLYID_TEST_LINKAGE");
    printf("node-env (%s): %d passed, %d failed\n", linkage ? linkage : "C", passed, failed);
    return failed ? 1 : 0;
}
