package io.github.ompt4j.adapters.weave;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.GeneratorAdapter;
import org.objectweb.asm.commons.Method;

/**
 * Inserts one method's hooks. The enter hook runs first (its kept result goes into a new local). The
 * exit hook runs before every return and, for {@link MethodWeaving#exitAlways}, in a handler that covers
 * the whole original body, placed last in the exception table so the method's own handlers still come
 * first, and rethrows; the handler keeps the exception in a new local while it calls the hook, which then
 * receives the return type's zero as the returned value.
 *
 * <p><b>Guards.</b> Every hook call is guarded: a handler of its own, first in the exception table (so no
 * handler of the method sees a hook's failure), hands what the hook threw to its adapter's health
 * ({@code AdapterHealth.hookFailed}: the first failure disables the adapter with one warning), then goes on
 * as if the hook had returned zero: a kept result, or a field the hook fills, is zero (null, false); a
 * replaced return value is the method's own. So hooks hold no {@code try}/{@code catch}.
 * The handler clears the operand stack, so at a return the returned value waits in a local of its own
 * while the hook runs (set to zero at entry, since every later frame of the method declares it). On the path
 * that does not fail the guard is a jump over the handler: the JIT compiles the handler as an uncommon trap.
 *
 * <p><b>Frames.</b> Every frame this inserter writes (the guards' handlers, the instruction after each
 * guard, the exit-on-throw handler) is the method's entry frame: its parameters plus our locals, which are
 * set before the body starts (the exception, only in its handler, after it is stored). Where a hook runs
 * that frame holds, as javac writes code: the parameters keep their types, a return leaves nothing but the
 * returned value on the stack, and no handler of the method covers a return (its range ends before it).
 * The locals the body adds are left out (top), which the code after a guard never reads: the body's
 * first instruction, a return, or a rethrow. So no instruction of the method is analysed, and nothing is
 * recomputed (see {@link ClassWeaver}); woven code that broke this would fail the JVM's verifier, which
 * {@code WovenCodeVerifiesIT} runs on every woven class, the JDK's included.
 *
 * <p>Code is emitted through {@link GeneratorAdapter}'s helpers, which write below the local-variable
 * renumbering; the original code's locals are renumbered around ours.
 */
final class HookInserter extends GeneratorAdapter {
    private static final Type HEALTH = Type.getObjectType("io/github/ompt4j/hooks/AdapterHealth");
    private static final Method HOOK_FAILED = Method.getMethod("void hookFailed(Throwable, String, String)");

    private final MethodWeaving weaving;
    private final ClassWeaver owner;
    private final String methodName;
    private final boolean isStatic;
    /** The locals of the method's first frame, in the original numbering (the renumbering adds ours). */
    private final Object[] parameters;
    /** Whether hook calls get their guard: not for a {@link #check}, where no code runs and nothing can fail. */
    private final boolean guarding;
    private final Label bodyStart = new Label();
    /** The guards' handlers, put first in the exception table. */
    private final List<Label[]> guards = new ArrayList<>();
    /** The method's own handlers, put after the guards'. */
    private final List<Object[]> ownHandlers = new ArrayList<>();
    private int enteredLocal = -1;
    /** At a return: the returned value, kept aside while the exit hook runs. */
    private int returnedLocal = -1;
    /** In the exit-on-throw handler: the exception, kept aside while the hook's arguments are pushed. */
    private int thrownLocal = -1;

    private HookInserter(MethodVisitor next, int access, String name, String descriptor, MethodWeaving weaving,
            ClassWeaver owner, boolean guarding) {
        super(ClassWeaver.API, next, access, name, descriptor);
        this.guarding = guarding;
        this.weaving = weaving;
        this.owner = owner;
        this.methodName = name;
        this.isStatic = (access & Opcodes.ACC_STATIC) != 0;
        this.parameters = parameterFrame();
    }

    /** Inserts {@code weaving}'s hooks into the method the class writer's {@code next} writes. */
    static HookInserter into(MethodVisitor next, int access, String name, String descriptor, MethodWeaving weaving,
            ClassWeaver owner) {
        return new HookInserter(next, access, name, descriptor, weaving, owner, true);
    }

    /**
     * Inserts the hooks into an empty body of the method's signature (enter, a return, the handler of an exit on
     * throw), which meets every check of the woven types, fields and arguments, and throws the result away.
     */
    static void check(int access, String name, String descriptor, MethodWeaving weaving, ClassWeaver owner) {
        HookInserter empty = new HookInserter(new MethodVisitor(ClassWeaver.API) { }, access, name, descriptor, weaving,
                owner, false);
        empty.visitCode();
        Type returned = Type.getReturnType(descriptor);
        if (returned.getSort() != Type.VOID) {
            empty.pushZero(returned);
        }
        empty.visitInsn(returned.getOpcode(Opcodes.IRETURN));
        empty.visitMaxs(0, 0);
        empty.visitEnd();
    }

    @Override
    public void visitCode() {
        super.visitCode();
        if (weaving.enter != null && weaving.enter.result == Hook.Result.ENTERED) {
            enteredLocal = newLocal(weaving.enter.returnType);
            pushZero(weaving.enter.returnType);
            storeLocal(enteredLocal);
        }
        if (weaving.exit != null && getReturnType().getSort() != Type.VOID) {
            returnedLocal = newLocal(getReturnType());
            pushZero(getReturnType());
            storeLocal(returnedLocal);
        }
        if (weaving.enter != null) {
            guarded(weaving.enter, false);
            // The body's first instruction may carry a frame of its own, which may not share the guard's offset.
            visitInsn(Opcodes.NOP);
        }
        if (weaving.exitOnThrow) {
            mark(bodyStart);
        }
    }

    @Override
    public void visitInsn(int opcode) {
        if (weaving.exit != null && opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
            if (returnedLocal >= 0) {
                storeLocal(returnedLocal);
            }
            guarded(weaving.exit, false);
            if (returnedLocal >= 0) {
                loadLocal(returnedLocal);
            }
        }
        super.visitInsn(opcode);
    }

    @Override
    public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
        ownHandlers.add(new Object[] {start, end, handler, type});
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        Label bodyEnd = new Label();
        Label handler = new Label();
        if (weaving.exitOnThrow) {
            mark(bodyEnd);
            mark(handler);
            entryFrame(new Object[] {"java/lang/Throwable"});
            thrownLocal = newLocal(Type.getType(Throwable.class));
            storeLocal(thrownLocal);
            guarded(weaving.exit, true);
            loadLocal(thrownLocal);
            throwException();
        }
        for (Label[] guard : guards) {
            mv.visitTryCatchBlock(guard[0], guard[1], guard[2], "java/lang/Throwable");
        }
        for (Object[] h : ownHandlers) {
            mv.visitTryCatchBlock((Label) h[0], (Label) h[1], (Label) h[2], (String) h[3]);
        }
        if (weaving.exitOnThrow) {
            // After the original handlers, which were all declared before the body's first label.
            mv.visitTryCatchBlock(bodyStart, bodyEnd, handler, "java/lang/Throwable");
        }
        super.visitMaxs(maxStack, maxLocals);
    }

    /**
     * Emits a guarded hook call ({@code onThrow}: in the exception handler, where the exception is in
     * {@link #thrownLocal}). The operand stack must hold nothing of the method's own: a handler empties it.
     */
    private void guarded(Hook hook, boolean onThrow) {
        if (!guarding) {
            call(hook, onThrow);
            return;
        }
        Label start = mark();
        call(hook, onThrow);
        Label end = mark();
        Label done = new Label();
        goTo(done);
        Label handler = mark();
        entryFrame(new Object[] {"java/lang/Throwable"});
        push(owner.adapter());
        push(hook.owner.substring(hook.owner.lastIndexOf('/') + 1) + "." + hook.name);
        invokeStatic(HEALTH, HOOK_FAILED);
        if (hook.result == Hook.Result.ENTERED) {
            pushZero(hook.returnType);
            storeLocal(enteredLocal);
        } else if (hook.result == Hook.Result.FIELD) {
            loadThis();
            pushZero(hook.returnType);
            storeField(hook);
        }
        mark(done);
        entryFrame(new Object[0]);
        guards.add(new Label[] {start, end, handler});
    }

    /**
     * A frame of the method's parameters and our locals (see the class note), with {@code stack}: written through
     * the renumbering, which adds our locals to the parameters.
     */
    private void entryFrame(Object[] stack) {
        visitFrame(Opcodes.F_NEW, parameters.length, parameters, stack.length, stack);
    }

    private Object[] parameterFrame() {
        Type[] args = getArgumentTypes();
        Object[] locals = new Object[args.length + (isStatic ? 0 : 1)];
        int i = 0;
        if (!isStatic) {
            locals[i++] = owner.internalName();
        }
        for (Type a : args) {
            locals[i++] = frameType(a);
        }
        return locals;
    }

    private static Object frameType(Type t) {
        switch (t.getSort()) {
            case Type.BOOLEAN:
            case Type.BYTE:
            case Type.CHAR:
            case Type.SHORT:
            case Type.INT:
                return Opcodes.INTEGER;
            case Type.LONG:
                return Opcodes.LONG;
            case Type.FLOAT:
                return Opcodes.FLOAT;
            case Type.DOUBLE:
                return Opcodes.DOUBLE;
            default:
                return t.getInternalName();
        }
    }

    /** Emits a hook call and what becomes of its result. */
    private void call(Hook hook, boolean onThrow) {
        if (hook.result == Hook.Result.FIELD) {
            requireInstance(hook);
            loadThis();
        }
        for (int i = 0; i < hook.values.size(); i++) {
            Value v = hook.values.get(i);
            Type type = load(v, hook, onThrow);
            check(hook, i, v, type);
        }
        invokeStatic(Type.getObjectType(hook.owner), new Method(hook.name, hook.descriptor));
        switch (hook.result) {
            case ENTERED:
                storeLocal(enteredLocal);
                break;
            case FIELD:
                storeField(hook);
                break;
            case RETURN:
                storeLocal(returnedLocal);
                break;
            default:
                if (hook.returnType.getSize() == 2) {
                    pop2();
                } else if (hook.returnType.getSize() == 1) {
                    pop();
                }
        }
    }

    private void storeField(Hook hook) {
        ClassWeaver.FieldInfo f = hook.resultFieldDescriptor != null
                ? new ClassWeaver.FieldInfo(hook.resultFieldDescriptor, false) : owner.field(hook.resultField);
        if (f.isStatic()) {
            throw new WeavingException(where(hook) + ": " + hook.resultField + " is static");
        }
        check(hook, -1, null, Type.getType(f.descriptor()));
        putField(Type.getObjectType(owner.internalName()), hook.resultField, Type.getType(f.descriptor()));
    }

    /** Pushes {@code v}; returns its type. */
    private Type load(Value v, Hook hook, boolean onThrow) {
        Type type;
        switch (v.kind) {
            case THIS:
                requireInstance(hook);
                loadThis();
                type = Type.getObjectType(owner.internalName());
                break;
            case ARG:
                type = argument(hook, v.index);
                loadArg(v.index);
                break;
            case FIELD:
                type = loadField(v, hook);
                break;
            case ARG_FIELD:
                type = loadArgField(v, hook);
                break;
            case RETURNED:
                type = getReturnType();
                if (returnedLocal < 0) {
                    throw new WeavingException(where(hook) + ": no returned value here");
                }
                // Zero in the exit-on-throw handler: the local is not set there.
                loadLocal(returnedLocal);
                break;
            case THROWN:
                type = Type.getType(Throwable.class);
                if (onThrow) {
                    loadLocal(thrownLocal);
                } else {
                    push((String) null);
                }
                break;
            case ENTERED:
                type = weaving.enter.returnType;
                loadLocal(enteredLocal);
                break;
            default:
                type = Type.INT_TYPE;
                push(v.index);
        }
        return followSteps(v, type);
    }

    private Type loadField(Value v, Hook hook) {
        ClassWeaver.FieldInfo f = v.descriptor != null ? new ClassWeaver.FieldInfo(v.descriptor, false) : owner.field(v.name);
        Type type = Type.getType(f.descriptor());
        if (f.isStatic()) {
            getStatic(Type.getObjectType(owner.internalName()), v.name, type);
        } else {
            requireInstance(hook);
            loadThis();
            getField(Type.getObjectType(owner.internalName()), v.name, type);
        }
        return type;
    }

    private Type loadArgField(Value v, Hook hook) {
        Type arg = argument(hook, v.index);
        if (!arg.getInternalName().equals(owner.internalName())) {
            throw new WeavingException(where(hook) + ": argument " + v.index + " is a " + arg.getClassName()
                    + ", not the woven type");
        }
        Type type = Type.getType(owner.field(v.name).descriptor());
        loadArg(v.index);
        getField(arg, v.name, type);
        return type;
    }

    private Type followSteps(Value v, Type start) {
        Type type = start;
        for (Value.Step step : v.steps) {
            if (step.opcode() == Opcodes.GETFIELD) {
                type = Type.getType(step.descriptor());
                getField(Type.getObjectType(step.owner()), step.name(), type);
            } else {
                invokeVirtual(Type.getObjectType(step.owner()), new Method(step.name(), step.descriptor()));
                type = Type.getReturnType(step.descriptor());
            }
        }
        return type;
    }

    /** A kept or returned value's zero: what a method that threw "returns", what a hook that failed "kept". */
    private void pushZero(Type type) {
        switch (type.getSort()) {
            case Type.LONG:
                push(0L);
                break;
            case Type.FLOAT:
                push(0f);
                break;
            case Type.DOUBLE:
                push(0d);
                break;
            case Type.OBJECT:
            case Type.ARRAY:
                push((String) null);
                break;
            default:
                push(0);
        }
    }

    private Type argument(Hook hook, int index) {
        Type[] args = getArgumentTypes();
        if (index < 0 || index >= args.length) {
            throw new WeavingException(where(hook) + ": the method has no argument " + index);
        }
        return args[index];
    }

    /**
     * A value fits a hook parameter of the same type, or of type {@code Object} if it is a reference;
     * argument -1 is the hook's result going into a field.
     */
    private void check(Hook hook, int i, Value v, Type actual) {
        Type wanted = i < 0 ? hook.returnType : hook.parameters[i];
        Type from = i < 0 ? wanted : actual;
        Type to = i < 0 ? actual : wanted;
        boolean fits = from.equals(to) || (to.getDescriptor().equals("Ljava/lang/Object;")
                && (from.getSort() == Type.OBJECT || from.getSort() == Type.ARRAY));
        if (!fits) {
            throw new WeavingException(where(hook) + ": " + (v == null ? "its result" : v.toString()) + " is a "
                    + from.getClassName() + ", the hook wants a " + to.getClassName());
        }
    }

    private void requireInstance(Hook hook) {
        if (isStatic) {
            throw new WeavingException(where(hook) + ": a static method has no this");
        }
    }

    private String where(Hook hook) {
        return owner.internalName().replace('/', '.') + "." + methodName + " → " + hook + " (JVM " + Runtime.version() + ")";
    }
}
