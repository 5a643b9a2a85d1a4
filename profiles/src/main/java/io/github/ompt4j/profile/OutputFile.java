package io.github.ompt4j.profile;

/**
 * The files {@code report} can write, each named by its flag. The agent's exit-time options map onto these
 * flags, so a new output is added here once.
 */
public enum OutputFile {
    HTML("--html"),
    COLLAPSED("--collapsed"),
    TEXT("--text"),
    TIMELINE("--timeline"),
    PPROF("--pprof"),
    OTLP("--otlp"),
    CHROME_TRACE("--chrome-trace");

    private final String flag;

    OutputFile(String flag) {
        this.flag = flag;
    }

    public String flag() {
        return flag;
    }

    /** The output of {@code flag}, null if it names none. */
    static OutputFile byFlag(String flag) {
        for (OutputFile f : values()) {
            if (f.flag.equals(flag)) {
                return f;
            }
        }
        return null;
    }
}
