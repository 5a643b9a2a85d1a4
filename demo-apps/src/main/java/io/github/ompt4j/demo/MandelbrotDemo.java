package io.github.ompt4j.demo;

import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.Schedule;

/**
 * Renders the Mandelbrot set row by row with a worksharing loop, once per schedule. Rows near the
 * middle cost far more than rows at the edges, so the static schedule leaves threads idle that dynamic
 * and guided keep busy.
 *
 * <p>{@code java -cp directives/target/classes:demo-apps/target/classes io.github.ompt4j.demo.MandelbrotDemo [size]}
 */
public final class MandelbrotDemo {
    static final int MAX_ITERATIONS = 2000;

    private MandelbrotDemo() {
    }

    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 600;
        Schedule[] schedules = {Schedule.staticSchedule(), Schedule.dynamic(4), Schedule.guided(2)};
        System.out.printf("Mandelbrot %dx%d, %d threads%n", size, size, Omp.maxThreads());
        for (Schedule schedule : schedules) {
            int[] image = new int[size * size];
            double start = Omp.wtime();
            renderMandelbrot(image, size, schedule);
            double seconds = Omp.wtime() - start;
            System.out.printf("  schedule %-10s %8.1f ms  points in the set: %d%n", schedule, seconds * 1e3,
                    countPointsInSet(image));
        }
    }

    /** Fills {@code image} with escape times; one loop iteration is one row. */
    static void renderMandelbrot(int[] image, int size, Schedule schedule) {
        Omp.parallel(() -> Omp.forLoop(0, size, schedule, row -> renderMandelbrotRow(image, size, row)));
    }

    private static void renderMandelbrotRow(int[] image, int size, int row) {
        double ci = -1.5 + 3.0 * row / size;
        for (int col = 0; col < size; col++) {
            image[row * size + col] = mandelbrotEscapeTime(-2.0 + 3.0 * col / size, ci);
        }
    }

    static int mandelbrotEscapeTime(double cr, double ci) {
        double zr = 0;
        double zi = 0;
        int n = 0;
        while (n < MAX_ITERATIONS && zr * zr + zi * zi <= 4.0) {
            double t = zr * zr - zi * zi + cr;
            zi = 2 * zr * zi + ci;
            zr = t;
            n++;
        }
        return n;
    }

    static int countPointsInSet(int[] image) {
        return Omp.parallelForReduce(0, image.length, io.github.ompt4j.omp.IntReduction.SUM,
                i -> image[i] == MAX_ITERATIONS ? 1 : 0);
    }
}
