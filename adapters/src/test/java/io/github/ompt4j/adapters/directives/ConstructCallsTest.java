package io.github.ompt4j.adapters.directives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.adapters.weave.Weaver;
import io.github.ompt4j.hooks.directives.DirectiveCallSites;
import io.github.ompt4j.model.CallSites;
import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.OmpLock;
import io.github.ompt4j.omp.OmpNestLock;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The marked calls exist in the library, and a program's class gets each of its construct calls marked with
 * the call site a stack walk would find, while the library's own classes and its inquiry calls are left alone.
 */
class ConstructCallsTest {
    private static final String HOOKS = DirectiveCallSites.class.getName().replace('.', '/');

    @Test
    void everyMarkedNameIsALibraryConstructOrLockOperation() {
        List<String> omp = Arrays.stream(Omp.class.getMethods())
                .filter(m -> Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() == Omp.class)
                .map(Method::getName).toList();
        for (String name : ConstructCalls.OMP_CONSTRUCTS) {
            assertTrue(omp.contains(name), "Omp has no public static " + name);
        }
        for (Class<?> lock : List.of(OmpLock.class, OmpNestLock.class)) {
            List<String> names = new ArrayList<>(Arrays.stream(lock.getMethods()).map(Method::getName).toList());
            if (Arrays.stream(lock.getConstructors()).anyMatch(c -> Modifier.isPublic(c.getModifiers()))) {
                names.add("<init>");
            }
            for (String name : ConstructCalls.LOCK_OPERATIONS) {
                assertTrue(names.contains(name), lock.getSimpleName() + " has no public " + name);
            }
        }
    }

    /** What a program's class does; the line of each call is taken on the same line. */
    static final class Program {
        static int setLine;
        static int criticalLine;
        static int inquiryLine;

        static void run() {
            OmpLock lock = new OmpLock(); setLine = line(); lock.set();
            Omp.critical("ledger", () -> { }); criticalLine = line();
            Omp.threadNum(); inquiryLine = line();
            lock.unset();
        }

        private static int line() {
            return new Throwable().getStackTrace()[1].getLineNumber();
        }
    }

    @Test
    void aProgramsConstructCallsAreMarkedWithTheirCallSites() throws IOException {
        Program.run();
        List<String> calls = calls(mark(Program.class));
        String where = Program.class.getName() + ".run(ConstructCallsTest.java:";
        assertEquals(List.of(
                "enter " + where + Program.setLine + ")", "io/github/ompt4j/omp/OmpLock.<init>", "leave",
                "enter " + where + Program.setLine + ")", "io/github/ompt4j/omp/OmpLock.set", "leave",
                "enter " + where + Program.criticalLine + ")", "io/github/ompt4j/omp/Omp.critical", "leave",
                "io/github/ompt4j/omp/Omp.threadNum",
                "enter " + where + (Program.inquiryLine + 1) + ")", "io/github/ompt4j/omp/OmpLock.unset", "leave"),
                calls.stream().filter(c -> !c.endsWith(".line")).toList());
        assertEquals(CallSites.describe(Program.class.getName(), "run", "ConstructCallsTest.java", Program.setLine),
                where + Program.setLine + ")", "the marks are written as stack walks write call sites");
    }

    @Test
    void theLibrarysOwnCallsAndClassesWithoutConstructCallsAreLeftAlone() throws IOException {
        assertNull(mark(ConstructCallsTest.class.getClassLoader(), "io/github/ompt4j/omp/Helper",
                classCalling("io/github/ompt4j/omp/Helper")), "the library's own calls are not the program's");
        assertNotNull(mark(ConstructCallsTest.class.getClassLoader(), "com/example/Helper",
                classCalling("com/example/Helper")), "the same call in a program's class");
        assertNull(mark(String.class), "no construct call");
    }

    /** A class whose one method calls {@code Omp.barrier()}. */
    private static byte[] classCalling(String internalName) {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, internalName, null, "java/lang/Object", null);
        MethodVisitor mv = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "()V", null, null);
        mv.visitCode();
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "io/github/ompt4j/omp/Omp", "barrier", "()V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }

    private static byte[] mark(Class<?> type) throws IOException {
        String internalName = type.getName().replace('.', '/');
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
            assertNotNull(in, internalName);
            return mark(ConstructCallsTest.class.getClassLoader(), internalName, in.readAllBytes());
        }
    }

    private static byte[] mark(ClassLoader loader, String internalName, byte[] classFile) {
        Weaver weaver = new Weaver(List.of(new DirectivesAdapter()), message -> { });
        return weaver.transform(ConstructCallsTest.class.getModule(), loader, internalName, null, null, classFile);
    }

    /**
     * The method calls of {@code run}, the enter hook's as {@code enter <site>} (its constant token described) and the
     * leave hook's as {@code leave}.
     */
    private static List<String> calls(byte[] classFile) {
        assertNotNull(classFile, "nothing was marked");
        List<String> calls = new ArrayList<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                return !name.equals("run") ? null : new MethodVisitor(Opcodes.ASM9) {
                    private Object constant;

                    @Override
                    public void visitLdcInsn(Object value) {
                        constant = value;
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String desc, boolean itf) {
                        if (owner.equals(HOOKS)) {
                            calls.add(method.equals("enter") ? "enter " + CallSites.describe((Long) constant) : method);
                        } else {
                            calls.add(owner + "." + method);
                        }
                    }
                };
            }
        }, 0);
        return calls;
    }
}
