package io.github.ompt4j.adapters;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.pool.TypePool;

/** The weaving of one target type: which type, and which advice goes on which of its methods. */
public interface TypeInstrumentation {
    /** The fully qualified name of the woven type (matched by name: cheap, no type pool). */
    String typeName();

    /** Add this type's advice to {@code builder}. */
    DynamicType.Builder<?> weave(DynamicType.Builder<?> builder);

    /**
     * The advice in {@code adviceClass}, read from its class file. {@code Advice.to(Class)} would
     * describe it by reflection, which loads the types its methods name, such as the very class being
     * woven, while that class is being defined: a duplicate class definition.
     */
    static Advice advice(Class<?> adviceClass) {
        ClassFileLocator locator = ClassFileLocator.ForClassLoader.of(adviceClass.getClassLoader());
        return Advice.to(TypePool.Default.of(locator).describe(adviceClass.getName()).resolve(), locator);
    }
}
