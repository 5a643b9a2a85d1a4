package io.github.ompt4j.agent.it;

import io.github.ompt4j.model.OmptLookup;
import io.github.ompt4j.model.OmptTool;

/** A tool whose initializer throws: the application must run anyway. */
public final class FailingTool implements OmptTool {
    @Override
    public void initialize(OmptLookup lookup, String runtimeVersion, int omptVersion) {
        throw new IllegalStateException("this tool is broken");
    }
}
