package io.github.ompt4j.adapters.weave;

/** A type cannot be woven as declared: a method or field is missing, or a value does not fit its hook. */
public final class WeavingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    WeavingException(String message) {
        super(message);
    }
}
