package io.github.ompt4j.adapters.weave;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.GeneratorAdapter;

/**
 * Inserts one method's hooks. The enter hook runs first (its kept result goes into a new local). The
 * exit hook runs before every return and, for {@link MethodWeaving#exitAlways}, in a handler that covers
 * the whole original body, placed last in the exception table so the method's own handlers still come
 * first, and rethrows; the handler keeps the exception in a new local while it calls the hook, which then
 * receives the return type's zero as the returned value. The handler's frame is the method's parameters plus the new local, which every
 * instruction of the body has (the local is set before the body starts).
 *
 * <p>Code is emitted through {@link GeneratorAdapter}'s helpers, which write below the local-variable
 * renumbering; the original code's locals are renumbered around ours.
 */
final class HookInserter extends GeneratorAdapter {
    private final MethodWeaving weaving;
    private final ClassWeaver owner;
    private final String methodName;
    private final boolean isStatic;
    private final Label bodyStart = new Label();
    private int enteredLocal = -1;
    /** In the exit-on-throw handler: the exception, kept aside while the hook's arguments are pushed. */
    private int thrownLocal = -1;

    HookInserter(MethodVisitor next, int access, String name, String descriptor, MethodWeaving weaving,
            ClassWeaver owner) {
        super(ClassWeaver.API, next, access, name, descriptor);
        this.weaving = weaving;
        this.owner = owner;
        this.methodName = name;
        this.isStatic = (access & Opcodes.ACC_STATIC) != 0;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        if (weaving.enter != null) {
            if (weaving.enter.result == Hook.Result.ENTERED) {
                enteredLocal = newLocal(weaving.enter.returnType);
            }
            call(weaving.enter, false, false);
        }
        if (weaving.exitOnThrow) {
            mark(bodyStart);
        }
    }

    @Override
    public void visitInsn(int opcode) {
        if (weaving.exit != null && opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
            call(weaving.exit, true, false);
        }
        super.visitInsn(opcode);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        if (weaving.exitOnThrow) {
            Label bodyEnd = new Label();
            Label handler = new Label();
            mark(bodyEnd);
            mark(handler);
            visitFrame(Opcodes.F_NEW, parameterFrame().length, parameterFrame(), 1, new Object[] {"java/lang/Throwable"});
            thrownLocal = newLocal(Type.getType(Throwable.class));
            storeLocal(thrownLocal);
            call(weaving.exit, false, true);
            loadLocal(thrownLocal);
            throwException();
            // After the original handlers, which were all declared before the body's first label.
            mv.visitTryCatchBlock(bodyStart, bodyEnd, handler, "java/lang/Throwable");
        }
        super.visitMaxs(maxStack, maxLocals);
    }

    /** The locals of the method's first frame, in the original numbering (the renumbering adds ours). */
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

    /**
     * Emits a hook call. At a return ({@code atReturn}) the returned value is on the stack; in the
     * exception handler ({@code onThrow}) the exception is.
     */
    private void call(Hook hook, boolean atReturn, boolean onThrow) {
        if (hook.result == Hook.Result.FIELD) {
            requireInstance(hook);
            loadThis();
        }
        for (int i = 0; i < hook.values.size(); i++) {
            Value v = hook.values.get(i);
            Type type = load(v, hook, atReturn, onThrow);
            check(hook, i, v, type);
        }
        invokeStatic(Type.getObjectType(hook.owner), new org.objectweb.asm.commons.Method(hook.name, hook.descriptor));
        switch (hook.result) {
            case ENTERED:
                storeLocal(enteredLocal);
                break;
            case FIELD:
                ClassWeaver.FieldInfo f = hook.resultFieldDescriptor != null
                        ? new ClassWeaver.FieldInfo(hook.resultFieldDescriptor, false) : owner.field(hook.resultField);
                if (f.isStatic()) {
                    throw new WeavingException(where(hook) + ": " + hook.resultField + " is static");
                }
                check(hook, -1, null, Type.getType(f.descriptor()));
                putField(Type.getObjectType(owner.internalName()), hook.resultField, Type.getType(f.descriptor()));
                break;
            case RETURN:
                break;
            default:
                if (hook.returnType.getSize() == 2) {
                    pop2();
                } else if (hook.returnType.getSize() == 1) {
                    pop();
                }
        }
    }

    /** Pushes {@code v}; returns its type. */
    private Type load(Value v, Hook hook, boolean atReturn, boolean onThrow) {
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
            case FIELD: {
                ClassWeaver.FieldInfo f = v.descriptor != null ? new ClassWeaver.FieldInfo(v.descriptor, false)
                        : owner.field(v.name);
                type = Type.getType(f.descriptor());
                if (f.isStatic()) {
                    getStatic(Type.getObjectType(owner.internalName()), v.name, type);
                } else {
                    requireInstance(hook);
                    loadThis();
                    getField(Type.getObjectType(owner.internalName()), v.name, type);
                }
                break;
            }
            case ARG_FIELD: {
                Type arg = argument(hook, v.index);
                if (!arg.getInternalName().equals(owner.internalName())) {
                    throw new WeavingException(where(hook) + ": argument " + v.index + " is a " + arg.getClassName()
                            + ", not the woven type");
                }
                ClassWeaver.FieldInfo f = owner.field(v.name);
                type = Type.getType(f.descriptor());
                loadArg(v.index);
                getField(arg, v.name, type);
                break;
            }
            case RETURNED:
                type = getReturnType();
                if (onThrow && hook.result != Hook.Result.RETURN && type.getSort() != Type.VOID) {
                    pushZero(type);
                    break;
                }
                if (!atReturn || type.getSort() == Type.VOID) {
                    throw new WeavingException(where(hook) + ": no returned value here");
                }
                if (hook.result != Hook.Result.RETURN) {
                    if (type.getSize() == 2) {
                        dup2();
                    } else {
                        dup();
                    }
                }
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
        for (Value.Step step : v.steps) {
            if (step.opcode() == Opcodes.GETFIELD) {
                type = Type.getType(step.descriptor());
                getField(Type.getObjectType(step.owner()), step.name(), type);
            } else {
                invokeVirtual(Type.getObjectType(step.owner()), new org.objectweb.asm.commons.Method(step.name(),
                        step.descriptor()));
                type = Type.getReturnType(step.descriptor());
            }
        }
        return type;
    }

    /** What a method that threw "returns" to an exit hook: its return type's zero. */
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
