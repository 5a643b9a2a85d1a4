package io.github.ompt4j.agent.it;

import junit.framework.AssertionFailedError;
import junit.framework.Test;
import junit.framework.TestListener;
import junit.framework.TestResult;

/**
 * Runs JSR-166 TCK classes (JUnit 3 suites, by name: they are in the default package) in this JVM and
 * prints, on standard output, where each test starts and how it ended:
 *
 * <pre>
 * tck: start testSubmit(ForkJoinPoolTest)
 * tck: end testSubmit(ForkJoinPoolTest) pass
 * tck: failed testGet(CompletableFutureTest) java.lang.AssertionError: ...
 * tck: end testGet(CompletableFutureTest) failure
 * tck: done
 * </pre>
 *
 * Under the print tool the event lines interleave with these in the order they happened (both print
 * under {@code System.out}'s lock), so each event sits inside the test that caused it.
 */
public final class TckRunner {
    static final String START = "tck: start ";
    static final String END = "tck: end ";
    static final String DONE = "tck: done";

    private TckRunner() {
    }

    public static void main(String[] classes) throws ReflectiveOperationException {
        TestResult result = new TestResult();
        result.addListener(new Printer());
        for (String name : classes) {
            ((Test) Class.forName(name).getMethod("suite").invoke(null)).run(result);
        }
        System.out.println(DONE);
        // The TCK leaves daemon threads (its wedged-test detector) and pools' idle workers behind.
        System.exit(0);
    }

    /** Prints each test's start and outcome; an outcome is {@code pass}, {@code failure} or {@code error}. */
    private static final class Printer implements TestListener {
        private String outcome;

        @Override
        public void startTest(Test test) {
            outcome = "pass";
            System.out.println(START + test);
        }

        @Override
        public void addError(Test test, Throwable e) {
            outcome = "error";
            failed(test, e);
        }

        @Override
        public void addFailure(Test test, AssertionFailedError e) {
            outcome = "failure";
            failed(test, e);
        }

        private static void failed(Test test, Throwable e) {
            System.out.println("tck: failed " + test + " " + String.valueOf(e).replace('\n', ' '));
        }

        @Override
        public void endTest(Test test) {
            System.out.println(END + test + " " + outcome);
        }
    }
}
