package io.github.ompt4j.agent.it;

import com.sun.tools.attach.VirtualMachine;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * What an inspection costs, for the README (not a test: timings are not asserted). {@code target}: 1,000 threads
 * waiting at a {@code CyclicBarrier}, and one thread that reads the clock in a loop and keeps the longest gap
 * between two reads, printed and reset on each input line. The driver (no arguments; run with the agent jar as
 * {@code -Dompt4j.agentJar=...} and the test classes and directive library on the class path) starts the
 * target under the agent (JVM options from {@code -Dinspectcost.jvm}), measures the longest gap over quiet seconds, then over seconds of back-to-back
 * snapshots read through JMX, and prints both with the snapshots' own and round-trip times.
 */
public final class InspectCost {
    private static final int THREADS = 1000;
    private static volatile long longestGap;

    private InspectCost() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("target")) {
            target();
        } else {
            drive(Integer.parseInt(args.length > 0 ? args[0] : "20"));
        }
    }

    private static void target() throws Exception {
        CyclicBarrier barrier = new CyclicBarrier(THREADS + 1);
        for (int i = 0; i < THREADS; i++) {
            Thread t = new Thread(() -> {
                try {
                    barrier.await();
                } catch (Exception e) {
                    // ended with the program
                }
            }, "waiter-" + i);
            t.setDaemon(true);
            t.start();
        }
        Thread clock = new Thread(() -> {
            long last = System.nanoTime();
            while (true) {
                long now = System.nanoTime();
                if (now - last > longestGap) {
                    longestGap = now - last;
                }
                last = now;
            }
        }, "clock");
        clock.setDaemon(true);
        clock.start();
        while (barrier.getNumberWaiting() < THREADS) {
            Thread.sleep(10);
        }
        System.out.println("ready");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        while (in.readLine() != null) {
            System.out.println(longestGap / 1000 + " " + allocatedBytes() + " " + collections());
            longestGap = 0;
        }
    }

    /** Bytes allocated so far by every live thread (the JMX connection's, which build the answers, included). */
    private static long allocatedBytes() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long a : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(0, a);
        }
        return sum;
    }

    private static long collections() {
        long sum = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += gc.getCollectionCount();
        }
        return sum;
    }

    /** The target's answer to an input line: the longest clock gap (us), bytes allocated, collections so far. */
    private record Said(long gapMicros, long allocated, long collections) {
        static Said read(BufferedReader out) throws java.io.IOException {
            String[] f = out.readLine().split(" ");
            return new Said(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]));
        }
    }

    private static void drive(int reads) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(List.of(System.getProperty("inspectcost.jvm", "-Xss256k").split(" ")));
        command.addAll(List.of("-javaagent:" + AgentRun.agentJar() + "=inspect=on", "-cp",
                System.getProperty("java.class.path"), InspectCost.class.getName(), "target"));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            PrintStream in = new PrintStream(p.getOutputStream(), true, StandardCharsets.UTF_8);
            while (!"ready".equals(out.readLine())) {
                // starting
            }
            VirtualMachine vm = VirtualMachine.attach(Long.toString(p.pid()));
            try (JMXConnector jmx = JMXConnectorFactory.connect(new JMXServiceURL(vm.startLocalManagementAgent()))) {
                MBeanServerConnection c = jmx.getMBeanServerConnection();
                ObjectName name = new ObjectName("io.github.ompt4j:type=Ompt");
                while (!c.isRegistered(name)) {
                    Thread.sleep(10);
                }
                c.getAttribute(name, "Snapshot"); // warm the path once
                in.println();
                Said before = Said.read(out);
                long quietStart = System.nanoTime();
                Thread.sleep(reads * 200L);
                in.println();
                Said quiet = Said.read(out);
                long quietMillis = (System.nanoTime() - quietStart) / 1_000_000;
                long worstRound = 0;
                long worstTook = 0;
                long sumRound = 0;
                int threads = 0;
                long busyStart = System.nanoTime();
                for (int i = 0; i < reads; i++) {
                    long began = System.nanoTime();
                    CompositeData s = (CompositeData) c.getAttribute(name, "Snapshot");
                    long round = (System.nanoTime() - began) / 1000;
                    sumRound += round;
                    worstRound = Math.max(worstRound, round);
                    worstTook = Math.max(worstTook, (Long) s.get("tookMicros"));
                    threads = ((CompositeData[]) s.get("threads")).length;
                    Thread.sleep(200 - Math.min(200, round / 1000));
                }
                in.println();
                Said busy = Said.read(out);
                System.out.printf("%d threads in the snapshot; %d reads: round trip mean %.1f ms, worst %.1f ms; snapshot"
                        + " taken in at most %.1f ms%n", threads, reads, sumRound / 1000.0 / reads, worstRound / 1000.0,
                        worstTook / 1000.0);
                System.out.printf("longest clock gap: %d us over %d ms quiet, %d us over %d ms of reads%n", quiet.gapMicros,
                        quietMillis, busy.gapMicros, (System.nanoTime() - busyStart) / 1_000_000);
                System.out.printf("allocated: %d KB while quiet, %d KB a read; collections: %d while quiet, %d during the"
                        + " reads%n", (quiet.allocated - before.allocated) / 1024,
                        (busy.allocated - quiet.allocated) / 1024 / reads, quiet.collections - before.collections,
                        busy.collections - quiet.collections);
            } finally {
                vm.detach();
            }
        } finally {
            p.destroyForcibly();
        }
    }
}
