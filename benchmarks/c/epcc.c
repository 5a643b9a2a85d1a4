/*
 * EPCC-style OpenMP overhead micro-benchmarks in C, measured the way the Java side
 * (io.github.ompt4j.benchmarks.epcc, JMH) measures them: the same delay loop, the same repetition
 * counts, and time-based iterations (2 warm-up, 5 measured, 0.4 s each) whose mean time per construct is
 * reported. The overhead of a construct is its time minus the time of the delay alone.
 *
 * Output: one line per construct, "NAME overhead_in_microseconds", read by epcc-compare.sh.
 *
 * Build: gcc -O2 -fopenmp epcc.c -o epcc     Run: OMP_NUM_THREADS=2 ./epcc [CONSTRUCT...]
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DELAY_LENGTH 100
#define INNER 1000
#define INNER_MUTEX 10000
#define SCHED_INNER 100
#define ITERS_PER_THREAD 128
#define SCHED_DELAY_LENGTH 10 /* a tenth: the overhead is a difference, its noise grows with the work */
#define WARMUP_ITERATIONS 2
#define MEASURED_ITERATIONS 5
#define ITERATION_SECONDS 0.4

static int nthreads;
/*
 * The lock on a cache line of its own: next to nthreads (read by every iteration of the lock test's loop)
 * and sink, the lock word was falsely shared, which doubled LOCK's time. Java's lock is an object of its
 * own.
 */
static struct {
    omp_lock_t lock;
    char rest[64 - sizeof(omp_lock_t)];
} __attribute__((aligned(64))) padded;
volatile double sink;
int counter;

/*
 * A chain of dependent floating-point adds, as in the Java Epcc.delay: the compiler may not reorder it. Never
 * inlined (nor is the Java one), as in EPCC, where it lives in a file of its own: inlined with a constant
 * length, the compiler computes the sum at compile time, and a loop of delays measures nothing but the loop.
 */
static __attribute__((noinline)) void delay(int length)
{
    double a = 0;
    for (int i = 0; i < length; i++)
        a += i;
    /* Never true (a sum of integers is no half), which no compiler proves: the loop must run, and the
       threads write nothing they share, as in EPCC's delay. Written every time, sink cost a cache line's
       round trip per delay whenever the two threads were on different cores. */
    if (a == 0.5)
        sink = a;
}

/* Mean time of one operation in microseconds: each call of test performs ops operations. */
static double measure(void (*test)(void), int ops)
{
    double total = 0;
    for (int it = 0; it < WARMUP_ITERATIONS + MEASURED_ITERATIONS; it++) {
        long calls = 0;
        double start = omp_get_wtime(), now;
        do {
            test();
            calls++;
            now = omp_get_wtime();
        } while (now - start < ITERATION_SECONDS);
        if (it >= WARMUP_ITERATIONS)
            total += (now - start) * 1e6 / ((double) calls * ops);
    }
    return total / MEASURED_ITERATIONS;
}

static void reference(void)
{
    for (int j = 0; j < INNER; j++)
        delay(DELAY_LENGTH);
}

static void test_parallel(void)
{
    for (int j = 0; j < INNER; j++) {
#pragma omp parallel
        delay(DELAY_LENGTH);
    }
}

static void test_for(void)
{
#pragma omp parallel
    for (int j = 0; j < INNER; j++) {
#pragma omp for
        for (int i = 0; i < nthreads; i++)
            delay(DELAY_LENGTH);
    }
}

static void test_parallel_for(void)
{
    for (int j = 0; j < INNER; j++) {
#pragma omp parallel for
        for (int i = 0; i < nthreads; i++)
            delay(DELAY_LENGTH);
    }
}

static void test_barrier(void)
{
#pragma omp parallel
    for (int j = 0; j < INNER; j++) {
        delay(DELAY_LENGTH);
#pragma omp barrier
    }
}

static void test_single(void)
{
#pragma omp parallel
    for (int j = 0; j < INNER; j++) {
#pragma omp single
        delay(DELAY_LENGTH);
    }
}

static void test_critical(void)
{
#pragma omp parallel
    for (int j = 0; j < INNER_MUTEX / nthreads; j++) {
#pragma omp critical
        delay(DELAY_LENGTH);
    }
}

static void test_lock(void)
{
#pragma omp parallel
    for (int j = 0; j < INNER_MUTEX / nthreads; j++) {
        omp_set_lock(&padded.lock);
        delay(DELAY_LENGTH);
        omp_unset_lock(&padded.lock);
    }
}

static void test_ordered(void)
{
#pragma omp parallel for ordered schedule(static, 1)
    for (int j = 0; j < INNER; j++) {
#pragma omp ordered
        delay(DELAY_LENGTH);
    }
}

static void test_atomic(void)
{
#pragma omp parallel
    for (int j = 0; j < INNER_MUTEX / nthreads; j++) {
#pragma omp atomic
        counter += 1;
    }
}

static void test_reduction(void)
{
    for (int j = 0; j < INNER; j++) {
        int total = 0;
#pragma omp parallel reduction(+ : total)
        {
            delay(DELAY_LENGTH);
            total += 1;
        }
        counter += total;
    }
}

static void sched_reference(void)
{
    for (int j = 0; j < SCHED_INNER; j++)
        for (int i = 0; i < ITERS_PER_THREAD; i++)
            delay(SCHED_DELAY_LENGTH);
}

/* One function per schedule, so that each loop is compiled with its schedule as Java names it. */
#define SCHED_TEST(name, clause)                                                                  \
    static void name(void)                                                                        \
    {                                                                                             \
        _Pragma("omp parallel") for (int j = 0; j < SCHED_INNER; j++)                             \
        {                                                                                         \
            _Pragma(clause) for (int i = 0; i < ITERS_PER_THREAD * nthreads; i++)                 \
                delay(SCHED_DELAY_LENGTH);                                                        \
        }                                                                                         \
    }

SCHED_TEST(sched_static, "omp for schedule(static)")
SCHED_TEST(sched_static_1, "omp for schedule(static, 1)")
SCHED_TEST(sched_static_16, "omp for schedule(static, 16)")
SCHED_TEST(sched_static_128, "omp for schedule(static, 128)")
SCHED_TEST(sched_dynamic_1, "omp for schedule(dynamic, 1)")
SCHED_TEST(sched_dynamic_16, "omp for schedule(dynamic, 16)")
SCHED_TEST(sched_dynamic_128, "omp for schedule(dynamic, 128)")
SCHED_TEST(sched_guided_1, "omp for schedule(guided, 1)")
SCHED_TEST(sched_guided_16, "omp for schedule(guided, 16)")
SCHED_TEST(sched_guided_128, "omp for schedule(guided, 128)")

static void task_parallel(void)
{
#pragma omp parallel
    for (int j = 0; j < INNER; j++) {
#pragma omp task
        delay(DELAY_LENGTH);
    }
}

static void task_master(void)
{
#pragma omp parallel
#pragma omp master
    for (int j = 0; j < INNER * nthreads; j++) {
#pragma omp task
        delay(DELAY_LENGTH);
    }
}

static void task_wait(void)
{
#pragma omp parallel
    for (int j = 0; j < INNER; j++) {
#pragma omp task
        delay(DELAY_LENGTH);
#pragma omp taskwait
    }
}

struct test {
    const char *name;
    void (*run)(void);
    int ops;
    int sched; /* 1: subtract the schedbench reference; 0: the delay; -1: nothing */
};

/* With arguments, only the constructs they name run (the references always do). */
static int selected(int argc, char **argv, const char *name)
{
    if (argc < 2)
        return 1;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], name) == 0)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    static const struct test tests[] = {
        {"PARALLEL", test_parallel, INNER, 0},
        {"FOR", test_for, INNER, 0},
        {"PARALLEL_FOR", test_parallel_for, INNER, 0},
        {"BARRIER", test_barrier, INNER, 0},
        {"SINGLE", test_single, INNER, 0},
        {"CRITICAL", test_critical, INNER_MUTEX, 0},
        {"LOCK", test_lock, INNER_MUTEX, 0},
        {"ORDERED", test_ordered, INNER, 0},
        {"ATOMIC", test_atomic, INNER_MUTEX, -1},
        {"REDUCTION", test_reduction, INNER, 0},
        {"SCHED_static", sched_static, SCHED_INNER, 1},
        {"SCHED_static_1", sched_static_1, SCHED_INNER, 1},
        {"SCHED_static_16", sched_static_16, SCHED_INNER, 1},
        {"SCHED_static_128", sched_static_128, SCHED_INNER, 1},
        {"SCHED_dynamic_1", sched_dynamic_1, SCHED_INNER, 1},
        {"SCHED_dynamic_16", sched_dynamic_16, SCHED_INNER, 1},
        {"SCHED_dynamic_128", sched_dynamic_128, SCHED_INNER, 1},
        {"SCHED_guided_1", sched_guided_1, SCHED_INNER, 1},
        {"SCHED_guided_16", sched_guided_16, SCHED_INNER, 1},
        {"SCHED_guided_128", sched_guided_128, SCHED_INNER, 1},
        {"TASK_PARALLEL", task_parallel, INNER, 0},
        {"TASK_MASTER", task_master, INNER, 0},
        {"TASK_WAIT", task_wait, INNER, 0},
    };
    nthreads = omp_get_max_threads();
    omp_init_lock(&padded.lock);
    double delay_us = measure(reference, INNER);
    double sched_us = measure(sched_reference, SCHED_INNER);
    printf("# threads %d, delay %.4f us, schedbench reference %.3f us\n", nthreads, delay_us, sched_us);
    for (size_t t = 0; t < sizeof tests / sizeof tests[0]; t++) {
        if (!selected(argc, argv, tests[t].name))
            continue;
        double us = measure(tests[t].run, tests[t].ops);
        double ref = tests[t].sched > 0 ? sched_us : tests[t].sched == 0 ? delay_us : 0;
        printf("%s %.4f\n", tests[t].name, us - ref);
        fflush(stdout);
    }
    omp_destroy_lock(&padded.lock);
    return counter == -1;
}
