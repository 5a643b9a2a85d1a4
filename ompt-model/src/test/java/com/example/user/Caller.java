package com.example.user;

import io.github.ompt4j.model.CallSites;

/** Application code, outside every runtime package, that enters "the runtime" (here: CallSites itself). */
public final class Caller {
    private Caller() {
    }

    public static long enterRuntime() {
        return CallSites.caller("io.github.ompt4j.omp.");
    }
}
