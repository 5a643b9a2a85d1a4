package io.github.ompt4j.agent.stress;

import io.github.ompt4j.omp.IntReduction;
import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.Schedule;
import io.github.ompt4j.omp.TaskOptions;
import java.util.SplittableRandom;

/**
 * The directive library's part of the mix: regions nested {@link #DEPTH} deep, each member running the
 * same random sequence of worksharing, synchronization and tasking constructs. Every random choice a team
 * makes is drawn by each member from its own copy of one stream (the seed is captured before the region
 * forks), so all members encounter the same constructs in the same order, as OpenMP requires; a choice
 * made inside a construct only one member runs ({@code single}, a task) draws from a seed taken before it.
 */
final class Directives {
    static final int DEPTH = 8;
    /** Active levels: teams of up to 2 or 3 at the first three levels, teams of one below (8 deep in all). */
    static final int ACTIVE_LEVELS = 3;
    private static final String[] CRITICAL_NAMES = {"stress-a", "stress-b"};

    private Directives() {
    }

    /** A region at {@code depth} (1 is the outermost) whose members run {@link #member} with one seed. */
    static void region(Shared shared, long seed, int depth) {
        int threads = 1 + new SplittableRandom(seed).nextInt(3);
        Omp.parallel(threads, () -> member(shared, seed, depth));
    }

    private static void member(Shared shared, long seed, int depth) {
        SplittableRandom r = new SplittableRandom(seed);
        r.nextInt(3); // the team size region() drew, so the members' choices start after it
        int constructs = 1 + r.nextInt(3);
        for (int i = 0; i < constructs; i++) {
            construct(shared, r);
        }
        if (depth < DEPTH) {
            region(shared, r.nextLong(), depth + 1);
        }
    }

    private static void construct(Shared shared, SplittableRandom r) {
        int n = 8 + r.nextInt(56);
        long sub = r.nextLong();
        switch (r.nextInt(12)) {
            case 0 -> {
                Schedule schedule = schedule(r);
                if (r.nextBoolean()) {
                    Omp.forLoopNowait(0, n, schedule, i -> Work.spin(i, 50));
                } else {
                    Omp.forLoop(0, n, schedule, i -> Work.spin(i, 50));
                }
            }
            case 1 -> {
                Runnable[] sections = {() -> Work.spin(1, 200), () -> Work.spin(2, 200), () -> Work.spin(3, 200)};
                if (r.nextBoolean()) {
                    Omp.sectionsNowait(sections);
                } else {
                    Omp.sections(sections);
                }
            }
            case 2 -> {
                if (r.nextBoolean()) {
                    Omp.singleNowait(() -> Work.spin(n, 200));
                } else {
                    Omp.single(() -> Work.spin(n, 200));
                }
            }
            case 3 -> Omp.master(() -> Work.spin(n, 200));
            case 4 -> Omp.critical(CRITICAL_NAMES[r.nextInt(CRITICAL_NAMES.length)], () -> shared.guarded++);
            case 5 -> Omp.atomic(() -> shared.guarded++);
            case 6 -> Omp.barrier();
            case 7 -> {
                // One array for the whole team (copyprivate): the ordered blocks run one at a time, in order.
                long[] last = Omp.singleCopy(() -> new long[] {-1});
                Omp.forLoopOrdered(0, n, schedule(r), i -> {
                    Work.spin(i, 50);
                    Omp.ordered(() -> {
                        Work.check(last[0] == i - 1, "ordered block " + i + " after " + last[0]);
                        last[0] = i;
                    });
                });
            }
            case 8 -> {
                int sum = Omp.forReduce(0, n, IntReduction.SUM, i -> i);
                Work.check(sum == n * (n - 1) / 2, "reduction sum " + sum + " of 0.." + (n - 1));
            }
            case 9 -> {
                shared.ompLock.set();
                shared.guarded++;
                shared.ompLock.unset();
                shared.ompNestLock.set();
                shared.ompNestLock.set();
                shared.guarded++;
                shared.ompNestLock.unset();
                shared.ompNestLock.unset();
            }
            case 10 -> Omp.single(() -> dependentTasks(sub));
            default -> {
                Omp.task(() -> Work.spin(sub, 100));
                Omp.taskyield();
                Omp.taskgroup(() -> Omp.task(() -> Omp.task(() -> Work.spin(sub, 100))));
                Omp.taskwait();
            }
        }
    }

    private static Schedule schedule(SplittableRandom r) {
        int chunk = 1 + r.nextInt(8);
        return switch (r.nextInt(6)) {
            case 0 -> Schedule.staticSchedule();
            case 1 -> Schedule.staticChunked(chunk);
            case 2 -> Schedule.dynamic(chunk);
            case 3 -> Schedule.guided(chunk);
            case 4 -> Schedule.auto();
            default -> Schedule.runtime();
        };
    }

    /**
     * Sibling tasks with random {@code in}/{@code out} dependences on three cells, some untied, final,
     * mergeable or undeferred, some creating children: a writer of a cell is never concurrent with another
     * task of that cell, so each cell ends with exactly the increments its writers made.
     */
    static void dependentTasks(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[][] cells = {new int[1], new int[1], new int[1]};
        int[] writes = new int[3];
        int tasks = 4 + r.nextInt(12);
        for (int t = 0; t < tasks; t++) {
            int written = r.nextInt(3);
            int read = r.nextInt(3);
            TaskOptions options = new TaskOptions().out(cells[written]);
            if (read != written) {
                options.in(cells[read]);
            }
            switch (r.nextInt(6)) {
                case 0 -> options.untied();
                case 1 -> options.finalClause(true);
                case 2 -> options.mergeable();
                case 3 -> options.ifClause(false);
                default -> { }
            }
            writes[written]++;
            boolean children = r.nextInt(4) == 0;
            Omp.task(options, () -> {
                int before = cells[written][0];
                Work.spin(before, 100);
                if (children) {
                    Omp.task(() -> Work.spin(before, 100));
                    Omp.taskwait();
                }
                cells[written][0] = before + 1;
            });
        }
        Omp.taskwait();
        for (int c = 0; c < 3; c++) {
            Work.check(cells[c][0] == writes[c], "cell " + c + " written " + cells[c][0] + " times, not " + writes[c]);
        }
    }
}
