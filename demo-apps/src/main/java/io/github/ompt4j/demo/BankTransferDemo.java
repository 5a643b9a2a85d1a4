package io.github.ompt4j.demo;

import io.github.ompt4j.omp.LockHint;
import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.OmpLock;
import io.github.ompt4j.omp.Schedule;

/**
 * Contention on purpose: every thread moves money between a few accounts, each guarded by its own
 * {@link OmpLock} (taken in account order, so no deadlock), and appends to a shared ledger inside a named
 * critical section. The money in the bank is the same at the end.
 *
 * <p>{@code java -cp directives/target/classes:demo-apps/target/classes
 * io.github.ompt4j.demo.BankTransferDemo [transfers]}
 */
public final class BankTransferDemo {
    private static final int ACCOUNTS = 8;
    private static final long OPENING_BALANCE = 1_000;

    private BankTransferDemo() {
    }

    public static void main(String[] args) {
        int transfers = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        long[] balances = new long[ACCOUNTS];
        java.util.Arrays.fill(balances, OPENING_BALANCE);
        long[] ledger = new long[1];
        double start = Omp.wtime();
        runContendedTransfers(balances, ledger, transfers);
        long total = 0;
        for (long b : balances) {
            total += b;
        }
        System.out.printf("%d transfers on %d threads in %.1f ms: ledger %d entries, money %d (expected %d)%n",
                transfers, Omp.maxThreads(), (Omp.wtime() - start) * 1e3, ledger[0], total,
                ACCOUNTS * OPENING_BALANCE);
    }

    static void runContendedTransfers(long[] balances, long[] ledger, int transfers) {
        OmpLock[] locks = new OmpLock[balances.length];
        for (int k = 0; k < locks.length; k++) {
            locks[k] = new OmpLock(LockHint.CONTENDED);
        }
        Omp.parallel(() -> Omp.forLoop(0, transfers, Schedule.dynamic(64), i -> {
            int from = (int) ((i * 7919L) % balances.length);
            int to = (int) ((i * 104729L + 1) % balances.length);
            if (from != to) {
                transferBetweenAccounts(balances, locks, from, to, 1 + i % 10);
                appendToLedgerCritical(ledger);
            }
        }));
        for (OmpLock lock : locks) {
            lock.destroy();
        }
    }

    private static void transferBetweenAccounts(long[] balances, OmpLock[] locks, int from, int to, long amount) {
        OmpLock first = locks[Math.min(from, to)];
        OmpLock second = locks[Math.max(from, to)];
        first.set();
        second.set();
        try {
            balances[from] -= amount;
            balances[to] += amount;
        } finally {
            second.unset();
            first.unset();
        }
    }

    private static void appendToLedgerCritical(long[] ledger) {
        Omp.critical("ledger", () -> ledger[0]++);
    }
}
