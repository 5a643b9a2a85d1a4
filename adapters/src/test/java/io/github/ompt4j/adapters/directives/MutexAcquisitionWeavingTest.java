package io.github.ompt4j.adapters.directives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.adapters.weave.Weaver;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A woven lock, critical or atomic acquisition touches nothing of the {@code Mutex} before the library's
 * {@code Mutex.lock} takes it: the agent adds no access to the mutex's cache line, which other threads contend
 * for, ahead of the compare-and-set. The hooks learn the mutex's ID in its slow path
 * ({@code Mutex.spinFor}, woven to report the thread blocked) or once it is held.
 */
class MutexAcquisitionWeavingTest {
    private static final String MUTEX = Library.MUTEX;

    @Test
    void acquisitionsReadNoMutexFieldBeforeTakingIt() throws IOException {
        assertEquals(List.of("Mutex.lock"), mutexUsesBeforeLock("io/github/ompt4j/omp/OmpLock", "acquire"));
        assertEquals(List.of("Mutex.lock"), mutexUsesBeforeLock("io/github/ompt4j/omp/OmpNestLock", "acquireFirst"));
        assertEquals(List.of("Mutex.lock"), mutexUsesBeforeLock("io/github/ompt4j/omp/Critical", "enter"));
        assertEquals(List.of("Mutex.lock"), mutexUsesBeforeLock("io/github/ompt4j/omp/Atomic", "enter"));
    }

    @Test
    void theSlowPathReportsTheThreadBlockedWithTheMutexsId() throws IOException {
        List<String> calls = new ArrayList<>();
        new ClassReader(woven("io/github/ompt4j/omp/Mutex")).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                return !name.equals("spinFor") ? null : new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitFieldInsn(int opcode, String owner, String field, String desc) {
                        calls.add("get " + field);
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String desc, boolean itf) {
                        calls.add(owner.substring(owner.lastIndexOf('/') + 1) + "." + method + desc);
                    }
                };
            }
        }, 0);
        assertTrue(calls.size() >= 2, calls.toString());
        assertEquals(List.of("get id", "MutexHooks.blocked(J)V"), calls.subList(0, 2), "the first thing spinFor does");
    }

    /**
     * The uses of the {@code Mutex} (field reads, calls) in the woven {@code method} of {@code type}, in order,
     * up to and including its first {@code Mutex.lock}.
     */
    private static List<String> mutexUsesBeforeLock(String type, String method) throws IOException {
        List<String> uses = new ArrayList<>();
        new ClassReader(woven(type)).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                return !name.equals(method) ? null : new MethodVisitor(Opcodes.ASM9) {
                    private boolean locked;

                    @Override
                    public void visitFieldInsn(int opcode, String owner, String field, String desc) {
                        if (!locked && owner.equals(MUTEX)) {
                            uses.add("Mutex." + field);
                        }
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String owner, String called, String desc, boolean itf) {
                        if (!locked && owner.equals(MUTEX)) {
                            uses.add("Mutex." + called);
                            locked = called.equals("lock");
                        }
                    }
                };
            }
        }, 0);
        return uses;
    }

    private static byte[] woven(String internalName) throws IOException {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
            assertNotNull(in, internalName);
            Weaver weaver = new Weaver(List.of(new DirectivesAdapter()), message -> { });
            byte[] woven = weaver.transform(MutexAcquisitionWeavingTest.class.getModule(),
                    MutexAcquisitionWeavingTest.class.getClassLoader(), internalName, null, null, in.readAllBytes());
            assertNotNull(woven, internalName + " was not woven");
            return woven;
        }
    }
}
