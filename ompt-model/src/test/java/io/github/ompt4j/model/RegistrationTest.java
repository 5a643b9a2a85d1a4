package io.github.ompt4j.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RegistrationTest {

    @AfterEach
    void forgetTools() {
        Ompt.resetForTests();
    }

    @Test
    void ompToolIsEnabledByDefaultCaseInsensitiveAndTrimmed() {
        assertTrue(Ompt.toolsEnabled(null));
        assertTrue(Ompt.toolsEnabled(""), "empty is unset, as for every OMP_ variable");
        assertTrue(Ompt.toolsEnabled(" \t"));
        assertTrue(Ompt.toolsEnabled("enabled"));
        assertTrue(Ompt.toolsEnabled("  ENABLED\t"));
        assertFalse(Ompt.toolsEnabled("disabled"));
        assertFalse(Ompt.toolsEnabled(" Disabled "));
        for (String bad : new String[] {"on", "true", "enable", "dis abled", "0"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Ompt.toolsEnabled(bad));
            assertTrue(e.getMessage().contains("OMP_TOOL"), e.getMessage());
            assertTrue(e.getMessage().contains("'enabled' and 'disabled'"), e.getMessage());
        }
    }

    @Test
    void setCallbackAnswersFromTheTableOfWhatThisRuntimeImplements() {
        OmptCallback.ParallelBegin pb = (p, f, id, n, c, i) -> { };
        OmptCallback.Target target = new OmptCallback.Target() { };
        Recorder tool = new Recorder(r -> {
            assertEquals(4, r.register(OmptEvent.PARALLEL_BEGIN, pb));
            assertEquals(2, r.register(OmptEvent.TARGET_TASK_BEGIN, target));
            assertEquals(2, r.register(OmptEvent.TARGET_DATA_MAP_END, target));
            assertEquals(1, r.register(OmptEvent.FLUSH, (OmptCallback.ThreadId) id -> { }));
            assertEquals(3, r.register(OmptEvent.TASK_DEPENDENCE_PAIR, (OmptCallback.TaskPair) (a, b) -> { }));
            assertEquals(0, r.register(OmptEvent.PARALLEL_END, pb), "a callback of the wrong signature");
            assertEquals(0, r.register(null, pb), "no event");
            assertEquals(0, r.register(OmptEvent.PARALLEL_END, null), "no callback");
        });
        Ompt.start(List.of(tool));
        assertEquals(1, tool.initializations);
        assertEquals(0, tool.set.setCallback(OmptEvent.PARALLEL_END, (OmptCallback.ParallelEnd) (p, t, i, c) -> { }),
                "registration is closed once initialize returned");
        assertTrue(OmptDispatch.enabled(OmptEvent.PARALLEL_BEGIN));
        assertFalse(OmptDispatch.enabled(OmptEvent.PARALLEL_END));
        assertFalse(OmptDispatch.enabled(OmptEvent.FLUSH), "answer 1 keeps nothing");
        assertFalse(OmptDispatch.enabled(OmptEvent.TARGET_TASK_BEGIN));
        assertTrue(OmptDispatch.enabled(OmptEvent.TASK_DEPENDENCE_PAIR));

        OmptApi.GetCallback get = (OmptApi.GetCallback) tool.lookup.lookup("ompt_get_callback");
        OmptCallback[] out = new OmptCallback[1];
        assertEquals(1, get.getCallback(OmptEvent.PARALLEL_BEGIN, out));
        assertSame(pb, out[0]);
        assertEquals(0, get.getCallback(OmptEvent.PARALLEL_END, out));
        assertEquals(0, get.getCallback(OmptEvent.TARGET_TASK_BEGIN, out));
    }

    @Test
    void setCallbackFromAnotherThreadDuringInitializeIsAnError() {
        int[] fromElsewhere = new int[1];
        Recorder tool = new Recorder(r -> {
            Thread other = new Thread(() -> fromElsewhere[0] = r.set.setCallback(OmptEvent.CONTROL,
                    (OmptCallback.Control) (c, m) -> { }));
            other.start();
            try {
                other.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        Ompt.start(List.of(tool));
        assertEquals(0, fromElsewhere[0]);
    }

    @Test
    void lookupFindsEveryOmptFunctionByNameAndNothingElse() {
        Recorder tool = new Recorder(r -> { });
        Ompt.start(List.of(tool));
        for (String name : new String[] {"ompt_enumerate_state", "ompt_enumerate_lock_types",
            "ompt_enumerate_atomic_types", "ompt_set_callback", "ompt_get_callback", "ompt_get_thread_id",
            "ompt_get_state", "ompt_get_parallel_id", "ompt_get_parallel_team_size", "ompt_get_task_info"}) {
            assertNotNull(tool.lookup.lookup(name), name);
        }
        assertTrue(tool.lookup.lookup("ompt_get_parallel_id") instanceof OmptApi.GetParallelId);
        assertNull(tool.lookup.lookup("ompt_get_num_devices"), "target functions are not available");
        assertNull(tool.lookup.lookup("ompt_no_such_function"));
        assertNull(tool.lookup.lookup(null));
    }

    @Test
    void aToolThatDeclinesIsNeverInitialized() {
        Recorder declining = new Recorder(r -> { }) {
            @Override
            public boolean accept() {
                return false;
            }
        };
        Ompt.start(List.of(declining));
        assertEquals(0, declining.initializations);
    }

    @Test
    void everyToolGetsEachEventInToolOrderAndAFailingToolDisturbsNobody() throws Exception {
        List<String> order = new java.util.ArrayList<>();
        Recorder first = new Recorder(r -> r.register(OmptEvent.CONTROL, (OmptCallback.Control) (c, m) -> {
            synchronized (order) {
                order.add("first:" + c);
            }
            throw new IllegalStateException("tool bug");
        }));
        Recorder second = new Recorder(r -> r.register(OmptEvent.CONTROL, (OmptCallback.Control) (c, m) -> {
            synchronized (order) {
                order.add("second:" + c);
            }
        }));
        Ompt.start(List.of(first, second));
        long failuresBefore = ToolFailures.total();
        OnThread.run("app", () -> {
            Ompt.control(1, 0);
            Ompt.control(65, 7);
        });
        assertEquals(List.of("first:1", "second:1", "first:65", "second:65"), order);
        assertEquals(failuresBefore + 2, ToolFailures.total());
    }

    @Test
    void controlPassesStandardAndToolSpecificCommandsAndDropsReservedOnes() throws Exception {
        Recorder tool = new Recorder(r -> r.register(OmptEvent.CONTROL,
                (OmptCallback.Control) (c, m) -> r.record(c + "/" + m)));
        Ompt.start(List.of(tool));
        OnThread.run("app", () -> {
            for (long command : new long[] {0, 1, 2, 3, 4, 5, 63, 64, 1000, -1}) {
                Ompt.control(command, 9);
            }
        });
        assertEquals(List.of("1/9", "2/9", "3/9", "4/9", "64/9", "1000/9"), tool.events());
    }

    @Test
    void eventsRaisedByToolCodeAreDroppedSoCallbacksNeverNest() throws Exception {
        Recorder tool = new Recorder(r -> {
            r.register(OmptEvent.WAIT_LOCK, (OmptCallback.Lock) (w, h, i, c) -> {
                r.record("wait " + w);
                OmptThread me = OmptThreads.current();
                OmptRuntime.mutexAcquire(me, OmptMutexKind.LOCK, w + 1, 0, 1, 0, true);
                OmptRuntime.mutexAcquired(me, OmptMutexKind.LOCK, w + 1);
            });
            r.register(OmptEvent.ACQUIRED_LOCK, (OmptCallback.Wait) (w, c) -> r.record("acquired " + w));
        });
        Ompt.start(List.of(tool));
        OnThread.run("app", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, 100, 0, 1, 0, true);
            assertFalse(t.inTool());
            OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, 100);
            OmptRuntime.threadEnd(t);
        });
        assertEquals(List.of("wait 100", "acquired 100"), tool.events());
    }

    @Test
    void runtimeShutdownIsDeliveredOnce() throws Exception {
        Recorder tool = new Recorder(r -> r.register(OmptEvent.RUNTIME_SHUTDOWN,
                (OmptCallback.Shutdown) () -> r.record("shutdown")));
        Ompt.start(List.of(tool));
        OnThread.run("app", () -> {
            Ompt.shutdown();
            Ompt.shutdown();
        });
        assertEquals(List.of("shutdown"), tool.events());
    }

    @Test
    void nothingFollowsRuntimeShutdownEvenFromAThreadStillInARegion() throws Exception {
        Recorder tool = new Recorder(r -> {
            r.register(OmptEvent.RUNTIME_SHUTDOWN, (OmptCallback.Shutdown) () -> r.record("shutdown"));
            r.register(OmptEvent.WAIT_CRITICAL, (OmptCallback.Lock) (w, h, i, c) -> r.record("wait " + w));
        });
        Ompt.start(List.of(tool));
        assertTrue(OmptDispatch.tracking());
        OnThread.run("app", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.OTHER);
            OmptRuntime.mutexAcquire(t, OmptMutexKind.CRITICAL, 7, 0, 0, 0, true);
            Ompt.shutdown();
            OmptRuntime.mutexAcquire(t, OmptMutexKind.CRITICAL, 8, 0, 0, 0, true);
        });
        assertEquals(List.of("wait 7", "shutdown"), tool.events());
        assertFalse(OmptDispatch.tracking(), "hooks stop reporting once the runtime shut down");
    }

    /**
     * A callback another thread is running when the runtime shuts down ends before {@code runtime_shutdown} is
     * delivered, and a delivery that read the callbacks before the close but had not begun is dropped.
     */
    @Test
    void aDeliveryInProgressEndsBeforeRuntimeShutdown() throws Exception {
        CountDownLatch inCallback = new CountDownLatch(1);
        Recorder tool = new Recorder(r -> {
            r.register(OmptEvent.RUNTIME_SHUTDOWN, (OmptCallback.Shutdown) () -> r.record("shutdown"));
            r.register(OmptEvent.WAIT_CRITICAL, (OmptCallback.Lock) (w, h, i, c) -> {
                r.record("wait " + w + " begins");
                inCallback.countDown();
                LockSupport.parkNanos(50_000_000L);
                r.record("wait " + w + " ends");
            });
        });
        Ompt.start(List.of(tool));
        Thread app = new Thread(() -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.OTHER);
            OmptRuntime.mutexAcquire(t, OmptMutexKind.CRITICAL, 7, 0, 0, 0, true);
        }, "app");
        app.start();
        inCallback.await();
        OnThread.run("exit", Ompt::shutdown);
        app.join();
        OnThread.run("late", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.OTHER);
            assertFalse(t.enterTool(), "a delivery begun after the close is dropped");
        });
        assertEquals(List.of("wait 7 begins", "wait 7 ends", "shutdown"), tool.events());
    }

    @Test
    void discoverPutsNamedToolsFirstThenServiceLoaderProvidersEachOnce() {
        ClassLoader loader = getClass().getClassLoader();
        List<OmptTool> tools = Ompt.discover(List.of("print", ServiceLoadedTool.class.getName()), loader);
        assertEquals(2, tools.size());
        assertEquals("io.github.ompt4j.model.print.PrintTool", tools.get(0).getClass().getName());
        assertSame(ServiceLoadedTool.class, tools.get(1).getClass());
        List<OmptTool> provided = Ompt.discover(List.of(), loader);
        assertEquals(1, provided.size(), "the test resources register one provider");
        assertSame(ServiceLoadedTool.class, provided.get(0).getClass());
        List<OmptTool> once = Ompt.discover(List.of("print", "print", "io.github.ompt4j.model.print.PrintTool",
                ServiceLoadedTool.class.getName()), loader);
        assertEquals(2, once.size(), "a tool named or provided more than once is initialized once: " + once);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Ompt.discover(List.of("no.such.Tool"), loader));
        assertTrue(e.getMessage().startsWith("'no.such.Tool' cannot be loaded"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Ompt.discover(List.of("java.lang.String"), loader),
                "a class that is not a tool");
    }
}
