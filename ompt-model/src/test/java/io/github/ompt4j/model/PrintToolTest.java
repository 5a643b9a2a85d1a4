package io.github.ompt4j.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.model.print.PrintTool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The print tool's lines: LLVM's shape, per thread in order, with IDs that relate as the events say. */
class PrintToolTest {
    private static final Pattern LINE = Pattern.compile("^(\\d+): (ompt_event_\\w+)(: .*)?$");

    @AfterEach
    void forgetTools() {
        Ompt.resetForTests();
    }

    @Test
    void aRegionWithALockPrintsOneWellFormedLinePerEventPerThread() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Ompt.start(List.of(new PrintTool(new PrintStream(bytes, true, StandardCharsets.UTF_8))));
        OnThread.run("initial", () -> {
            OmptThread main = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            OmptParallel region = OmptRuntime.parallelBegin(main, 1, 1, OmptInvoker.PROGRAM, 0x1234);
            OmptRuntime.implicitTaskBegin(main, region, 0);
            long lock = main.nextId();
            OmptRuntime.lockInit(main, OmptMutexKind.LOCK, lock, 0, OmptLockImpl.OMP_LOCK, 0);
            OmptRuntime.mutexAcquire(main, OmptMutexKind.LOCK, lock, 0, OmptLockImpl.OMP_LOCK.code(), 0x99, true);
            OmptRuntime.mutexAcquired(main, OmptMutexKind.LOCK, lock);
            OmptRuntime.mutexReleased(main, OmptMutexKind.LOCK, lock, 0x99);
            OmptRuntime.syncRegionBegin(main, OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL, 0x1234);
            OmptRuntime.syncWaitBegin(main, region.id());
            OmptRuntime.syncWaitEnd(main);
            OmptRuntime.syncRegionEnd(main);
            OmptRuntime.implicitTaskEnd(main);
            OmptRuntime.parallelEnd(main, region);
            Ompt.control(2, 0);
            OmptRuntime.lockDestroy(main, lock, 0);
            Ompt.control(1, 0);
            OmptRuntime.threadEnd(main);
        });
        List<String> lines = Arrays.asList(bytes.toString(StandardCharsets.UTF_8).split("\n"));
        for (String line : lines) {
            assertTrue(LINE.matcher(line).matches(), line);
        }
        assertEquals(1, lines.stream().map(l -> l.substring(0, l.indexOf(':'))).distinct().count(), "one thread");
        assertEquals(List.of("thread_begin", "initial_task_begin", "parallel_begin", "implicit_task_begin",
                "init_lock", "wait_lock", "acquired_lock", "release_lock", "barrier_begin", "wait_barrier_begin",
                "wait_barrier_end", "barrier_end", "implicit_task_end", "parallel_end", "control", "control",
                "initial_task_end", "thread_end"), names(lines), "destroy_lock was printed while paused");

        String initial = value(lines.get(1), "task_id");
        assertEquals(initial, value(lines.get(2), "parent_task_id"));
        String parallel = value(lines.get(2), "parallel_id");
        assertTrue(parallel.matches("0x[0-9a-f]+"), parallel);
        assertEquals("1", value(lines.get(2), "requested_team_size"));
        assertEquals("0x1234", value(lines.get(2), "codeptr_ra"));
        assertEquals(parallel, value(lines.get(3), "parallel_id"));
        String implicit = value(lines.get(3), "task_id");
        assertEquals("0", value(lines.get(3), "thread_num"));
        String waitId = value(lines.get(4), "wait_id");
        assertTrue(waitId.matches("\\d+"), "wait IDs are decimal: " + waitId);
        assertEquals(waitId, value(lines.get(5), "wait_id"));
        assertEquals("1", value(lines.get(5), "impl"));
        assertEquals(waitId, value(lines.get(7), "wait_id"));
        assertEquals(implicit, value(lines.get(8), "task_id"));
        assertEquals("ompt_sync_region_barrier_implicit_parallel", value(lines.get(9), "kind"));
        assertEquals(parallel, value(lines.get(13), "parallel_id"));
        assertEquals(initial, value(lines.get(13), "task_id"));
        assertEquals("2", value(lines.get(14), "command"));
        assertEquals(initial, value(lines.get(16), "task_id"));
    }

    private static List<String> names(List<String> lines) {
        List<String> names = new ArrayList<>();
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches(), line);
            names.add(m.group(2).substring("ompt_event_".length()));
        }
        return names;
    }

    private static String value(String line, String key) {
        Matcher m = Pattern.compile("[ ,]" + Pattern.quote(key) + "=([^,]+)").matcher(line);
        assertTrue(m.find(), key + " in " + line);
        return m.group(1);
    }

    @Test
    void everyEventWithACallbackSignatureIsRegisteredByThePrintTool() {
        PrintTool tool = new PrintTool(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        Ompt.start(List.of(tool));
        List<String> missing = Arrays.stream(OmptEvent.values())
                .filter(e -> e.support().registers() && !OmptDispatch.enabled(e))
                .map(OmptEvent::ompName).collect(Collectors.toList());
        assertEquals(List.of(), missing);
    }
}
