package io.github.ompt4j.jfr;

import io.github.ompt4j.model.CallSites;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Call-site tokens as text, for the {@code callSite} fields, and by method. {@link CallSites#describe} takes a lock;
 * this cache answers from a plain array indexed by token (tokens are small: 1, 2, 3 ... in the order call sites
 * were first seen), so an event pays a bounds check and a load. The array only grows; a racing reader may
 * miss a fresh entry and ask {@link CallSites} again, which gives the same {@code String}.
 */
final class CallSiteNames {
    private volatile Site[] sites = new Site[64];
    /** The first call site seen in each method ({@code Class.method}), guarded by this. */
    private final Map<String, Long> methods = new HashMap<>();

    /** A call site's text, and the token of the first call site seen in its method. */
    private static final class Site {
        final String name;
        final long method;

        Site(String name, long method) {
            this.name = name;
            this.method = method;
        }
    }

    /** The text of {@code token}, or {@code null} when it is 0 or unknown. */
    String of(long token) {
        Site site = site(token);
        return site == null ? null : site.name;
    }

    /**
     * The call site that stands for {@code token}'s method: the first one seen in it, so that two call sites are in
     * one method when this is equal; 0 when {@code token} is 0 or unknown.
     */
    long method(long token) {
        Site site = site(token);
        return site == null ? 0 : site.method;
    }

    private Site site(long token) {
        Site[] cached = sites;
        if (token > 0 && token < cached.length) {
            Site site = cached[(int) token];
            if (site != null) {
                return site;
            }
        }
        return token > 0 ? remember(token) : null;
    }

    private synchronized Site remember(long token) {
        String name = CallSites.describe(token);
        if (name == null) {
            return null;
        }
        int end = name.indexOf('(');
        Site site = new Site(name, methods.computeIfAbsent(end < 0 ? name : name.substring(0, end), m -> token));
        if (token >= Integer.MAX_VALUE) {
            return site;
        }
        Site[] grown = sites;
        if (token >= grown.length) {
            grown = Arrays.copyOf(grown, Math.max(grown.length * 2, (int) token + 1));
        }
        grown[(int) token] = site;
        sites = grown;
        return site;
    }
}
