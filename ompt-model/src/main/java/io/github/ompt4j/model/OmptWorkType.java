package io.github.ompt4j.model;

/**
 * Worksharing types (TR2 A.3 {@code ompt_worksharing_type_t}: loop 0, sections 1, single 2,
 * workshare 3).
 *
 * <p>TR2's {@code single} is the thread that executes the block; the other threads of the team also
 * encounter the construct, and a loop is worth more with the schedule it ran with. Those refinements
 * are implementation-defined types (codes from 128 on), as OpenMP 5.x later defined them
 * ({@code ompt_work_single_other}, {@code ompt_work_loop_static} ...); {@link #generic()} names the
 * TR2 type each refines.
 */
public enum OmptWorkType implements Codes.Coded {
    LOOP(0, null),
    SECTIONS(1, null),
    SINGLE(2, null),
    WORKSHARE(3, null),
    SINGLE_OTHER(128, SINGLE),
    LOOP_STATIC(129, LOOP),
    LOOP_DYNAMIC(130, LOOP),
    LOOP_GUIDED(131, LOOP),
    LOOP_AUTO(132, LOOP);

    private static final OmptWorkType[] BY_CODE = Codes.index(values());

    private final int code;
    private final OmptWorkType generic;
    private final String ompName;

    OmptWorkType(int code, OmptWorkType generic) {
        this.code = code;
        this.generic = generic == null ? this : generic;
        this.ompName = "ompt_worksharing_" + Codes.lowerName(this);
    }

    public int code() {
        return code;
    }

    public String ompName() {
        return ompName;
    }

    /** The TR2 type this one refines (itself for TR2's own types). */
    public OmptWorkType generic() {
        return generic;
    }

    public static OmptWorkType ofCode(int code) {
        return Codes.lookup(BY_CODE, code);
    }
}
