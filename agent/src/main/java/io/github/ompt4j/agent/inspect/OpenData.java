package io.github.ompt4j.agent.inspect;

import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.management.openmbean.ArrayType;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.CompositeDataSupport;
import javax.management.openmbean.CompositeType;
import javax.management.openmbean.OpenDataException;
import javax.management.openmbean.OpenType;
import javax.management.openmbean.SimpleType;

/**
 * Records as JMX open data: a record is a {@link CompositeData} whose items are its components, a
 * {@code List} of records an array of those, {@code long[]} a primitive array, numbers, booleans and strings
 * themselves. Open data is what JMC's MBean browser, {@code jconsole} and a JMX client without our classes
 * (the {@code inspect} command) can read; deriving it from the records keeps one definition of each view.
 */
final class OpenData {
    private static final Map<Class<?>, CompositeType> TYPES = new ConcurrentHashMap<>();
    private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
        @Override
        protected Shape computeValue(Class<?> record) {
            return new Shape(record);
        }
    };

    private OpenData() {
    }

    static CompositeType typeOf(Class<?> record) {
        CompositeType known = TYPES.get(record);
        if (known != null) {
            return known;
        }
        RecordComponent[] components = record.getRecordComponents();
        String[] names = new String[components.length];
        OpenType<?>[] types = new OpenType<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            names[i] = components[i].getName();
            types[i] = openType(components[i].getGenericType());
        }
        try {
            CompositeType type = new CompositeType(record.getSimpleName(), record.getSimpleName(), names, names, types);
            TYPES.put(record, type);
            return type;
        } catch (OpenDataException e) {
            throw new IllegalArgumentException(record + " has no open type", e);
        }
    }

    static OpenType<?> openType(Type type) {
        try {
            if (type == long.class) {
                return SimpleType.LONG;
            } else if (type == int.class) {
                return SimpleType.INTEGER;
            } else if (type == boolean.class) {
                return SimpleType.BOOLEAN;
            } else if (type == String.class) {
                return SimpleType.STRING;
            } else if (type == long[].class) {
                return ArrayType.getPrimitiveArrayType(long[].class);
            } else if (type instanceof Class<?> c && c.isRecord()) {
                return typeOf(c);
            } else if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
                return new ArrayType<>(1, openType(p.getActualTypeArguments()[0]));
            }
        } catch (OpenDataException e) {
            throw new IllegalArgumentException(type + " has no open type", e);
        }
        throw new IllegalArgumentException(type + " has no open type");
    }

    /** {@code value}, of the component type {@code type} (a list's elements are records), as open data. */
    static Object toOpen(Object value, Type type) {
        if (value == null) {
            return null;
        }
        if (type instanceof ParameterizedType) {
            List<?> list = (List<?>) value;
            CompositeData[] array = new CompositeData[list.size()];
            for (int i = 0; i < array.length; i++) {
                array[i] = toComposite(list.get(i));
            }
            return array;
        }
        return value.getClass().isRecord() ? toComposite(value) : value;
    }

    static CompositeData toComposite(Object record) {
        Shape shape = SHAPES.get(record.getClass());
        Object[] values = new Object[shape.names.length];
        try {
            for (int i = 0; i < values.length; i++) {
                values[i] = toOpen(shape.accessors[i].invoke(record), shape.types[i]);
            }
            return new CompositeDataSupport(shape.type, shape.names, values);
        } catch (ReflectiveOperationException | OpenDataException e) {
            throw new IllegalStateException("cannot convert " + record.getClass() + " to open data", e);
        }
    }

    /**
     * A record class's components, read once: {@link Class#getRecordComponents()} copies every component and
     * its accessor at each call, which for an answer of a thousand threads was most of what a read allocated.
     */
    private static final class Shape {
        final CompositeType type;
        final String[] names;
        final Method[] accessors;
        final Type[] types;

        Shape(Class<?> record) {
            RecordComponent[] components = record.getRecordComponents();
            type = typeOf(record);
            names = new String[components.length];
            accessors = new Method[components.length];
            types = new Type[components.length];
            for (int i = 0; i < components.length; i++) {
                names[i] = components[i].getName();
                accessors[i] = components[i].getAccessor();
                types[i] = components[i].getGenericType();
            }
        }
    }
}
