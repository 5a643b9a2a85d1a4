package io.github.ompt4j.profile;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** {@link FoldSpeedBenchmark}'s measuring JVM: the report with every output, its time and peak heap. */
public final class FoldSpeedMain {
    private FoldSpeedMain() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Files.createTempDirectory("fold-speed");
        long start = System.nanoTime();
        int status = ProfileCommand.run(List.of(args[0], "--collapsed", out.resolve("c.txt").toString(), "--html",
                out.resolve("f.html").toString(), "--text", out.resolve("r.txt").toString(), "--timeline",
                out.resolve("t.html").toString()), System.out, System.err);
        double seconds = (System.nanoTime() - start) / 1e9;
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        if (status == ProfileCommand.OK) {
            System.out.println(Files.readAllLines(out.resolve("r.txt")).get(1));
        }
        System.out.printf(Locale.ROOT, "report status %d: %.2f s, peak heap %d MB (max %d MB), recording %d MB%n", status,
                seconds, peak >> 20, Runtime.getRuntime().maxMemory() >> 20, Files.size(Path.of(args[0])) >> 20);
        System.exit(status);
    }
}
