package io.github.ompt4j.jfr;

import io.github.ompt4j.model.CallSites;
import java.util.Arrays;

/**
 * Call-site tokens as text, for the {@code callSite} fields. {@link CallSites#describe} takes a lock; this
 * cache answers from a plain array indexed by token (tokens are small: 1, 2, 3 ... in the order call sites
 * were first seen), so an event pays a bounds check and a load. The array only grows; a racing reader may
 * miss a fresh entry and ask {@link CallSites} again, which gives the same {@code String}.
 */
final class CallSiteNames {
    private volatile String[] names = new String[64];

    /** The text of {@code token}, or {@code null} when it is 0 or unknown. */
    String of(long token) {
        String[] cached = names;
        if (token > 0 && token < cached.length) {
            String name = cached[(int) token];
            if (name != null) {
                return name;
            }
        }
        return token > 0 ? remember(token) : null;
    }

    private synchronized String remember(long token) {
        String name = CallSites.describe(token);
        if (name == null || token >= Integer.MAX_VALUE) {
            return name;
        }
        String[] grown = names;
        if (token >= grown.length) {
            grown = Arrays.copyOf(grown, Math.max(grown.length * 2, (int) token + 1));
        }
        grown[(int) token] = name;
        names = grown;
        return name;
    }
}
