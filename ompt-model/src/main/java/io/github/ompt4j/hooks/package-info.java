/**
 * What woven code calls: one small package of hooks per framework, on the bootstrap class path with
 * the model, because code woven into {@code java.util.concurrent} (loaded by the bootstrap loader) can
 * link only to classes that loader sees. Hooks depend on the JDK and the model only.
 *
 * <p><b>Contract.</b> Woven code is a static call with values read where it runs (arguments, fields,
 * the returned value), so all logic lives here, where it can be unit-tested. A hook first tests its
 * adapter's {@link io.github.ompt4j.hooks.AdapterHealth#active()}. It holds no {@code try}/{@code catch}:
 * the weaver guards every call it inserts, and woven code hands what a hook throws to the weaving adapter's
 * health, whose first failure disables the adapter with one warning, and goes on as if the hook had
 * returned zero (null, false: nothing began). So a hook's failure never reaches the application, and its
 * code is the model's operations alone.
 * A hook that begins something returns whether it did; the woven code keeps that and passes it to the
 * matching end, so an end is never reported without its begin, even when a tool starts in between.
 * Hooks take library types as {@code Object}: the library is loaded by the application's loader, which
 * the bootstrap loader cannot see.
 */
package io.github.ompt4j.hooks;
