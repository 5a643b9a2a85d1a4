package io.github.ompt4j.adapters.weave;

import io.github.ompt4j.model.CallSites;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Marks the calls a program's class makes to the methods of {@link CallSiteMarking}s: each such call gets a
 * static call of the enter hook with the call site's token before it, and of the leave hook after it, which
 * receives what the enter hook returned. The token is taken as the class is woven, so the woven code passes a
 * constant. What enter returns waits in a local of its own, one past the method's own locals, from the enter
 * hook to the leave hook: no branch target lies between them, so the method's stack map frames stay valid as
 * they are (they never name that local), and the stack gains two slots for a moment. The
 * library's own classes (the owner's package) are not marked: their calls are the library's, and a construct
 * it runs for the program (a combined construct's loop) keeps the program's mark.
 */
final class CallSiteMarker extends ClassVisitor {
    /** The tag of a class entry of the constant pool (JVMS 4.4.1). */
    private static final int CONSTANT_CLASS = 7;
    private final List<CallSiteMarking> markings;
    /** Each method's {@code max_locals}, by name and descriptor: the first local its code never uses. */
    private final Map<String, Integer> maxLocals;
    private String className;
    private String sourceFile;
    private int marked;

    private CallSiteMarker(ClassVisitor next, List<CallSiteMarking> markings, Map<String, Integer> maxLocals) {
        super(ClassWeaver.API, next);
        this.markings = markings;
        this.maxLocals = maxLocals;
    }

    /**
     * The class file of {@code internalName} with its calls marked, or {@code null} if it makes none of those
     * calls. A call names its owner in a class entry of the constant pool, so a class file none of whose class
     * entries is a marked owner is left after reading the pool alone; so is a class of the owner's own package
     * (the library's classes, which load while the program's first regions run).
     */
    static byte[] mark(String internalName, byte[] classFile, List<CallSiteMarking> markings) {
        String packageName = CallSiteMarking.packageOf(internalName);
        List<CallSiteMarking> others = new ArrayList<>(markings.size());
        for (CallSiteMarking m : markings) {
            if (!m.isInPackage(packageName)) {
                others.add(m);
            }
        }
        if (others.isEmpty()) {
            return null;
        }
        ClassReader reader = new ClassReader(classFile);
        if (!namesAnyOwner(reader, classFile, others)) {
            return null;
        }
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        CallSiteMarker marker = new CallSiteMarker(writer, others, maxLocals(reader));
        reader.accept(marker, 0);
        return marker.marked == 0 ? null : writer.toByteArray();
    }

    /** Whether a class entry of the constant pool names the owner of one of {@code markings}. */
    private static boolean namesAnyOwner(ClassReader reader, byte[] classFile, List<CallSiteMarking> markings) {
        for (int i = 1; i < reader.getItemCount(); i++) {
            int entry = reader.getItem(i); // 0 for the slot after a long or a double
            if (entry > 0 && classFile[entry - 1] == CONSTANT_CLASS) {
                int name = reader.getItem(reader.readUnsignedShort(entry));
                for (CallSiteMarking m : markings) {
                    if (utf8Equals(reader, classFile, name, m.ownerBytes())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Whether the UTF-8 entry at {@code offset} holds {@code ascii}. */
    private static boolean utf8Equals(ClassReader reader, byte[] classFile, int offset, byte[] ascii) {
        if (reader.readUnsignedShort(offset) != ascii.length) {
            return false;
        }
        for (int j = 0; j < ascii.length; j++) {
            if (classFile[offset + 2 + j] != ascii[j]) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, Integer> maxLocals(ClassReader reader) {
        Map<String, Integer> maxLocals = new HashMap<>();
        reader.accept(new ClassVisitor(ClassWeaver.API) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                return new MethodVisitor(ClassWeaver.API) {
                    @Override
                    public void visitMaxs(int maxStack, int locals) {
                        maxLocals.put(name + descriptor, locals);
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return maxLocals;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        className = name.replace('/', '.');
        super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public void visitSource(String source, String debug) {
        sourceFile = source;
        super.visitSource(source, debug);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        return new CallMarker(super.visitMethod(access, name, descriptor, signature, exceptions), name,
                maxLocals.getOrDefault(name + descriptor, 0));
    }

    /** Marks the calls of one method, each with the line the class file gives for it. */
    private final class CallMarker extends MethodVisitor {
        private final String method;
        /** The local that holds what the enter hook returned until the leave hook takes it. */
        private final int markLocal;
        private int line = -1;

        CallMarker(MethodVisitor next, String method, int markLocal) {
            super(ClassWeaver.API, next);
            this.method = method;
            this.markLocal = markLocal;
        }

        @Override
        public void visitLineNumber(int lineNumber, Label start) {
            line = lineNumber;
            super.visitLineNumber(lineNumber, start);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            CallSiteMarking marking = markingOf(owner, name);
            if (marking == null) {
                super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
                return;
            }
            marked++;
            super.visitLdcInsn(CallSites.token(className, method, sourceFile, line));
            super.visitMethodInsn(Opcodes.INVOKESTATIC, marking.hooks(), CallSiteMarking.ENTER, "(J)Ljava/lang/Object;",
                    false);
            super.visitVarInsn(Opcodes.ASTORE, markLocal);
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            super.visitVarInsn(Opcodes.ALOAD, markLocal);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, marking.hooks(), CallSiteMarking.LEAVE, "(Ljava/lang/Object;)V",
                    false);
        }

        private CallSiteMarking markingOf(String owner, String name) {
            for (CallSiteMarking m : markings) {
                if (m.marks(owner, name)) {
                    return m;
                }
            }
            return null;
        }
    }
}
