package io.github.ompt4j.adapters.weave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.weave.caller.TargetCaller;
import java.io.IOException;
import java.io.InputStream;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Call-site marking on real classes: a program's call of a marked method is bracketed by the hooks, with the
 * call site's description; the library's own classes are left as they are, unparsed.
 */
class CallSiteMarkerTest {
    private static final List<CallSiteMarking> MARKINGS =
            List.of(new CallSiteMarking(Target.class.getName(), Set.of("scale"), MarkHooks.class));

    @BeforeEach
    void clear() {
        MarkHooks.CALLS.clear();
    }

    private static byte[] classFile(Class<?> type) throws IOException {
        try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
            return in.readAllBytes();
        }
    }

    private static String internalName(Class<?> type) {
        return type.getName().replace('.', '/');
    }

    /** {@code TargetCaller} marked and defined by a loader of its own, which verifies it. */
    private static Class<?> markedCaller() throws Exception {
        byte[] marked = CallSiteMarker.mark(internalName(TargetCaller.class), classFile(TargetCaller.class), MARKINGS);
        assertNotNull(marked);
        return new ClassLoader(CallSiteMarkerTest.class.getClassLoader()) {
            Class<?> define() {
                return defineClass(TargetCaller.class.getName(), marked, 0, marked.length);
            }
        }.define();
    }

    @Test
    void aProgramsCallIsBracketedByTheHooksWithItsCallSite() throws Exception {
        assertEquals(6.0, markedCaller().getMethod("call").invoke(null));
        assertEquals(2, MarkHooks.CALLS.size(), MarkHooks.CALLS.toString());
        String site = TargetCaller.class.getName() + ".call(TargetCaller.java:";
        assertTrue(MarkHooks.CALLS.get(0).startsWith("enter " + site), MarkHooks.CALLS.toString());
        assertEquals("leave" + MarkHooks.CALLS.get(0).substring("enter".length()), MarkHooks.CALLS.get(1),
                "the leave hook gets what the enter hook returned");
    }

    @Test
    void theMethodsOwnLocalsAndFramesSurviveTheMarks() throws Exception {
        assertEquals(21.0, markedCaller().getMethod("callInLoop", int.class).invoke(null, 4));
        assertEquals(8, MarkHooks.CALLS.size(), MarkHooks.CALLS.toString());
        for (int i = 0; i < 8; i += 2) {
            assertTrue(MarkHooks.CALLS.get(i).startsWith("enter " + TargetCaller.class.getName() + ".callInLoop("),
                    MarkHooks.CALLS.toString());
            assertEquals("leave" + MarkHooks.CALLS.get(i).substring("enter".length()), MarkHooks.CALLS.get(i + 1));
        }
    }

    @Test
    void theLibrarysOwnClassesAreLeftAsTheyAre() throws Exception {
        assertTrue(CallSiteMarker.mark(internalName(LibraryCaller.class), classFile(LibraryCaller.class), MARKINGS) == null,
                "a class of the marked owner's package was marked");
    }

    /**
     * The weaver marks a program's class whatever its domain, and leaves the classes of the domain its own
     * classes come from (the agent's jar, which calls no construct) unread.
     */
    @Test
    void theWeaverLeavesTheClassesOfItsOwnDomain() throws Exception {
        Adapter adapter = new Adapter() {
            @Override
            public String name() {
                return "call-site-marker-test";
            }

            @Override
            public List<TypeWeaving> types() {
                return List.of();
            }

            @Override
            public List<CallSiteMarking> callSites() {
                return MARKINGS;
            }

            @Override
            public List<Class<?>> hooks() {
                return List.of();
            }
        };
        Weaver weaver = new Weaver(List.of(adapter), line -> { });
        Module unnamed = getClass().getClassLoader().getUnnamedModule();
        byte[] caller = classFile(TargetCaller.class);
        String name = internalName(TargetCaller.class);
        ClassLoader loader = getClass().getClassLoader();
        assertNotNull(weaver.transform(unnamed, loader, name, null, new ProtectionDomain(null, null), caller));
        assertNotNull(weaver.transform(unnamed, loader, name, null, null, caller));
        assertTrue(weaver.transform(unnamed, loader, name, null, Weaver.class.getProtectionDomain(), caller) == null,
                "a class of the weaver's own domain was marked");
    }

    @Test
    void aClassThatNeverNamesTheOwnerIsLeftAsItIs() throws Exception {
        assertTrue(CallSiteMarker.mark(internalName(MarkHooks.class), classFile(MarkHooks.class), MARKINGS) == null,
                "a class that never names the owner was marked");
    }
}
