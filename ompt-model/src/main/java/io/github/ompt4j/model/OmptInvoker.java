package io.github.ompt4j.model;

/** Who invokes the master task of a region (TR2 A.3 {@code ompt_invoker_t}): the program (the encountering thread runs its own implicit task) or the runtime. */
public enum OmptInvoker implements Codes.Coded {
    PROGRAM(0),
    RUNTIME(1);

    private static final OmptInvoker[] BY_CODE = Codes.index(values());

    private final int code;
    private final String ompName;

    OmptInvoker(int code) {
        this.code = code;
        this.ompName = "ompt_invoker_" + Codes.lowerName(this);
    }

    /** The numeric code. */
    public int code() {
        return code;
    }

    /** The spec's name, {@code ompt_invoker_...}. */
    public String ompName() {
        return ompName;
    }

    /** The constant with this code, or {@code null} if there is none. */
    public static OmptInvoker ofCode(int code) {
        return Codes.lookup(BY_CODE, code);
    }
}
