package io.github.ompt4j.adapters.weave;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.arg;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.field;
import static io.github.ompt4j.adapters.weave.Value.returned;
import static io.github.ompt4j.adapters.weave.Value.self;
import static io.github.ompt4j.adapters.weave.Value.thrown;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.hooks.AdapterHealth;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The weaver on a real class: woven, defined in a throwaway loader (so the JVM verifies the code), and
 * run. Every hook records its call, and the tests assert the calls, their values and their order.
 */
class ClassWeaverTest {
    private static final Class<?> R = Recorder.class;
    private static final String ADAPTER = "woven-test";

    @BeforeEach
    void clear() {
        Recorder.CALLS.clear();
    }

    private static TypeWeaving weaving(MethodWeaving... methods) {
        return new TypeWeaving() {
            @Override
            public String typeName() {
                return Target.class.getName();
            }

            @Override
            public List<MethodWeaving> methods() {
                return List.of(methods);
            }
        };
    }

    private static Class<?> woven(MethodWeaving... methods) throws IOException {
        return woven(ADAPTER, methods);
    }

    private static Class<?> woven(String adapter, MethodWeaving... methods) throws IOException {
        byte[] original;
        try (InputStream in = Target.class.getResourceAsStream("Target.class")) {
            original = in.readAllBytes();
        }
        TypeWeaving weaving = weaving(methods);
        byte[] woven;
        try {
            woven = ClassWeaver.weave(original, weaving, adapter, false);
        } catch (WeavingException e) {
            WeavingException checked = assertThrows(WeavingException.class, () -> ClassWeaver.check(original, weaving),
                    "the check refuses what the weave refuses");
            assertEquals(e.getMessage(), checked.getMessage());
            throw e;
        }
        ClassWeaver.check(original, weaving);
        return new ClassLoader(ClassWeaverTest.class.getClassLoader()) {
            Class<?> define() {
                return defineClass(Target.class.getName(), woven, 0, woven.length);
            }
        }.define();
    }

    private static Object invoke(Class<?> c, Object target, String name, Class<?>[] types, Object... args)
            throws Throwable {
        try {
            return c.getMethod(name, types).invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @Test
    void enterAndExitHooksSeeArgumentsFieldsTheResultAndTheKeptValue() throws Throwable {
        Class<?> c = woven(method("add")
                .enter(call(R, "addBegin", self(), arg(0), arg(1), arg(2), field("size"), field("counter")).keep())
                .exit(call(R, "addEnd", returned(), entered())));
        Object t = c.getConstructor().newInstance();
        Object r = invoke(c, t, "add", new Class<?>[] {int.class, long.class, String.class}, 2, 3L, "x");
        assertEquals(5, r);
        assertEquals(List.of("addBegin Target 2 3 x 7 42", "addEnd 5 token"), Recorder.CALLS);
    }

    @Test
    void anExitHookOnExceptionsSeesTheExceptionWhichStillPropagates() throws Throwable {
        Class<?> c = woven(method("scale").enter(call(R, "scaleBegin", arg(0), arg(1)).keep())
                .exitAlways(call(R, "scaleEnd", thrown(), entered(), arg(1))));
        assertEquals(6.0, invoke(c, null, "scale", new Class<?>[] {double.class, long.class}, 1.5, 4L));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> invoke(c, null, "scale", new Class<?>[] {double.class, long.class}, 1.5, 0L));
        assertEquals("factor 0", e.getMessage());
        assertEquals(List.of("scaleBegin 1.5 4", "scaleEnd normal 40 4", "scaleBegin 1.5 0", "scaleEnd factor 0 0 0"),
                Recorder.CALLS);
    }

    @Test
    void anExitHookOnExceptionsCanTakeTheReturnedValueWhichIsZeroWhenTheMethodThrows() throws Throwable {
        Class<?> c = woven(method("scale").exitAlways(call(R, "scaleResult", returned(), thrown(), arg(1))));
        assertEquals(6.0, invoke(c, null, "scale", new Class<?>[] {double.class, long.class}, 1.5, 4L));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> invoke(c, null, "scale", new Class<?>[] {double.class, long.class}, 1.5, 0L));
        assertEquals("factor 0", e.getMessage());
        assertEquals(List.of("scaleResult 6.0 normal 4", "scaleResult 0.0 factor 0 0"), Recorder.CALLS);
    }

    @Test
    void theMethodsOwnHandlersComeBeforeTheWovenOne() throws Throwable {
        Class<?> c = woven(method("recover").exitAlways(call(R, "recoverEnd", thrown(), arg(0))));
        Object t = c.getConstructor().newInstance();
        assertEquals("recovered", invoke(c, t, "recover", new Class<?>[] {String.class}, (Object) null));
        assertEquals(List.of("recoverEnd normal null"), Recorder.CALLS);
    }

    @Test
    void aHookCanReplaceTheReturnedValue() throws Throwable {
        Class<?> c = woven(method("flag").exit(call(R, "flip", returned()).replaceReturn()));
        assertEquals(true, invoke(c, c.getConstructor().newInstance(), "flag", new Class<?>[0]));
        assertEquals(List.of("flip false"), Recorder.CALLS);
    }

    @Test
    void aConstructorsExitHookCanFillAField() throws Throwable {
        Class<?> c = woven(MethodWeaving.constructor().exit(call(R, "created", field("size")).storeIn("slot")));
        Object t = c.getConstructor().newInstance();
        assertEquals("made in the constructor", c.getField("slot").get(t));
        assertEquals(List.of("created 7"), Recorder.CALLS);
    }

    @Test
    void loopsKeepTheirFramesWithANewLocal() throws Throwable {
        Class<?> c = woven(method("loop").enter(call(R, "loopBegin").keep())
                .exitAlways(call(R, "loopEnd", thrown(), entered(), field("size"))));
        Object t = c.getConstructor().newInstance();
        invoke(c, t, "loop", new Class<?>[] {int.class}, 5);
        assertEquals(List.of("loopBegin", "loopEnd 3 12"), Recorder.CALLS);
    }

    /**
     * Hooks that throw, at every place a hook runs: woven code catches what they throw before any handler of the
     * method, the method returns what it would have returned (or throws its own exception), a kept result and a field
     * the hook fills are zero, and the adapter is disabled with one warning that names it.
     */
    @Test
    void aHookThatThrowsIsCaughtInTheWovenCodeWhichGoesOnAsIfItReturnedZero() throws Throwable {
        String adapter = "faulty";
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            Class<?> add = woven(adapter, method("add").enter(call(R, "failingBegin", self()).keep())
                    .exit(call(R, "addEnd", returned(), entered())));
            assertEquals(5, invoke(add, add.getConstructor().newInstance(), "add",
                    new Class<?>[] {int.class, long.class, String.class}, 2, 3L, "x"));
            Class<?> loop = woven(adapter, method("loop").enter(call(R, "failingLoopBegin").keep())
                    .exitAlways(call(R, "loopEnd", thrown(), entered(), field("size"))));
            invoke(loop, loop.getConstructor().newInstance(), "loop", new Class<?>[] {int.class}, 5);
            Class<?> flag = woven(adapter, method("flag").exit(call(R, "failingFlip", returned()).replaceReturn()));
            assertEquals(false, invoke(flag, flag.getConstructor().newInstance(), "flag", new Class<?>[0]));
            Class<?> recover = woven(adapter, method("recover").exitAlways(call(R, "failingEnd", thrown(), arg(0))));
            assertEquals("kept", invoke(recover, recover.getConstructor().newInstance(), "recover",
                    new Class<?>[] {String.class}, "kept"));
            Class<?> scale = woven(adapter, method("scale").exitAlways(call(R, "failingScaleEnd", returned(), thrown())));
            assertEquals(6.0, invoke(scale, null, "scale", new Class<?>[] {double.class, long.class}, 1.5, 4L));
            IllegalArgumentException own = assertThrows(IllegalArgumentException.class,
                    () -> invoke(scale, null, "scale", new Class<?>[] {double.class, long.class}, 1.5, 0L));
            assertEquals("factor 0", own.getMessage());
            Class<?> created = woven(adapter, MethodWeaving.constructor().exit(call(R, "failingCreated", field("size"))
                    .storeIn("slot")));
            assertEquals(null, created.getField("slot").get(created.getConstructor().newInstance()));
        } finally {
            System.setErr(err);
        }
        assertEquals(List.of("failingBegin", "addEnd 5 null", "failingLoopBegin", "loopEnd 0 12", "failingFlip",
                "failingEnd normal", "failingScaleEnd 6.0 normal", "failingScaleEnd 0.0 factor 0", "failingCreated"),
                Recorder.CALLS);
        AdapterHealth health = AdapterHealth.of(adapter);
        assertFalse(health.enabled());
        assertEquals(7, health.failures());
        assertEquals(List.of("ompt4j [warn] adapter 'faulty' is disabled after a failure in Recorder.failingBegin:"
                + " java.lang.IllegalStateException: failingBegin is broken; the application goes on without its events"),
                captured.toString(StandardCharsets.UTF_8).lines().toList());
        assertTrue(AdapterHealth.of(ADAPTER).enabled(), "only the adapter whose weaving called the hook");
    }

    @Test
    void aMissingMethodOrFieldOrAValueOfTheWrongTypeIsRefused() {
        WeavingException missing = assertThrows(WeavingException.class, () -> woven(method("absent")
                .exit(call(R, "loopBegin"))));
        assertTrue(missing.getMessage().contains("has no method absent"), missing.getMessage());
        WeavingException field = assertThrows(WeavingException.class, () -> woven(method("flag")
                .exit(call(R, "created", field("nope")))));
        assertTrue(field.getMessage().contains("has no field nope"), field.getMessage());
        WeavingException type = assertThrows(WeavingException.class, () -> woven(method("add")
                .enter(call(R, "takesLong", arg(0)))));
        assertTrue(type.getMessage().contains("arg0 is a int, the hook wants a long"), type.getMessage());
    }

    @Test
    void anOptionalMethodMayBeMissing() throws Throwable {
        Class<?> c = woven(method("absent").optional().exit(call(R, "loopBegin")));
        assertEquals(false, invoke(c, c.getConstructor().newInstance(), "flag", new Class<?>[0]));
    }

    @Test
    void declarationsThatCannotWorkFailWhenDeclared() {
        assertThrows(IllegalArgumentException.class, () -> call(R, "noSuchHook"));
        assertThrows(IllegalArgumentException.class, () -> call(R, "typed", arg(2)));
        assertThrows(IllegalArgumentException.class, () -> call(R, "addEnd", returned()));
        assertThrows(IllegalArgumentException.class,
                () -> method("flag").exitAlways(call(R, "flip", returned()).replaceReturn()));
        assertThrows(IllegalArgumentException.class, () -> method("flag").exit(call(R, "addEnd", returned(), entered())));
        assertThrows(IllegalArgumentException.class, () -> call(R, "addEnd", arg(0), returned()));
    }
}
