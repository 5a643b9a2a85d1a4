package io.github.ompt4j.adapters.weave;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Weaves one class file: every method a {@link MethodWeaving} matches gets its hooks. Nothing is added
 * but code inside existing methods (no field, method or signature changes), so classes already loaded
 * can be retransformed. Frames are kept, not recomputed: recomputing them would load classes while the
 * class is being defined. No class is loaded at all; every field and type is read from the class file.
 */
final class ClassWeaver extends ClassVisitor {
    /** The ASM API level; the reader accepts class files up to the version this ASM knows. */
    static final int API = Opcodes.ASM9;

    private final TypeWeaving weaving;
    private final List<MethodWeaving> methods;
    private final Map<String, FieldInfo> fields = new HashMap<>();
    private final Set<MethodWeaving> matched = new HashSet<>();
    /** Only {@link #check}: every hook is inserted into an empty body and thrown away. */
    private final boolean checkOnly;
    /** The fields to add: none for a check, or for a loaded class woven without them. */
    private final List<AddedField> addedFields;
    /** The adapter whose health a failing hook disables. */
    private final String adapter;
    private String internalName;

    /** A field of the woven class, as woven code reads it. */
    record FieldInfo(String descriptor, boolean isStatic) {
    }

    private ClassWeaver(ClassVisitor next, TypeWeaving weaving, String adapter, boolean checkOnly,
            List<AddedField> addedFields) {
        super(API, next);
        this.adapter = adapter;
        this.weaving = weaving;
        this.methods = weaving.methods();
        this.checkOnly = checkOnly;
        this.addedFields = addedFields;
    }

    /**
     * The woven class file; {@code adapter}: the adapter of the weaving, whose health the hooks' failures go to;
     * {@code loaded}: the class is being retransformed, so nothing may be added.
     */
    static byte[] weave(byte[] classFile, TypeWeaving weaving, String adapter, boolean loaded) {
        if (loaded && !weaving.addedFields().isEmpty() && !weaving.addedFieldsOptional()) {
            throw new WeavingException(weaving.typeName() + " was loaded before the agent started, and fields cannot"
                    + " be added to a loaded class");
        }
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        ClassWeaver weaver = new ClassWeaver(writer, weaving, adapter, false, loaded ? List.of() : weaving.addedFields());
        reader.accept(weaver, ClassReader.EXPAND_FRAMES);
        return writer.toByteArray();
    }

    /**
     * Throws what {@link #weave} would throw for this class file, without reading or writing any method's code:
     * each matched method's hooks are inserted into an empty body of its signature (enter, a return, the
     * handler of an exit on throw), which meets every check of the woven types, fields and arguments. No code is
     * parsed or written, which made the start-up's checks of every woven type cheap; the agent checks a
     * framework's every type with it before weaving the first.
     */
    static void check(byte[] classFile, TypeWeaving weaving) {
        new ClassReader(classFile).accept(new ClassWeaver(null, weaving, "check", true, List.of()),
                ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        internalName = name;
        super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
        fields.put(name, new FieldInfo(descriptor, (access & Opcodes.ACC_STATIC) != 0));
        return super.visitField(access, name, descriptor, signature, value);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
            String[] exceptions) {
        MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
        if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
            return mv;
        }
        for (MethodWeaving m : methods) {
            if (m.matches(name, descriptor)) {
                matched.add(m);
                if (checkOnly) {
                    HookInserter.check(access, name, descriptor, m, this);
                    return null;
                }
                return HookInserter.into(mv, access, name, descriptor, m, this);
            }
        }
        return mv;
    }

    @Override
    public void visitEnd() {
        for (AddedField added : addedFields) {
            super.visitField(Opcodes.ACC_PUBLIC | Opcodes.ACC_TRANSIENT, added.name(), added.descriptor(), null, null)
                    .visitEnd();
        }
        for (MethodWeaving m : methods) {
            if (!m.optional && !matched.contains(m)) {
                throw new WeavingException(weaving.typeName() + " has no method " + m + " with code on JVM "
                        + Runtime.version());
            }
        }
        super.visitEnd();
    }

    String internalName() {
        return internalName;
    }

    String adapter() {
        return adapter;
    }

    FieldInfo field(String name) {
        FieldInfo f = fields.get(name);
        if (f == null) {
            throw new WeavingException(weaving.typeName() + " has no field " + name + " on JVM " + Runtime.version());
        }
        return f;
    }
}
